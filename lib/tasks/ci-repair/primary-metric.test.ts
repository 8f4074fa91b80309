// CI-Bench ranks by the rate the server checks itself, SYE over all artifacts (INTERFACE.md); the
// paper's headline CO (the abstract's "up to 28%, 35%, and 13% … correct patches") is reported by
// the submitter and shown beside it, labelled so (issue 33).
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
  it("the catalog ranks ci-bench/repair by SYE_rate; CO_rate says it is the paper's headline, reported", () => {
    expect(findTaskDef("ci-bench/repair")!.task.primaryMetric).toBe(CI_PRIMARY_METRIC);
    expect(CI_PRIMARY_METRIC).toBe("SYE_rate");
    const col = CI_COLUMNS.find((c) => c.key === CI_PRIMARY_METRIC)!;
    expect(col).toMatchObject({ better: "higher", format: "percent1" });
    expect(col.description).toMatch(/ranking metric/);
    expect(CI_COLUMNS.find((c) => c.key === "CO_rate")!.description).toMatch(/paper's headline/);
    // the other columns say whether they are the paper's and how they are defined
    expect(CI_COLUMNS.find((c) => c.key === "SYE_PL")!.description).toMatch(/paper's #SYE/);
    expect(CI_COLUMNS.find((c) => c.key === "SYE")!.description).toMatch(/Not the paper's/);
    expect(CI_COLUMNS.map((c) => c.key)).toEqual(
      expect.arrayContaining(["PG", "PL", "SYE", "CO", "SYE_rate", "SYE_PL", "CO_rate"]),
    );
  });

  it("scores SYE / artifacts as the primary value, with every metric by hand", () => {
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
    expect(stats).toEqual([[1], [0], [1], [0]]);
    expect(ciRepair.primaryFromStats(stats, {})).toBe(0.5);
  });

  it("a claim is not a rank: a file reporting every patch correct without one equivalent patch ranks at 0", () => {
    const inst = artifact("a1");
    const claimed = { patch: other, plausible: true, correct: true };
    const s = ciRepair.score([{ truth: inst.truth, metadata: inst.metadata, prediction: claimed }], {});
    expect(s.metrics.CO_rate).toBe(1);
    expect(s.primaryValue).toBe(0);
    // and an unreported artifact is not correct
    const u = ciRepair.score([{ truth: inst.truth, metadata: inst.metadata, prediction: { patch: dev } }], {});
    expect(u.metrics).toMatchObject({ SYE_rate: 1, CO_rate: 0 });
  });
});
