import { describe, expect, it } from "vitest";
import {
  averagePrecision,
  bootstrapInterval,
  bouncingMetrics,
  cohenKappa,
  confusionCounts,
  iScore,
  oScore,
  passAtK,
  percentile,
  precisionRecallCurve,
  precisionRecallF1,
  rankData,
  spearman,
  wasserstein,
} from "./index";

const close = (a: number | null, b: number, tol = 1e-6) => {
  expect(a).not.toBeNull();
  expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(tol);
};

describe("confusionCounts", () => {
  it("counts the four cells", () => {
    expect(confusionCounts([1, 0, 1, 0, 1], [1, 1, 0, 0, 1])).toEqual({ tp: 2, fp: 1, fn: 1, tn: 1 });
  });
  it.each([
    [[], []],
    [[1], [1, 0]],
    [[2], [1]],
  ])("throws on bad input %j %j", (t, p) => {
    expect(() => confusionCounts(t, p)).toThrow(RangeError);
  });
});

describe("precisionRecallF1", () => {
  it("is 0 where a denominator is 0", () => {
    expect(precisionRecallF1(0, 0, 0)).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
  it("matches the gpt-4.1 bounce class", () => {
    // 650 should bounce; 84 bounced correctly (R_b 0.129231), precision 0.8 → 21 FP
    const r = precisionRecallF1(84, 21, 566);
    close(r.precision, 0.8);
    close(r.recall, 0.129231);
    close(r.f1, 0.222517);
  });
});

describe("bouncingMetrics", () => {
  it("relates the accept class to the bounce class", () => {
    const m = bouncingMetrics([1, 0, 1, 0, 0, 1], [1, 1, 0, 0, 0, 1]);
    close(m.FNR_a, 1 - m.R_a, 1e-12);
    close(m.FPR_a, 1 - m.R_b, 1e-12);
    close(m.F_m, (m.F_a + m.F_b) / 2, 1e-12);
    expect(m.counts).toEqual({ tp: 2, fp: 1, fn: 1, tn: 2 });
  });
  it("always-accept has F_b 0 and R_a 1", () => {
    const m = bouncingMetrics([1, 0, 0, 1], [0, 0, 0, 0]);
    expect(m.F_b).toBe(0);
    expect(m.R_a).toBe(1);
    close(m.F_a, 2 / 3);
    close(m.F_m, 1 / 3);
  });
});

describe("iScore / oScore", () => {
  it("iScore is 1 for perfect extreme labels and 0 for chance", () => {
    close(iScore([1, 0], [3, 0]), 1);
    close(iScore([1, 1], [3, 0]), 0);
  });
  it("iScore rejects a label outside 0..3", () => {
    expect(() => iScore([1], [4])).toThrow(RangeError);
  });
  it("oScore check vector (METRICS.md §1)", () => {
    close(oScore([1, 0, 1, 0, 0, 1], [1, 0, 0, 1, 1, 1], [0.5, 1, 1, 0.9, 0, 0.75]), 0.058333);
  });
  it("oScore rejects pass outside [0,1]", () => {
    expect(() => oScore([1], [1], [1.5])).toThrow(RangeError);
  });
});

describe("cohenKappa / spearman", () => {
  it("kappa is 1 for identical raters and null when undefined", () => {
    expect(cohenKappa([0, 1, 2, 3], [0, 1, 2, 3])).toBe(1);
    expect(cohenKappa([1, 1], [1, 1])).toBeNull();
  });
  it("kappa of a known table", () => {
    // sklearn: cohen_kappa_score([0,0,1,1,2,2],[0,1,1,1,2,0]) = 0.5
    close(cohenKappa([0, 0, 1, 1, 2, 2], [0, 1, 1, 1, 2, 0]), 0.5, 1e-12);
  });
  it("average ranks for ties", () => {
    expect(rankData([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
  });
  it("spearman", () => {
    close(spearman([1, 2, 3, 4], [1, 3, 2, 4]), 0.8, 1e-12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe("precision-recall curve and AP (METRICS.md §4 check vector)", () => {
  const y = [1, 0, 1, 1, 0, 0, 1, 0, 0, 1];
  const s = [0.9, 0.8, 0.7, 0.7, 0.55, 0.5, 0.4, 0.3, 0.2, 0.1];
  it("curve", () => {
    const c = precisionRecallCurve(y, s);
    expect(c.thresholds).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.55, 0.7, 0.8, 0.9]);
    const p = [0.5, 0.444444, 0.5, 0.571429, 0.5, 0.6, 0.75, 0.5, 1.0, 1];
    const r = [1.0, 0.8, 0.8, 0.8, 0.6, 0.6, 0.6, 0.2, 0.2, 0];
    c.precision.forEach((v, i) => close(v, p[i]));
    c.recall.forEach((v, i) => close(v, r[i]));
  });
  it("average precision", () => {
    close(averagePrecision(y, s), 0.714286);
  });
  it("AP is 0 without positives and throws on empty input", () => {
    expect(averagePrecision([0, 0], [0.1, 0.2])).toBe(0);
    expect(() => averagePrecision([], [])).toThrow(RangeError);
  });
});

describe("passAtK (METRICS.md §4 check vectors)", () => {
  it.each([
    [20, 0, 1, 0],
    [20, 1, 1, 0.05],
    [20, 3, 1, 0.15],
    [20, 3, 5, 0.600877],
    [20, 18, 3, 1],
    [5, 2, 5, 1],
    [4, 1, 2, 0.5],
  ])("(n=%i, c=%i, k=%i) → %f", (n, c, k, want) => close(passAtK(n, c, k), want));
  it("throws on c > n", () => expect(() => passAtK(2, 3, 1)).toThrow(RangeError));
});

describe("percentile / wasserstein (METRICS.md §4 check vectors)", () => {
  const xs = [0, 0, 0.61, 0.62, 0.65, 0.7, 0, 0.59, 0.66, 0];
  it("p75 and p90", () => {
    close(percentile(xs, 75), 0.6425, 1e-12);
    close(percentile(xs, 90), 0.664, 1e-12);
  });
  it("wasserstein", () => {
    close(wasserstein([0.1, 0.5, 0.5, 0.9], [0, 0.05, 0.05, 0.1, 0.3]), 0.4, 1e-12);
    expect(wasserstein([1, 2], [1, 2])).toBe(0);
  });
});

describe("bootstrapInterval", () => {
  it("is reproducible and brackets the mean", () => {
    const data = Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? 1 : 0));
    const stat = (ix: Int32Array) => {
      let s = 0;
      for (const i of ix) s += data[i];
      return s / ix.length;
    };
    const a = bootstrapInterval(data.length, stat, { seed: 7 });
    const b = bootstrapInterval(data.length, stat, { seed: 7 });
    expect(a).toEqual(b);
    expect(a.low).toBeLessThan(0.25);
    expect(a.high).toBeGreaterThan(0.25);
    expect(a.resamples).toBe(1000);
  });
});
