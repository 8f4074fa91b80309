import { describe, expect, it } from "vitest";
import { AppError, formatProblem, type Problem } from "@/lib/errors";
import { binaryAbstention } from "@/lib/tasks/binary-abstention";
import { codeReview } from "@/lib/tasks/code-review";
import type { StoredInstance } from "@/lib/tasks/types";
import { validatePredictionText, validateReleaseFile, type KindTask, type ValidatorOptions } from "./validate";

const task: KindTask = { kind: binaryAbstention, options: { side: "input" } };
const ids = Array.from({ length: 500 }, (_, i) => `astropy__astropy-${12000 + i}`);
const instances: StoredInstance[] = ids.map((externalId) => ({
  externalId,
  truth: { bounce: false, label: 0 },
  metadata: {},
}));

/** The problems of a prediction file that must be refused. */
function problemsOf(text: string, fileName = "p.json", options?: ValidatorOptions, t = task, inst = instances) {
  try {
    validatePredictionText(t, inst, text, fileName, options);
  } catch (e) {
    if (e instanceof AppError) return (e.details as { problems: Problem[] }).problems;
    throw e;
  }
  throw new Error("the file was accepted");
}

describe("problems name their JSONPath", () => {
  it("a JSON array on one line: $[412].<field> for entry 413", () => {
    const rows = ids.map((id) => ({ instance_id: id, input_bounce: false }));
    rows[412] = { instance_id: ids[412], input_bounce: "yes" as unknown as boolean };
    const [p] = problemsOf(JSON.stringify(rows));
    expect(p).toMatchObject({
      instanceId: ids[412],
      field: "input_bounce",
      line: 1,
      row: 413,
      path: "$[412].input_bounce",
      expected: "true or false",
    });
    expect(formatProblem(p)).toContain("row 413, $[412].input_bounce");
  });

  it('an object keyed by instance id: $["<id>"].<field>', () => {
    const text = JSON.stringify({ [ids[0]]: { input_bounce: false }, [ids[1]]: { input_bounce: false, score: 2 } });
    expect(problemsOf(text)).toEqual([
      expect.objectContaining({ instanceId: ids[1], field: "score", line: 1, path: `$["${ids[1]}"].score` }),
    ]);
  });

  it("JSONL: the line, and the path within it", () => {
    const text = [
      { instance_id: ids[0], input_bounce: true },
      { instance_id: ids[1], input_bounce: true },
      { instance_id: ids[2], input_bounce: 1 },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n");
    const [p] = problemsOf(text, "p.jsonl");
    expect(p).toMatchObject({ instanceId: ids[2], field: "input_bounce", line: 3, path: "$.input_bounce" });
    expect(p.row).toBeUndefined();
    expect(formatProblem(p)).toContain("line 3, $.input_bounce");
  });

  it("a row's missing instance_id, a duplicate id, a null prediction and an overflowing number", () => {
    const rows = [
      { input_bounce: true },
      { instance_id: ids[0], input_bounce: true },
      { instance_id: ids[0], input_bounce: true },
    ];
    const got = problemsOf(JSON.stringify(rows));
    expect(got.map((p) => [p.message, p.path])).toEqual([
      ["instance_id is null", "$[0].instance_id"],
      ["duplicate instance id", "$[2].instance_id"],
    ]);
    const keyed = `{"${ids[0]}": null, "${ids[1]}": {"input_bounce": true, "trace": {"steps": [1, 1e309]}}}`;
    expect(problemsOf(keyed).map((p) => [p.field, p.path])).toEqual([
      [undefined, `$["${ids[0]}"]`],
      ["trace.steps.1", `$["${ids[1]}"].trace.steps[1]`],
    ]);
  });

  it("a kind's own relative path is rebased (CR-Bench's bare array of comments)", () => {
    const review: KindTask = { kind: codeReview, options: {} };
    const pr: StoredInstance = {
      externalId: "syn-pr-0001",
      truth: { bug_description: "x", fix_files: ["a.py"], category: "Data", impact: "Usability", severity: "Low" },
      metadata: { repo: "o/r", pr_number: 1, title: "t", diff: "" },
    };
    const text = JSON.stringify({ "syn-pr-0001": [{ file: "a.py", line: 1, comment: "x", judgment: "bug-hitt" }] });
    const [p] = problemsOf(text, "p.json", {}, review, [pr]);
    expect(p).toMatchObject({
      field: "comments[0].judgment",
      path: '$["syn-pr-0001"][0].judgment',
      message: 'is "bug-hitt"; did you mean "bug_hit"?',
    });
  });
});

describe("did you mean", () => {
  it("a near-miss label: WELL_SPECIFED → WELL_SPECIFIED", () => {
    const [p] = problemsOf(JSON.stringify({ [ids[0]]: { label: "WELL_SPECIFED" } }));
    expect(p).toMatchObject({
      field: "label",
      path: `$["${ids[0]}"].label`,
      message: 'unknown label "WELL_SPECIFED"; did you mean "WELL_SPECIFIED"?',
      expected: expect.stringContaining("WELL_SPECIFIED"),
    });
  });

  it("no suggestion for a label that is nothing like one", () => {
    const [p] = problemsOf(JSON.stringify({ [ids[0]]: { label: "SORT_OF_CLEAR" } }));
    expect(p.message).toBe('unknown label "SORT_OF_CLEAR"');
  });

  it("an unknown id one edit from a real one: suggested on a public release", () => {
    const typo = "astropy__astrop-12007"; // one edit from ids[7] only
    const text = JSON.stringify({ [typo]: { input_bounce: true } });
    const [p] = problemsOf(text, "p.json", { suggestIds: true });
    expect(p).toMatchObject({
      instanceId: typo,
      field: "instance_id",
      path: `$["${typo}"]`,
      message: `unknown instance id "${typo}"; did you mean "${ids[7]}"?`,
      expected: "an instance id of the current release",
    });
  });

  it("…and never on a hidden release (the default): its ids do not leave the server", () => {
    const typo = "astropy__astrop-12007";
    const text = JSON.stringify([{ instance_id: typo, input_bounce: true }]);
    for (const options of [undefined, { suggestIds: false }]) {
      const [p] = problemsOf(text, "p.json", options);
      expect(p).toMatchObject({ instanceId: typo, path: "$[0].instance_id" });
      expect(p.message).toBe("unknown instance id: not in the release");
      expect(JSON.stringify(p)).not.toContain(ids[7]);
    }
  });
});

describe("release files", () => {
  const release = (rows: Record<string, unknown>[], fileName: string, asJsonl = false) => {
    const text = asJsonl ? rows.map((r) => JSON.stringify(r)).join("\n") : JSON.stringify(rows);
    try {
      validateReleaseFile(task, text, fileName);
    } catch (e) {
      if (e instanceof AppError) return (e.details as { problems: Problem[] }).problems;
      throw e;
    }
    throw new Error("the file was accepted");
  };
  const good = (id: string) => ({ instance_id: id, input_quality: 1 });

  it("a JSON array: row and $[i].<field>; a duplicate id: $[i].instance_id", () => {
    const got = release([good("a"), { instance_id: "b", input_quality: 7 }, good("a")], "r.json");
    expect(got).toEqual([
      expect.objectContaining({ instanceId: "b", field: "input_quality", row: 2, path: "$[1].input_quality" }),
      expect.objectContaining({ instanceId: "a", field: "instance_id", row: 3, path: "$[2].instance_id" }),
    ]);
  });

  it("JSONL: the line and the path within it", () => {
    const [p] = release([good("a"), good("b"), { instance_id: "c", input_quality: "x" }], "r.jsonl", true);
    expect(p).toMatchObject({ instanceId: "c", line: 3, path: "$.input_quality" });
    expect(p.row).toBeUndefined();
  });

  it("CSV: the row, no path", () => {
    let problems: Problem[] = [];
    try {
      validateReleaseFile(task, "instance_id,input_quality\na,1\nb,seven\n", "r.csv");
    } catch (e) {
      problems = ((e as AppError).details as { problems: Problem[] }).problems;
    }
    expect(problems).toEqual([expect.objectContaining({ instanceId: "b", field: "input_quality", row: 2 })]);
    expect(problems[0].path).toBeUndefined();
  });
});
