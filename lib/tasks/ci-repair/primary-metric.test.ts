// CI-Bench ranks by the paper's headline metric (issue 33): CO over all artifacts, as the
// abstract's "success rates of up to 28%, 35%, and 13% in generating correct patches" are.
import { describe, expect, it } from "vitest";
import { findTaskDef } from "@/lib/tasks/catalog";
import { CI_COLUMNS, CI_PRIMARY_METRIC } from "./columns";
import { ciRepair, parseCiReleaseRow, type CiPrediction } from "./index";

const file = "A.java";
const before = "class A {\n  int f() { return 1; }\n}\n";
const dev = `--- a/${file}\n+++ b/${file}\n@@ -1,3 +1,3 @@\n class A {\n-  int f() { return 1; }\n+  int f() { return 2; }\n }\n`;
const other = dev.replace("return 2;", "return 3;");

function artifact(id: string) {
  const r = parseCiReleaseRow({
    instance_id: id,
    repo: "o/r",
    lang: "Java",
    build_system: "Maven",
    developer_patch: dev,
    files: { [file]: before },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
}

describe("CI-Bench's primary metric", () => {
  it("the catalog ranks ci-bench/repair by CO_rate, a column that says it is the paper's", () => {
    expect(findTaskDef("ci-bench/repair")!.task.primaryMetric).toBe(CI_PRIMARY_METRIC);
    expect(CI_PRIMARY_METRIC).toBe("CO_rate");
    const col = CI_COLUMNS.find((c) => c.key === CI_PRIMARY_METRIC)!;
    expect(col).toMatchObject({ better: "higher", format: "percent1" });
    expect(col.description).toMatch(/paper's headline/);
    // the other columns say whether they are the paper's and how they are defined
    expect(CI_COLUMNS.find((c) => c.key === "SYE_PL")!.description).toMatch(/paper's #SYE/);
    expect(CI_COLUMNS.find((c) => c.key === "SYE")!.description).toMatch(/Not the paper's/);
    expect(CI_COLUMNS.map((c) => c.key)).toEqual(
      expect.arrayContaining(["PG", "PL", "SYE", "CO", "SYE_rate", "SYE_PL", "CO_rate"]),
    );
  });

  it("scores CO / artifacts as the primary value, with every metric by hand", () => {
    const inst = ["a1", "a2", "a3", "a4"].map(artifact);
    const preds: CiPrediction[] = [
      { patch: dev, plausible: true, correct: true }, // PG, PL, SYE, SYE∧PL, CO
      { patch: other, plausible: true, correct: true }, // PG, PL, CO (correct by hand, not equivalent)
      { patch: dev, plausible: false }, // PG, SYE (not reported plausible)
      { patch: null }, // nothing
    ];
    const pairs = inst.map((i, k) => ({ truth: i.truth, metadata: i.metadata, prediction: preds[k] }));
    const s = ciRepair.score(pairs, {});
    expect(s.metrics).toEqual({
      PG: 3,
      PL: 2,
      SYE: 2,
      SYE_PL: 1,
      CO: 2,
      SYE_rate: 0.5,
      SYE_PL_rate: 0.25,
      PG_rate: 0.75,
      PL_rate: 0.5,
      CO_rate: 0.5,
      artifacts: 4,
    });
    expect(s.primaryValue).toBe(0.5);
    // the per-artifact decomposition (bootstrap intervals, rank intervals, breakdowns) is the same metric
    const stats = inst.map((i, k) => ciRepair.primaryStats(i, preds[k], {}));
    expect(stats).toEqual([[1], [1], [0], [0]]);
    expect(ciRepair.primaryFromStats(stats, {})).toBe(0.5);
  });

  it("a tool that reports no CO scores 0: an unreported artifact is not correct", () => {
    const inst = artifact("a1");
    const s = ciRepair.score([{ truth: inst.truth, metadata: inst.metadata, prediction: { patch: dev } }], {});
    expect(s.metrics.SYE_rate).toBe(1);
    expect(s.primaryValue).toBe(0);
  });
});
