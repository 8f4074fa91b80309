// Table 4's per-class precision/recall and the FPR, by hand and against scikit-learn.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { binaryClassReport } from "./binary-class-report";
import { confusionCounts } from "./confusion-counts";
import { seededRandom } from "./bootstrap-ci";

/** A python with scikit-learn: $PYTHON, then python3 on PATH, then Debian's. */
const PY = [process.env.PYTHON, "python3", "/usr/bin/python3"].find(
  (p) => p && spawnSync(p, ["-c", "import sklearn, numpy"], { encoding: "utf8" }).status === 0,
);
if (!PY && process.env.SKLEARN_REQUIRED === "1") throw new Error("scikit-learn is not importable");

describe("binaryClassReport", () => {
  it("by hand: 2 TP, 1 FP, 1 FN, 4 TN", () => {
    const r = binaryClassReport({ tp: 2, fp: 1, fn: 1, tn: 4 });
    expect(r.true.precision).toBeCloseTo(2 / 3, 12);
    expect(r.true.recall).toBeCloseTo(2 / 3, 12);
    expect(r.true.support).toBe(3);
    expect(r.false).toEqual({ precision: 0.8, recall: 0.8, support: 5 });
    expect(r.fpr).toBeCloseTo(0.2, 12);
  });
  it("0 where a denominator is 0 (nothing accepted, no positives)", () => {
    expect(binaryClassReport({ tp: 0, fp: 0, fn: 0, tn: 3 })).toEqual({
      true: { precision: 0, recall: 0, support: 0 },
      false: { precision: 1, recall: 1, support: 3 },
      fpr: 0,
    });
  });
  it("throws on a negative or fractional count", () => {
    expect(() => binaryClassReport({ tp: -1, fp: 0, fn: 0, tn: 0 })).toThrow(RangeError);
    expect(() => binaryClassReport({ tp: 0.5, fp: 0, fn: 0, tn: 0 })).toThrow(RangeError);
  });
});

describe.skipIf(!PY)("binaryClassReport against scikit-learn", () => {
  const rand = seededRandom(7);
  const cases = Array.from({ length: 25 }, (_, c) => {
    const n = 3 + Math.floor(rand() * 200);
    const t = Array.from({ length: n }, () => (rand() < 0.2 + c / 60 ? 1 : 0));
    const p = t.map((y) => (rand() < (y ? 0.7 : 0.3) ? 1 : 0));
    return { t, p };
  });
  const script = `
import json, sys
from sklearn.metrics import confusion_matrix, precision_recall_fscore_support
out = []
for c in json.load(sys.stdin):
    tn, fp, fn, tp = confusion_matrix(c["t"], c["p"], labels=[0, 1]).ravel()
    P, R, _, S = precision_recall_fscore_support(c["t"], c["p"], labels=[0, 1], zero_division=0)
    out.append({"P": P.tolist(), "R": R.tolist(), "S": S.tolist(), "fpr": float(fp / (fp + tn)) if fp + tn else 0.0})
print(json.dumps(out))
`;
  const r = spawnSync(PY!, ["-c", script], { input: JSON.stringify(cases), encoding: "utf8" });
  const ref = r.status === 0 ? JSON.parse(r.stdout) : [];
  it("reference ran", () => expect(r.stderr).toBe(""));
  it.each(cases.map((c, i) => [i, c] as const))("case %i", (i, c) => {
    const got = binaryClassReport(confusionCounts(c.t, c.p));
    const want = ref[i];
    expect(Math.abs(got.false.precision - want.P[0])).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(got.false.recall - want.R[0])).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(got.true.precision - want.P[1])).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(got.true.recall - want.R[1])).toBeLessThanOrEqual(1e-9);
    expect([got.false.support, got.true.support]).toEqual(want.S);
    expect(Math.abs(got.fpr - want.fpr)).toBeLessThanOrEqual(1e-9);
  });
});
