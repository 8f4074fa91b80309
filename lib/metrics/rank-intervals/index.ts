// Confidence intervals for ranks from bootstrap replicates on shared resampling indices.
//
// Two kinds, both over the same N systems and B resamples (replicate r of every system was
// computed on the same resample of instances):
//
// - marginal: in every resample rank all systems by their replicate (competition ranks, higher is
//   better, an undefined replicate ranks last); a system's interval is the 2.5th/97.5th percentile
//   of its N ranks (numpy's "lower"/"higher" quantile methods, so the bounds are ranks), widened
//   to contain its observed rank. Each interval is 95% on its own; read together they overstate
//   what is separable.
// - simultaneous (studentised max-T over all pairwise differences, as in Al Mohamad, Goeman &
//   van Zwet 2022, §3 "Tukey"-style intervals): for each pair, d = θi − θj with its bootstrap
//   standard error s; T*_r = max over pairs |d*_r − d| / s; c = the 95th percentile ("higher") of
//   T*. i beats j when d > c·s. Then i's interval is [1 + #{j beats i}, N − #{i beats j}]: with 95%
//   probability every interval holds its true rank at once, so "#1 and #7 overlap" is a statement
//   one may act on. This is the one behind the board's marks (top group, "indistinguishable from").
//
// How it is computed (issue 36: every row of a 10,000-system board in seconds — the direct
// computation, O(N²·B) float64 work and an N²/2 array of standard errors, took minutes and 400 MB).
// The guarantee is unchanged because the results are unchanged: the same floating-point numbers —
// every interval, the critical value to the bit, every verdict — as the direct computation, which
// exact.ts keeps verbatim; fast.test.ts compares the two on realistic
// and adversarial inputs (ties, identical, shifted and constant systems, undefined replicates and
// points, B from 0 to 1,000, other levels, subsets naming a system twice). What changed is the work:
//
// 1. Marginal: per resample, one radix sort of the N replicates by their IEEE bits (the high 32
//    bits, then runs equal in them by the low bits) and one walk down it per view (the board and
//    each subset): O(N) a resample instead of a comparison sort and N binary searches; resamples
//    are gathered 32 at a time, so each system's replicates are read a cache line at a time.
// 2. Bounds for every pair, from integers. The centred replicates c = x − θ of the systems whose
//    replicates are all defined are rounded to a common grid, q = round(c/h), h = max|c| / 1,465
//    (at B = 1,000 the finest grid whose 32-bit sums stay exact), once; then for every pair
//    S = Σ(qi − qj)² and M = max|qi − qj| are exact integer sums, eight resamples per SIMD instruction
//    (kernel/pairs.wat, WebAssembly, ~60 ns a pair at B = 1,000; the server hands bands of
//    rows to helper threads sharing the kernel's memory: lib/server/leaderboard/pair-threads.ts,
//    through RankIntervalOptions.kernel). With e = c − h·q each
//    system's rounding error (its norm and largest coordinate measured once), the difference
//    Δ = ci − cj is h·Δq + (ei − ej): ‖Δ‖ lies within ‖ei‖ + ‖ej‖ of h·√S, which bounds the
//    direct formula's variance (‖Δ‖² − B·mean²)/(B − 1) from both sides (s to ±0.2% for a typical
//    pair), with a margin for that formula's own float64 rounding; and |Δ_r| ≤ h·M + max|ei| +
//    max|ej|. Every bound is rounded outwards (SLACK, thousands of ulps).
// 3. The critical value. c is the k-th smallest (k = 950 of 1,000) of the per-resample maxima
//    T*_r. Let v ≤ c be the k-th smallest of the maxima over the pairs scanned so far: a pair
//    whose every T_r is at most v changes neither c nor any T*_r above it, so its float64 scan may
//    be skipped: the pairs with (bound on |Δ_r|) / (lower bound on s) ≤ v. The others are scanned
//    in float64 as before (0.01% of the pairs at 10,000 systems), and c comes out to the bit.
// 4. The verdicts |d| > c·s, in the same pass: v ≤ c, so a pair with |d| ≤ v·s (bounds) is not
//    significant, and one with |d| > 1.1·v·s is if c ≤ 1.1·v — true of every row once the first
//    few hundred have raised v, and checked row by row (a row it fails for is decided again once
//    c is known: the kernel's bounds, or s ≤ sd_i + sd_j beyond c·(sd_i + sd_max)). The pairs in
//    between keep their bounds (4% of pairs) and are settled when c is known; those whose |d|
//    lies within the bounds of c·s (0.1%) get their float64 standard error, as before.
//    Verdicts are kept as one bit per pair (12.5 MB at 10,000); a row's list of beaten systems is
//    built when it is read.
//
// Systems with an undefined replicate (the standard error then uses the resamples where both are
// defined) are computed directly, as are the pairs the bounds cannot decide (near-identical
// systems, or the whole grid when one system's range dwarfs the rest): slower, never different.
// Measured: docs/performance.md, "Rank intervals at 10,000 systems" (scripts/bench-rank-intervals.ts).
//
// The folder, by concern: types.ts and inputs.ts (the contract), order-statistics.ts, radix-order.ts
// and marginal.ts (1), pair-state.ts (the systems and the grid: 2), critical.ts (pass 1: 3),
// verdicts.ts (pass 2: 4), pairs.ts (the two passes in steps), kernel/ (the WebAssembly kernel, its
// JavaScript fallback and reference tests), pairwise-verdicts.ts (a reader's picks), exact.ts.

import { checkRankInputs } from "./inputs";
import { marginalSteps } from "./marginal";
import { pairSteps } from "./pairs";
import { type RankIntervalOptions, type RankIntervals } from "./types";

/**
 * The rank intervals, computed in steps: each `next()` does a bounded share of the work (a block
 * of resamples, or of rows of pairs: tens of milliseconds at 10,000 systems), so that a caller may
 * yield between steps; `rankIntervals` runs it to the end.
 *
 * `subsets` (indices into the systems) get intervals of their own as well — e.g. one row per
 * system among all submissions: marginal ones ranked within the subset, simultaneous ones from
 * the same pairwise tests with the critical value of the whole set (a max over more pairs: at
 * least as large, so the subset's intervals keep their 95% — conservative, and computed once).
 * @param points each system's statistic on all instances (higher is better)
 * @param replicates each system's B replicates on the shared indices (NaN = undefined)
 * @throws RangeError when the vectors differ in length or there are no points
 */
export function* rankIntervalSteps(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level = 0.95,
  subsets: number[][] = [],
  options: RankIntervalOptions = {},
): Generator<number, RankIntervals & { subsets: RankIntervals[] }, void> {
  const n = points.length;
  const empty = checkRankInputs(points, replicates, subsets);
  if (empty) return empty;
  const B = replicates[0].length;
  const counts = options.counts ?? { pairs: 0, exactScans: 0, exactVerdicts: 0, undefinedPairs: 0, pending: 0 };
  let step = 0;
  const everyone = Array.from({ length: n }, (_, i) => i);
  const views = [everyone, ...subsets];
  const marginal = marginalSteps(points, replicates, views, level);
  let m = marginal.next();
  for (; !m.done; m = marginal.next()) yield step++;
  const marginals = m.value;
  const pairs = pairSteps(
    { points, replicates, level },
    { simd: options.simd ?? true, counts, makeKernel: options.kernel },
  );
  let p = pairs.next();
  try {
    for (; !p.done; p = pairs.next()) yield step++;
  } finally {
    // stopped early (return() at a yield): the pairs' generator ends too, letting its kernel go
    if (!p.done) pairs.return(undefined as never);
  }
  const { critical, bits, words, pos, wins, losses } = p.value;
  const beaten = (w: number, l: number) => (bits[pos[w] * words + (pos[l] >>> 5)] >>> (pos[l] & 31)) & 1;

  /** A view's simultaneous intervals from the verdicts (members ranked among themselves). */
  const simultaneous = (members: number[], marg: { rank: number; lo: number; hi: number }[]): RankIntervals => {
    const k = members.length;
    let w: Int32Array;
    let l: Int32Array;
    if (members === everyone) {
      w = Int32Array.from(members, (i) => wins[pos[i]]);
      l = Int32Array.from(members, (i) => losses[pos[i]]);
    } else [w, l] = tally(members, bits, words, pos, n);
    const beats = lazyRows(k, (x) => {
      const row: number[] = [];
      for (let y = 0; y < k; y++) if (beaten(members[x], members[y])) row.push(y);
      return row;
    });
    return {
      rows: marg.map((r, x) => ({ ...r, simLo: 1 + l[x], simHi: k - w[x] })),
      critical,
      resamples: B,
      beats,
    };
  };
  const all = simultaneous(everyone, marginals[0]);
  const ofSubsets: RankIntervals[] = [];
  for (const [k, s] of subsets.entries()) {
    yield step++;
    ofSubsets.push(simultaneous(s, marginals[k + 1]));
  }
  return { ...all, subsets: ofSubsets };
}

/** Each member's wins and losses against the other members (each copy of a system counts). */
function tally(
  members: number[],
  bits: Uint32Array,
  words: number,
  pos: Int32Array,
  n: number,
): [Int32Array, Int32Array] {
  const copies = new Int32Array(n); // by position
  for (const i of members) copies[pos[i]]++;
  const mask = new Uint32Array(words);
  for (let q = 0; q < n; q++) if (copies[q]) mask[q >>> 5] |= 1 << (q & 31);
  const winsAt = new Int32Array(n);
  const lossesAt = new Int32Array(n);
  const seen = new Uint8Array(n);
  for (const i of members) {
    const w = pos[i];
    if (seen[w]) continue;
    seen[w] = 1;
    let won = 0;
    for (let t = 0; t < words; t++) {
      let x = bits[w * words + t] & mask[t];
      while (x) {
        const low = x & -x;
        const l = t * 32 + 31 - Math.clz32(low);
        won += copies[l];
        lossesAt[l] += copies[w];
        x ^= low;
      }
    }
    winsAt[w] = won;
  }
  return [Int32Array.from(members, (i) => winsAt[pos[i]]), Int32Array.from(members, (i) => lossesAt[pos[i]])];
}

/** An array of k rows, each computed when first read (then kept). */
function lazyRows(k: number, row: (x: number) => number[]): number[][] {
  const out: number[][] = new Array(k);
  for (let x = 0; x < k; x++)
    Object.defineProperty(out, x, {
      configurable: true,
      enumerable: true,
      get() {
        const value = row(x);
        Object.defineProperty(out, x, { value, writable: true, configurable: true, enumerable: true });
        return value;
      },
      set(value: number[]) {
        Object.defineProperty(out, x, { value, writable: true, configurable: true, enumerable: true });
      },
    });
  return out;
}

/**
 * Marginal and simultaneous 95% rank intervals of N systems from their bootstrap replicates
 * (and of subsets of them: `rankIntervalSteps`).
 * @example rankIntervals([0.9, 0.1], [Float64Array.of(0.9, 0.8), Float64Array.of(0.1, 0.2)]).rows[0].rank // 1
 */
export function rankIntervals(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level = 0.95,
  subsets: number[][] = [],
  options: RankIntervalOptions = {},
): RankIntervals & { subsets: RankIntervals[] } {
  const steps = rankIntervalSteps(points, replicates, level, subsets, options);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

export { checkRankInputs } from "./inputs";
export { competitionRanks } from "./order-statistics";
export { pairwiseVerdicts } from "./pairwise-verdicts";
export type { KernelFactory, RankInterval, RankIntervalCounts, RankIntervalOptions, RankIntervals } from "./types";
