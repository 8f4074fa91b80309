import { describe, expect, it } from "vitest";
import { competitionRanks, pairwiseVerdicts, rankIntervals } from ".";
import { bootstrapIndices, bootstrapReplicates } from "../bootstrap-replicates";
import { seededRandom } from "../bootstrap-ci";
import { numpyAvailable, numpyRankIntervals } from "@/test/metrics/rank-intervals-numpy";

/** N systems answering n binary instances with accuracies `acc`, their accuracy replicates on shared indices. */
function systems(acc: number[], n = 200, seed = 7) {
  const rand = seededRandom(seed);
  const right = acc.map((a) => Array.from({ length: n }, (): number => (rand() < a ? 1 : 0)));
  const ix = bootstrapIndices(n, 1000, 11);
  const points = right.map((r) => r.reduce((s: number, x) => s + x, 0) / n);
  const replicates = right.map((r) =>
    bootstrapReplicates(n, (idx) => idx.reduce((s, k) => s + r[k], 0) / idx.length, ix),
  );
  return { points, replicates };
}

describe("competitionRanks", () => {
  it("ranks higher first, ties share the smaller rank, NaN last", () => {
    expect(Array.from(competitionRanks([0.5, 0.9, 0.5, NaN, 0.1]))).toEqual([2, 1, 2, 5, 4]);
  });
});

describe("rankIntervals", () => {
  it("separates systems far apart and joins systems close together", () => {
    const { points, replicates } = systems([0.9, 0.5, 0.49, 0.1]);
    const { rows } = rankIntervals(points, replicates);
    expect(rows[0]).toMatchObject({ rank: 1, lo: 1, hi: 1, simLo: 1, simHi: 1 });
    expect(rows[3]).toMatchObject({ rank: 4, lo: 4, hi: 4, simLo: 4, simHi: 4 });
    // the two middle ones are within noise of each other: both intervals are 2–3
    for (const r of [rows[1], rows[2]]) expect([r.simLo, r.simHi]).toEqual([2, 3]);
  });

  it("every interval holds the observed rank; the simultaneous ones are at least as wide as the marginal ones here", () => {
    const acc = Array.from({ length: 30 }, (_, i) => 0.4 + i * 0.01);
    const { points, replicates } = systems(acc, 300, 3);
    const { rows } = rankIntervals(points, replicates);
    for (const r of rows) {
      expect(r.lo).toBeLessThanOrEqual(r.rank);
      expect(r.hi).toBeGreaterThanOrEqual(r.rank);
      expect(r.simLo).toBeLessThanOrEqual(r.rank);
      expect(r.simHi).toBeGreaterThanOrEqual(r.rank);
      expect(r.simHi - r.simLo).toBeGreaterThanOrEqual(r.hi - r.lo);
    }
  });

  it("identical systems are never separated and share their rank", () => {
    const { points, replicates } = systems([0.7, 0.7, 0.3]);
    const twice = [points[0], points[0], points[2]];
    const reps = [replicates[0], replicates[0], replicates[2]];
    const { rows, beats } = rankIntervals(twice, reps);
    expect(rows.map((r) => r.rank)).toEqual([1, 1, 3]);
    expect(beats[0]).not.toContain(1);
    expect(beats[1]).not.toContain(0);
    expect(rows[2].simLo).toBe(3);
  });

  it("rejects vectors of different lengths", () => {
    expect(() => rankIntervals([1, 2], [new Float64Array(3), new Float64Array(4)])).toThrow(RangeError);
    expect(() => rankIntervals([1], [])).toThrow(RangeError);
    expect(rankIntervals([], []).rows).toEqual([]);
  });

  it.skipIf(!numpyAvailable)("agrees with a direct numpy computation (ties, undefined resamples)", () => {
    const acc = [0.8, 0.78, 0.75, 0.75, 0.6, 0.59, 0.58, 0.4, 0.2, 0.2];
    const { points, replicates } = systems(acc, 150, 19);
    // an exact duplicate, and a system whose statistic is undefined on some resamples
    points.push(points[2]);
    replicates.push(replicates[2]);
    const holes = Float64Array.from(replicates[5], (v, r) => (r % 17 === 0 ? NaN : v));
    points.push(points[5]);
    replicates.push(holes);
    const ours = rankIntervals(points, replicates);
    const py = numpyRankIntervals(points, replicates);
    expect(ours.rows.map((r) => r.rank)).toEqual(py.rank);
    expect(ours.rows.map((r) => r.lo)).toEqual(py.lo);
    expect(ours.rows.map((r) => r.hi)).toEqual(py.hi);
    expect(ours.rows.map((r) => r.simLo)).toEqual(py.simLo);
    expect(ours.rows.map((r) => r.simHi)).toEqual(py.simHi);
    expect(ours.critical).toBeCloseTo(py.critical!, 9);
    // a subset (one row per system): ranked among itself, with the whole set's critical value
    const subset = [0, 2, 4, 5, 8, 11];
    const mine = rankIntervals(points, replicates, 0.95, [subset]).subsets[0];
    const theirs = numpyRankIntervals(points, replicates, subset);
    expect(mine.rows.map((r) => [r.rank, r.lo, r.hi, r.simLo, r.simHi])).toEqual(
      theirs.rank.map((k, i) => [k, theirs.lo[i], theirs.hi[i], theirs.simLo[i], theirs.simHi[i]]),
    );
    expect(mine.critical).toBe(ours.critical);
  });
});

describe("pairwiseVerdicts", () => {
  it("agrees with the simultaneous intervals' beats for any subset, with the whole set's critical value", () => {
    const { points, replicates } = systems([0.9, 0.7, 0.55, 0.5, 0.49, 0.3, 0.1], 150, 3);
    const all = rankIntervals(points, replicates);
    const picks = [1, 3, 4, 6];
    const cells = pairwiseVerdicts(
      picks.map((i) => points[i]),
      picks.map((i) => replicates[i]),
      all.critical,
    );
    for (const [x, i] of picks.entries())
      for (const [y, j] of picks.entries()) {
        if (x === y) {
          expect(cells[x][y]).toBeNull();
          continue;
        }
        const win = all.beats[i].includes(j);
        const loss = all.beats[j].includes(i);
        expect(cells[x][y]).toBe(win ? "win" : loss ? "loss" : "tie");
      }
    // the far pair is separable, the close pair is not
    expect(cells[0][3]).toBe("win");
    expect(cells[1][2]).toBe("tie");
  });
  it("is all ties without a critical value, or between identical systems", () => {
    const { points, replicates } = systems([0.9, 0.1]);
    expect(pairwiseVerdicts(points, replicates, NaN)[0][1]).toBe("tie");
    expect(pairwiseVerdicts([0.5, 0.5], [replicates[0], replicates[0]], 2)[0][1]).toBe("tie");
  });
});
