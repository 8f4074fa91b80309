// The kinds' blank prediction files (lib/tasks/<kind>/template.ts): each one, read by the kind's own
// upload validation, is refused unfilled with one problem per blank (naming its field) and accepted
// once every blank holds a value — for every task of the catalog.
import { describe, expect, it } from "vitest";
import { AppError, type Problem } from "@/lib/errors";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { buildBounceTemplate } from "./binary-abstention/template";
import { buildPipelineTemplate } from "./bouncer-pipeline/template";
import { CATALOG } from "./catalog";
import { buildCiTemplate } from "./ci-repair/template";
import { buildReviewTemplate } from "./code-review/template";
import { getTaskKind } from "./index";
import { buildAvTemplate } from "./scored-abstention/template";
import type { PredictionTemplate, StoredInstance } from "./types";
import { validatePredictionText, validateReleaseFile, type KindTask } from "./validate";

/** A value for each blank, as a team would fill it (CI-Bench's `patch` is added: the template leaves it out). */
const VALUES: Record<string, unknown> = {
  input_bounce: true,
  output_bounce: false,
  validation_judgment: true,
  score: 0.5,
  input_score: 0.25,
  output_score: 0.75,
  abstention_score: 0.6,
  validation_score: 0.4,
  trace: "looked at the issue",
  comments: [{ file: "src/a.py", line: 3, comment: "off by one", judgment: "noise" }],
  patch: "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n",
};

function fillValue(v: unknown, key?: string): unknown {
  if (v === null) {
    if (!key || !(key in VALUES)) throw new Error(`the test has no value for blank ${key}`);
    return VALUES[key];
  }
  if (Array.isArray(v)) return v.map((x) => fillValue(x));
  if (typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillValue(x, k)]));
  return v;
}

/** The template with every null replaced, and every blank the template leaves out added. */
function filled(t: PredictionTemplate): Record<string, unknown> {
  const file = fillValue(t.file) as Record<string, Record<string, unknown>>;
  for (const b of t.blanks)
    if (!/[[.]/.test(b.field) && !(b.field in file[b.instanceId])) file[b.instanceId][b.field] = VALUES[b.field];
  return file;
}

function problemsOf(task: KindTask, instances: StoredInstance[], text: string): Problem[] {
  try {
    validatePredictionText(task, instances, text, "template.json");
  } catch (e) {
    if (e instanceof AppError) return (e.details as { problems: Problem[] }).problems;
    throw e;
  }
  throw new Error("the unfilled template was accepted");
}

const synthetic = generateSynthetic();
const inputCsv = [
  "instance_id,underspecified,problem_statement",
  ...Array.from({ length: 12 }, (_, i) => `astropy__astropy-${13000 + i},${i % 4},"issue ${i}"`),
].join("\n");

/**
 * A few instances of a release of the task, read as the import reads them (four A&V bugs of 20
 * trajectories: a 422 lists at most 100 problems).
 */
function releaseOf(fullSlug: string, task: KindTask): StoredInstance[] {
  if (fullSlug === "bouncerbench/input") return validateReleaseFile(task, inputCsv, "r.csv").instances;
  const rows = synthetic.find((s) => s.task === fullSlug)!.release.slice(0, 4);
  return validateReleaseFile(task, JSON.stringify(rows), "r.json").instances;
}

const TASKS = CATALOG.flatMap((b) => b.tasks.map((t) => ({ slug: `${b.slug}/${t.slug}`, def: t })));

describe("every task's template", () => {
  it("covers the catalog's six tasks", () => {
    expect(TASKS.map((t) => t.slug)).toEqual(
      expect.arrayContaining([
        "bouncerbench/input",
        "bouncerbench/output",
        "bouncerbench/lite",
        "abstain-validate/repair",
        "ci-bench/repair",
        "cr-bench/review",
      ]),
    );
  });

  it.each(TASKS)("$slug: unfilled, one problem per blank naming its field; filled, none", ({ slug, def }) => {
    const kind = getTaskKind(def.kind);
    const task: KindTask = { kind, options: kind.parseOptions(def.options) };
    const instances = releaseOf(slug, task);
    const t = kind.template!(instances, task.options);
    expect(Object.keys(t.file)).toEqual(instances.map((i) => i.externalId));
    expect(t.blanks.length).toBeGreaterThanOrEqual(instances.length);
    const problems = problemsOf(task, instances, JSON.stringify(t.file));
    const named = (xs: { instanceId?: string; field?: string }[]) => xs.map((p) => `${p.instanceId} ${p.field}`).sort();
    expect(named(problems)).toEqual(named(t.blanks));
    const ok = validatePredictionText(task, instances, JSON.stringify(filled(t)), "filled.json");
    expect(ok.predictions.size).toBe(instances.length);
  });

  it("is built from ids and public metadata only: the truth is never read", () => {
    for (const { slug, def } of TASKS) {
      const kind = getTaskKind(def.kind);
      const options = kind.parseOptions(def.options);
      const sealed = releaseOf(slug, { kind, options }).map((i) =>
        Object.defineProperty({ externalId: i.externalId, metadata: i.metadata }, "truth", {
          get: () => {
            throw new Error(`${slug}: the template read the truth`);
          },
        }),
      );
      expect(() => kind.template!(sealed as unknown as StoredInstance[], options)).not.toThrow();
    }
  });
});

describe("the builders", () => {
  const one = [{ externalId: "a__b-1" }];
  it("BouncerBench Input and Output: the side's bounce field, optional score and trace", () => {
    expect(buildBounceTemplate(one, { side: "input" })).toEqual({
      file: { "a__b-1": { input_bounce: null, score: null, trace: null } },
      blanks: [{ instanceId: "a__b-1", field: "input_bounce" }],
    });
    expect(buildBounceTemplate(one, { side: "output" }).file).toEqual({
      "a__b-1": { output_bounce: null, score: null, trace: null },
    });
  });

  it("Lite: both bounce fields are blanks", () => {
    expect(buildPipelineTemplate(one)).toEqual({
      file: {
        "a__b-1": { input_bounce: null, output_bounce: null, input_score: null, output_score: null, trace: null },
      },
      blanks: [
        { instanceId: "a__b-1", field: "input_bounce" },
        { instanceId: "a__b-1", field: "output_bounce" },
      ],
    });
  });

  it("A&V: the bug's trajectory ids filled in; a validation-only bug has no abstention blank", () => {
    const t = buildAvTemplate([
      { externalId: "bug-1", metadata: { title: "x", trajectories: [{ id: "t1" }, { id: "t2", hasPatch: false }] } },
      { externalId: "bug-2", metadata: { title: "y", validationOnly: true, trajectories: [{ id: "u1" }] } },
    ]);
    const blank = (id: string) => ({ trajectory_id: id, validation_judgment: null, validation_score: null });
    expect(t.file).toEqual({
      "bug-1": { abstention_score: null, trajectories: [blank("t1"), blank("t2")] },
      "bug-2": { abstention_score: null, trajectories: [blank("u1")] },
    });
    expect(t.blanks).toEqual([
      { instanceId: "bug-1", field: "abstention_score" },
      { instanceId: "bug-1", field: "trajectories[0].validation_judgment" },
      { instanceId: "bug-1", field: "trajectories[1].validation_judgment" },
      { instanceId: "bug-2", field: "trajectories[0].validation_judgment" },
    ]);
  });

  it("CI-Bench: ids only (a null patch is an answer), the patch is the blank", () => {
    expect(buildCiTemplate(one)).toEqual({
      file: { "a__b-1": {} },
      blanks: [{ instanceId: "a__b-1", field: "patch" }],
    });
  });

  it("CR-Bench: the comments are the blank", () => {
    expect(buildReviewTemplate(one)).toEqual({
      file: { "a__b-1": { comments: null } },
      blanks: [{ instanceId: "a__b-1", field: "comments" }],
    });
  });

  it("keeps odd ids as own keys (no prototype games); no instance, an empty file", () => {
    const t = buildReviewTemplate([{ externalId: "__proto__" }, { externalId: "constructor" }]);
    expect(Object.keys(t.file)).toEqual(["__proto__", "constructor"]);
    expect(JSON.parse(JSON.stringify(t.file))).toEqual(
      JSON.parse('{ "__proto__": { "comments": null }, "constructor": { "comments": null } }'),
    );
    expect(buildBounceTemplate([], { side: "input" })).toEqual({ file: {}, blanks: [] });
  });
});
