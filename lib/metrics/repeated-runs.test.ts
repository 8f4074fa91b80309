import { describe, expect, it } from "vitest";
import { seededRandom } from "./bootstrap-ci";
import { bootstrapIndices, bootstrapReplicates, intervalFromReplicates } from "./bootstrap-replicates";
import { runMeanReplicates, runSpread, seedOf } from "./repeated-runs";

const variance = (xs: ArrayLike<number>) => {
  const a = Array.from(xs);
  const m = a.reduce((s, x) => s + x, 0) / a.length;
  return a.reduce((s, x) => s + (x - m) ** 2, 0) / a.length;
};

describe("runSpread", () => {
  it("mean, sample sd, min and max", () => {
    const s = runSpread([0.5, 0.6, 0.7]);
    expect(s.mean).toBeCloseTo(0.6, 15);
    expect(s.sd).toBeCloseTo(0.1, 15); // numpy.std([.5,.6,.7], ddof=1)
    expect([s.min, s.max]).toEqual([0.5, 0.7]);
    expect(runSpread([0.4]).sd).toBe(0);
    expect(() => runSpread([])).toThrow(RangeError);
  });
});

describe("runMeanReplicates", () => {
  // k runs of 0/1 outcomes on n instances, the runs agreeing on most instances
  const n = 300;
  const k = 4;
  const rnd = seededRandom(11);
  const base = Array.from({ length: n }, () => rnd() < 0.6);
  const runs = Array.from({ length: k }, () => base.map((b) => (rnd() < 0.15 ? !b : b)));
  const indices = bootstrapIndices(n, 500, 7);
  const acc = (run: boolean[]) => (ix: Int32Array) => {
    let s = 0;
    for (const i of ix) s += run[i] ? 1 : 0;
    return s / ix.length;
  };
  const reps = runs.map((run) => bootstrapReplicates(n, acc(run), indices));

  it("is the instance resample of the runs' mean plus the runs' own effect, the interaction counted once", () => {
    const got = runMeanReplicates(reps, 99);
    // recomputed from the instances: m_r over the runs on resample r; the runs' centres c_j; the
    // interaction W and σ̂²_β = max(0, s²_c − W); then m_r + λ · (mean of k centres drawn − c̄)
    const m = Array.from({ length: 500 }, (_, r) => {
      const ix = indices.subarray(r * n, r * n + n);
      return runs.reduce((a, run) => a + acc(run)(ix), 0) / k;
    });
    const c = reps.map((v) => Array.from(v).reduce((a, b) => a + b, 0) / 500);
    const cBar = c.reduce((a, b) => a + b, 0) / k;
    const s2 = c.reduce((a, x) => a + (x - cBar) ** 2, 0) / (k - 1);
    let w = 0;
    for (let r = 0; r < 500; r++)
      w += reps.reduce((a, v, j) => a + (v[r] - c[j] - (m[r] - cBar)) ** 2, 0) / (k - 1) / 500;
    const lambda = Math.sqrt((k * Math.max(0, s2 - w)) / ((k - 1) * s2));
    const rand = seededRandom(99);
    for (let r = 0; r < 500; r++) {
      let sum = 0;
      for (let j = 0; j < k; j++) sum += c[Math.floor(rand() * k)] - cBar;
      expect(got[r]).toBeCloseTo(m[r] + (lambda * sum) / k, 12);
    }
  });

  it("identical runs give the single run's replicates; different runs widen the interval", () => {
    const same = runMeanReplicates([reps[0], reps[0], reps[0]], 5);
    same.forEach((x, r) => expect(x).toBeCloseTo(reps[0][r], 14));
    // constant vectors: no instance noise, only the runs' spread (variance of the mean = s²/k, s² with n − 1)
    const values = [0.5, 0.55, 0.6, 0.65, 0.7];
    const flat = values.map((v) => new Float64Array(4000).fill(v));
    const two = runMeanReplicates(flat, 3);
    const s2 = (variance(values) * values.length) / (values.length - 1);
    expect(variance(two)).toBeGreaterThan(0.9 * (s2 / values.length));
    expect(variance(two)).toBeLessThan(1.1 * (s2 / values.length));
    // with both sources the interval is at least as wide as one run's instance interval
    const one = intervalFromReplicates(reps[0]);
    const both = intervalFromReplicates(runMeanReplicates(reps, 1));
    expect(both.high - both.low).toBeGreaterThan(0.5 * (one.high - one.low));
  });

  it("NaN stays NaN; unequal lengths and no run throw; the seed is stable", () => {
    const out = runMeanReplicates([Float64Array.of(NaN, 1), Float64Array.of(NaN, 1)], 1);
    expect(Number.isNaN(out[0])).toBe(true);
    expect(out[1]).toBe(1);
    expect(() => runMeanReplicates([Float64Array.of(1), Float64Array.of(1, 2)], 1)).toThrow(RangeError);
    expect(() => runMeanReplicates([], 1)).toThrow(RangeError);
    expect(seedOf("team\u0000model")).toBe(seedOf("team\u0000model"));
    expect(seedOf("a")).not.toBe(seedOf("b"));
  });
});
