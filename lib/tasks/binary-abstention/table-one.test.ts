// BouncerBench Table I from the shipped annotations (issue 33): all three blocks — issue
// specification, test validity, other issues — reproduced from the release's own file, to the count.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { bouncerDistributions } from "./distributions";
import { parseBounceReleaseRow, type BounceTruth } from "./schemas";

const csv = fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/ensembled_annotations_public.csv"), "utf8");
const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

describe("Table I (1,699 annotated SWE-bench Verified cases)", () => {
  const truth: BounceTruth[] = rows.map((r) => {
    const p = parseBounceReleaseRow(r, "input");
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    return p.value.truth;
  });
  const table = Object.fromEntries(
    bouncerDistributions(truth, []).map((d) => [d.title, Object.fromEntries(d.rows.map((x) => [x.value, x.n]))]),
  );

  it("issue specification: 396 / 653 / 542 / 108", () => {
    expect(Object.values(table["Specification label (paper Table I)"])).toEqual([396, 653, 542, 108]);
  });
  it("test validity: 382 / 278 / 558 / 481", () => {
    expect(Object.values(table["Test validity (paper Table I)"])).toEqual([382, 278, 558, 481]);
  });
  it("other issues: 1,564 no, 135 yes", () => {
    expect(table["Other major issues (paper Table I)"]).toEqual({ no: 1564, yes: 135 });
  });
  it("a row without the optional labels imports all the same", () => {
    const p = parseBounceReleaseRow({ instance_id: "owner__repo-1", underspecified: "2" }, "input");
    expect(p.ok && p.value.truth).toEqual({ bounce: true, label: 2 });
    const q = parseBounceReleaseRow(
      { instance_id: "owner__repo-1", underspecified: "2", false_negative: "7" },
      "input",
    );
    expect(q.ok).toBe(true);
  });
});
