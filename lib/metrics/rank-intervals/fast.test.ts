// The rank intervals computed without the O(N²·B) float64 scan (rank-intervals.ts) against the
// direct computation (rank-intervals-exact.ts): identical output — every interval, the critical
// value to the bit, every verdict — on random boards and on inputs built to hit the edges (ties,
// identical and constant systems, undefined replicates, tiny B, subsets naming a system twice).
import { describe, expect, it } from "vitest";
import { rankIntervalSteps, rankIntervals, type RankIntervalCounts, type RankIntervals } from ".";
import { rankIntervalsExact } from "./exact";
import { bootstrapIndices, bootstrapReplicates } from "../bootstrap-replicates";
import { seededRandom } from "../bootstrap-ci";

type Result = RankIntervals & { subsets: RankIntervals[] };

/** A plain copy (the fast version builds each row of `beats` when it is read). */
const plain = (r: RankIntervals) => ({
  rows: r.rows.map((x) => ({ ...x })),
  critical: r.critical,
  resamples: r.resamples,
  beats: r.beats.map((b) => [...b]),
});
const plainAll = (r: Result) => ({ ...plain(r), subsets: r.subsets.map(plain) });

const newCounts = (): RankIntervalCounts => ({
  pairs: 0,
  exactScans: 0,
  exactVerdicts: 0,
  undefinedPairs: 0,
  pending: 0,
});

/** Both computations agree; returns how the fast one decided the pairs. */
function same(points: number[], replicates: Float64Array[], level = 0.95, subsets: number[][] = [], simd = true) {
  const counts = newCounts();
  const fast = rankIntervals(points, replicates, level, subsets, { simd, counts });
  const exact = rankIntervalsExact(points, replicates, level, subsets);
  expect(plainAll(fast)).toEqual(plainAll(exact));
  expect(
    Object.is(fast.critical, exact.critical) || (Number.isNaN(fast.critical) && Number.isNaN(exact.critical)),
  ).toBe(true);
  return counts;
}

/**
 * A board like a real one: instance difficulties, systems of spread abilities answering n binary
 * instances, some of them resubmissions of an earlier system with a few answers changed; their
 * accuracy replicates on shared bootstrap indices.
 */
function board(N: number, { n = 300, B = 1000, seed = 1, resubmit = 0.4 } = {}) {
  const rand = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-300)) * Math.cos(2 * Math.PI * rand());
  const difficulty = Array.from({ length: n }, () => 1.6 * gauss());
  const answers: number[][] = [];
  for (let i = 0; i < N; i++) {
    if (i > 2 && rand() < resubmit) {
      const y = [...answers[Math.floor(rand() * i)]];
      const flips = 1 + Math.floor(rand() * rand() * 0.1 * n);
      for (let f = 0; f < flips; f++) {
        const t = Math.floor(rand() * n);
        y[t] = 1 - y[t];
      }
      answers.push(y);
    } else {
      const a = -1.5 + 2.2 * rand() + 0.3 * gauss();
      answers.push(difficulty.map((b) => (rand() < 1 / (1 + Math.exp(b - a)) ? 1 : 0)));
    }
  }
  const ix = bootstrapIndices(n, B, seed + 100);
  const points = answers.map((y) => y.reduce((s, x) => s + x, 0) / n);
  const replicates = answers.map((y) =>
    bootstrapReplicates(n, (idx) => idx.reduce((s, k) => s + y[k], 0) / idx.length, ix),
  );
  return { points, replicates };
}

describe("rankIntervals against the direct computation", () => {
  it("is identical on realistic boards, with a subset (one row per system), WebAssembly kernel", () => {
    for (const [k, N] of [2, 3, 12, 60, 200].entries()) {
      const { points, replicates } = board(N, { seed: k + 1 });
      const best = points.map((_, i) => i).filter((i) => i % 3 !== 1);
      same(points, replicates, 0.95, [best]);
    }
  });

  it("exercises every path on a larger board: pairs bounded away, scanned, settled early, left for c", () => {
    const { points, replicates } = board(400, { n: 500, seed: 9 });
    const counts = same(points, replicates, 0.95, [points.map((_, i) => i).filter((i) => i % 2 === 0)]);
    expect(counts.pairs).toBe((400 * 399) / 2);
    expect(counts.exactScans).toBeGreaterThan(0);
    expect(counts.exactScans).toBeLessThan(counts.pairs / 20); // most pairs are bounded away
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.pending).toBeLessThan(counts.pairs / 5);
    expect(counts.exactVerdicts).toBeGreaterThan(0);
    expect(counts.exactVerdicts).toBeLessThan(counts.pairs / 20);
  });

  it("is identical with the JavaScript kernel", () => {
    const { points, replicates } = board(80, { seed: 11, B: 400 });
    same(points, replicates, 0.95, [[0, 5, 7, 9, 40, 79]], false);
  });

  it("is identical at other levels and resample counts", () => {
    for (const [level, B] of [
      [0.5, 200],
      [0.99, 1000],
      [0.9, 37],
      [0.95, 8],
      [0.95, 3],
      [0.95, 2],
    ]) {
      const { points, replicates } = board(40, { seed: B, B });
      same(points, replicates, level, [[1, 2, 3]]);
    }
  });

  it("is identical with B = 1 and B = 0 (no pair has a spread; no interval is defined)", () => {
    const { points, replicates } = board(5, { B: 1 });
    same(points, replicates);
    same(
      points,
      replicates.map(() => new Float64Array(0)),
    );
  });

  it("is identical with ties, identical systems, shifted copies and constant systems", () => {
    const { points, replicates } = board(30, { seed: 21 });
    const p = [...points];
    const r = [...replicates];
    // an identical system, twice
    p.push(p[3], p[3]);
    r.push(r[3], Float64Array.from(r[3]));
    // the same replicates with another point (their difference is a constant: no spread)
    p.push(p[4] + 0.05);
    r.push(r[4]);
    // tied points, different replicates
    p.push(p[5]);
    r.push(r[6]);
    // constant systems: every replicate equal to the point, at two values and at 0
    p.push(0.5, 0.5, 0, 0.2);
    r.push(
      new Float64Array(1000).fill(0.5),
      new Float64Array(1000).fill(0.5),
      new Float64Array(1000),
      new Float64Array(1000).fill(0.2),
    );
    // −0 among the replicates and as a point
    p.push(-0);
    r.push(Float64Array.from(r[7], (x, k) => (k % 3 ? x - p[7] : -0)));
    const subsets = [
      [0, 3, 30, 31, 32, 33, 34],
      [3, 3, 30], // a system named twice
      [],
      [36],
    ];
    same(p, r, 0.95, subsets);
  });

  it("is identical with undefined replicates and undefined or infinite points", () => {
    const { points, replicates } = board(25, { seed: 31 });
    const p = [...points];
    const r = [...replicates];
    r[2] = Float64Array.from(r[2], (x, k) => (k % 17 === 0 ? NaN : x)); // some resamples undefined
    r[8] = Float64Array.from(r[8], (x, k) => (k % 5 === 1 ? NaN : x));
    p.push(0.6);
    r.push(new Float64Array(1000).fill(NaN)); // never defined
    p.push(NaN);
    r.push(r[4]); // no point: no pair
    p.push(Infinity);
    r.push(r[5]);
    p.push(0.4);
    r.push(Float64Array.from(r[9], (x, k) => (k === 10 ? Infinity : x))); // an infinite replicate
    // points so far apart that their difference overflows (replicates defined, differences not)
    p.push(1.7e308, -1.7e308);
    r.push(new Float64Array(1000).fill(1.7e308), new Float64Array(1000).fill(-1.7e308));
    same(p, r, 0.95, [
      [0, 2, 8, 25, 26, 27, 28],
      [2, 8],
    ]);
  });

  it("is identical when one system's range dwarfs the others (the grid is coarse for them)", () => {
    const { points, replicates } = board(30, { seed: 41 });
    const p = [...points, 50];
    const r = [...replicates, Float64Array.from(replicates[0], (x) => 50 + 1000 * (x - points[0]))];
    same(p, r);
  });

  it("is identical on coarse values (many equal differences, deviations and standard errors)", () => {
    const rand = seededRandom(51);
    const B = 300;
    const N = 50;
    const p = Array.from({ length: N }, () => Math.floor(rand() * 8) / 8);
    const r = p.map((x) => Float64Array.from({ length: B }, () => x + (Math.floor(rand() * 5) - 2) / 16));
    same(p, r, 0.95, [p.map((_, i) => i).filter((i) => i % 2)]);
  });

  it("is identical when replicates differ only in their last bits (ranked by their low 32 bits)", () => {
    const rand = seededRandom(53);
    const B = 200;
    const N = 90;
    // a few base values; most systems nudge them by a few ulps-ish steps, in runs longer and
    // shorter than the insertion sort's
    const base = [0.25, 0.5, 0.75];
    const p = Array.from({ length: N }, (_, i) => base[i % 3] + (i % 7) * 1e-14);
    const r = p.map((x, i) =>
      Float64Array.from({ length: B }, () =>
        i < 60
          ? base[Math.floor(rand() * 3)] + Math.floor(rand() * 9) * 2e-15
          : x + (Math.floor(rand() * 5) - 2) * 0.01,
      ),
    );
    same(p, r, 0.95, [p.map((_, i) => i).filter((i) => i % 4)]);
  });

  it("is identical on a wide board whose first rows are decided afresh, far pairs by the coarse bounds", () => {
    // many instances (small standard errors) and abilities spread over the whole range
    const { points, replicates } = board(150, { n: 3000, seed: 91, resubmit: 0.1, B: 300 });
    same(points, replicates);
  });

  it("is identical on 60 random small cases mixing all of the above", () => {
    const rand = seededRandom(97);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
    for (let c = 0; c < 60; c++) {
      const N = 1 + Math.floor(rand() * 40);
      const B = pick([2, 3, 10, 64, 250]);
      const grid = pick([0, 4, 64]); // 0: continuous values
      const value = (x: number) => (grid ? Math.round(x * grid) / grid : x);
      const p: number[] = [];
      const r: Float64Array[] = [];
      for (let i = 0; i < N; i++) {
        const kind = rand();
        if (i > 0 && kind < 0.15) {
          const j = Math.floor(rand() * i); // a copy, or a copy with another point
          p.push(rand() < 0.5 ? p[j] : value(rand()));
          r.push(r[j]);
          continue;
        }
        const mu = value(rand());
        const sd = pick([0, 0.01, 0.1]);
        p.push(kind < 0.2 ? NaN : mu);
        r.push(
          Float64Array.from({ length: B }, () =>
            rand() < (kind < 0.3 ? 0.1 : 0) ? NaN : value(mu + sd * (rand() + rand() + rand() - 1.5)),
          ),
        );
      }
      const subsets = Array.from({ length: Math.floor(rand() * 3) }, () =>
        Array.from({ length: Math.floor(rand() * (N + 2)) }, () => Math.floor(rand() * N)),
      );
      same(p, r, pick([0.8, 0.95]), subsets);
    }
  });

  it("gives the old output's shapes: beats rows read like arrays, in JSON too", () => {
    const { points, replicates } = board(20, { seed: 61 });
    const fast = rankIntervals(points, replicates);
    const exact = rankIntervalsExact(points, replicates);
    expect(JSON.stringify(fast.beats)).toBe(JSON.stringify(exact.beats));
    expect(fast.beats.map((b) => b.length)).toEqual(exact.beats.map((b) => b.length));
    expect(Array.isArray(fast.beats[0])).toBe(true);
    fast.beats[0] = [99];
    expect(fast.beats[0]).toEqual([99]);
  });

  it("yields in bounded steps", () => {
    const { points, replicates } = board(300, { seed: 71 });
    let steps = 0;
    const it = rankIntervalSteps(points, replicates, 0.95, [[1, 2]]);
    while (!it.next().done) steps++;
    // marginal: a step per 32 resamples; pairs: a step per 32 rows in each pass
    expect(steps).toBeGreaterThanOrEqual(Math.ceil(1000 / 32) + 2 * Math.floor(299 / 32));
  });
});
