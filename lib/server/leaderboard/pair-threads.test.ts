import { describe, expect, it } from "vitest";
import { rankIntervals, rankIntervalSteps, seededRandom } from "@/lib/metrics";
import { pairKernel, quantLevels, type BlockCall } from "@/lib/metrics/rank-intervals/kernel/kernel";
import { bands, MISSES, SLOT, threadedPairKernel } from "./pair-threads";

/** Systems sharing resamples (a common instance effect), some close together, one with an undefined replicate. */
function boardLike(n: number, B: number, seed: number) {
  const rand = seededRandom(seed);
  const shared = Array.from({ length: B }, () => rand() - 0.5);
  const points: number[] = [];
  const replicates: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const p = 0.3 + (0.4 * Math.floor(rand() * 40)) / 40;
    points.push(p);
    replicates.push(Float64Array.from({ length: B }, (_, r) => p + 0.05 * shared[r] + 0.02 * (rand() - 0.5)));
  }
  replicates[n - 1][3] = NaN;
  return { points, replicates };
}

describe("threadedPairKernel", () => {
  it("fills every band of a block with the sums one thread computes", () => {
    const count = 700;
    const B = 50;
    const Q = quantLevels(B);
    const rand = seededRandom(5);
    const t = threadedPairKernel(count, B, 4, 2, 0)!;
    expect(t).not.toBeNull();
    const one = pairKernel(count, B, 4, true);
    try {
      for (let k = 0; k < count; k++)
        for (let r = 0; r < B; r++) {
          const x = Math.round((rand() * 2 - 1) * Q);
          t.q[k * t.lanes + r] = x;
          one.q[k * one.lanes + r] = x;
        }
      for (const [i0, ni, j0] of [
        [0, 1, 0],
        [5, 4, 4],
        [300, 3, 300],
      ])
        for (const withMax of [true, false]) {
          const nj = t.slots - j0;
          t.block({ i0, ni }, { j0, nj }, withMax);
          one.block({ i0, ni }, { j0, nj }, withMax);
          expect(Array.from(t.sumSq.subarray(0, ni * nj))).toEqual(Array.from(one.sumSq.subarray(0, ni * nj)));
          if (withMax)
            expect(Array.from(t.maxAbs.subarray(0, ni * nj))).toEqual(Array.from(one.maxAbs.subarray(0, ni * nj)));
        }
    } finally {
      t.close?.();
    }
  });

  it("gives the rank intervals, critical value and verdicts of one thread, to the bit", () => {
    const { points, replicates } = boardLike(600, 200, 11);
    const subset = [Array.from({ length: 300 }, (_, i) => 2 * i)];
    const one = rankIntervals(points, replicates, 0.95, subset);
    for (const helpers of [1, 3]) {
      const many = rankIntervals(points, replicates, 0.95, subset, {
        kernel: (n, B, rows) => threadedPairKernel(n, B, rows, helpers, 0),
      });
      expect(many.critical).toBe(one.critical);
      expect(many.rows).toEqual(one.rows);
      expect(many.subsets[0].rows).toEqual(one.subsets[0].rows);
      for (const x of [0, 17, 299, 599]) expect(many.beats[x]).toEqual(one.beats[x]);
    }
  });

  it("computes a band no helper takes itself, and after a few such waits stops handing bands out", () => {
    const calls: BlockCall[] = [];
    const own = (call: BlockCall) => void calls.push(call);
    const control = new Int32Array(new SharedArrayBuffer(4 * SLOT * 2));
    const raw = bands(own, control, 2, 20);
    const call = { withMax: true, a: 0, b: 0, ni: 4, nj: 600, outS: 1000, outM: 2000, rowStride: 600, stride: 16 };
    for (let block = 0; block < MISSES + 2; block++) {
      calls.length = 0;
      const started = Date.now();
      raw(call);
      // every column is computed once, band by band (600 columns: three bands of 200)
      expect(calls.reduce((s, c) => s + c.nj, 0)).toBe(600);
      expect(control[0]).toBe(0);
      const waited = Date.now() - started;
      if (block * 2 < MISSES) expect(calls.length).toBe(3);
      else if (block * 2 >= MISSES + 2) {
        expect(calls).toEqual([call]); // one band: no helper waited for
        expect(waited).toBeLessThan(20);
      }
    }
  });

  it("lets its threads go when the computation ends, and when the caller stops it early", () => {
    const { points, replicates } = boardLike(300, 100, 3);
    for (const stopAt of [Infinity, 5, 40]) {
      let closed = 0;
      const steps = rankIntervalSteps(points, replicates, 0.95, [], {
        kernel: (n, B, rows) => {
          const k = threadedPairKernel(n, B, rows, 1, 0)!;
          const close = k.close!;
          k.close = () => {
            closed++;
            close();
          };
          return k;
        },
      });
      let n = 0;
      while (!steps.next().done && ++n < stopAt);
      if (n === stopAt) steps.return(undefined as never);
      expect(closed, `stopped at ${stopAt}`).toBe(1);
    }
  });

  it("stays out of the way where it would not help", () => {
    expect(threadedPairKernel(100, 1000, 32, 1)).toBeNull(); // few systems
    expect(threadedPairKernel(5000, 1000, 32, 0)).toBeNull(); // no other core
  });
});
