// The direct computation of the rank intervals — the code of lib/metrics/rank-intervals (then one file) before
// issue 36, kept unchanged as the reference its fast version is tested against (identical output:
// fast.test.ts) and measured against (scripts/bench-rank-intervals.ts). The
// definitions are in index.ts's header. It costs O(N²·B) time and keeps the standard
// error of every pair (N²/2 float64: 400 MB at 10,000 systems), so nothing else should call it.
import { checkRankInputs } from "./inputs";
import { competitionRanks } from "./order-statistics";
import type { RankIntervals } from "./types";

/** x sorted ascending at numpy's quantile(q, method="lower"|"higher"). */
function quantileIndex(n: number, q: number, method: "lower" | "higher"): number {
  const h = q * (n - 1);
  return method === "lower" ? Math.floor(h + 1e-9) : Math.ceil(h - 1e-9);
}

/** Where the pair (i, j), i < j, of n systems is kept in a flat array. */
const pairIndex = (n: number, i: number, j: number) => (i * (2 * n - i - 1)) / 2 + (j - i - 1);

/**
 * Row i of the pairwise scan: for each j > i, the standard error of d*_ij into `se`, and each
 * resample's largest studentised deviation so far into `maxT`. A plain function (not the
 * generator), so that V8 optimises its loops. Returns whether any pair had a spread.
 */
function scanRow(
  i: number,
  systems: { points: ArrayLike<number>; centred: Float64Array[]; finite: boolean[]; sum: number[]; sumSq: number[] },
  se: Float64Array,
  maxT: Float64Array,
): boolean {
  const { points, centred, finite, sum, sumSq } = systems;
  const n = centred.length;
  const B = maxT.length;
  const a = centred[i];
  let any = false;
  for (let j = i + 1; j < n; j++) {
    if (!Number.isFinite(points[i] - points[j])) continue;
    const b = centred[j];
    let v: number;
    if (finite[i] && finite[j]) {
      let dot = 0;
      for (let r = 0; r < B; r++) dot += a[r] * b[r];
      const mean = (sum[i] - sum[j]) / B;
      v = B > 1 ? (sumSq[i] + sumSq[j] - 2 * dot - B * mean * mean) / (B - 1) : 0;
    } else {
      // a pair with undefined resamples: only where both are defined
      let s1 = 0;
      let s2 = 0;
      let m = 0;
      for (let r = 0; r < B; r++) {
        const x = a[r] - b[r];
        if (x === x) {
          s1 += x;
          s2 += x * x;
          m++;
        }
      }
      const mean = m ? s1 / m : 0;
      v = m > 1 ? (s2 - m * mean * mean) / (m - 1) : 0;
    }
    // identical vectors: a variance of rounding noise is no variance
    const s = v > 1e-24 ? Math.sqrt(v) : 0;
    se[pairIndex(n, i, j)] = s;
    if (!(s > 0)) continue;
    any = true;
    const inv = 1 / s;
    for (let r = 0; r < B; r++) {
      const t = Math.abs(a[r] - b[r]) * inv;
      if (t > maxT[r]) maxT[r] = t; // NaN never wins a comparison: an undefined resample adds nothing
    }
  }
  return any;
}

/** Marginal intervals of the systems `members` (indices), ranked among themselves. */
function marginal(points: ArrayLike<number>, replicates: Float64Array[], members: number[], level: number) {
  const n = members.length;
  const B = replicates[0]?.length ?? 0;
  const observed = competitionRanks(members.map((i) => points[i]));
  const ranks = Array.from({ length: n }, () => new Int32Array(B));
  const column = new Float64Array(n);
  for (let r = 0; r < B; r++) {
    // rank = 1 + how many are strictly greater (NaN as −∞): a native sort and a binary search each
    for (let k = 0; k < n; k++) {
      const x = replicates[members[k]][r];
      column[k] = Number.isNaN(x) ? -Infinity : x;
    }
    const sorted = Float64Array.from(column).sort();
    for (let k = 0; k < n; k++) {
      const x = column[k];
      let a = 0;
      let b = n; // first index with sorted[·] > x
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (sorted[mid] > x) b = mid;
        else a = mid + 1;
      }
      ranks[k][r] = 1 + n - a;
    }
  }
  const alpha = (1 - level) / 2;
  return members.map((_, k) => {
    const s = ranks[k].sort();
    return {
      rank: observed[k],
      lo: Math.min(s[quantileIndex(B, alpha, "lower")], observed[k]),
      hi: Math.max(s[quantileIndex(B, 1 - alpha, "higher")], observed[k]),
    };
  });
}

/**
 * `rankIntervalSteps` computed directly: each `next()` does one system's pairs (O(N·B)).
 *
 * `subsets` (indices into the systems) get intervals of their own as well — e.g. one row per
 * system among all submissions: marginal ones ranked within the subset, simultaneous ones from
 * the same pairwise tests with the critical value of the whole set (a max over more pairs: at
 * least as large, so the subset's intervals keep their 95% — conservative, and computed once).
 * @param points each system's statistic on all instances (higher is better)
 * @param replicates each system's B replicates on the shared indices (NaN = undefined)
 * @throws RangeError when the vectors differ in length or there are no points
 */
export function* rankIntervalStepsExact(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level = 0.95,
  subsets: number[][] = [],
): Generator<number, RankIntervals & { subsets: RankIntervals[] }, void> {
  const n = points.length;
  const empty = checkRankInputs(points, replicates, subsets);
  if (empty) return empty;
  const B = replicates[0].length;
  const everyone = Array.from({ length: n }, (_, i) => i);
  const marginals = [
    marginal(points, replicates, everyone, level),
    ...subsets.map((m) => marginal(points, replicates, m, level)),
  ];
  yield 0;

  // simultaneous: studentised max-T over every pair. On centred vectors (c = replicate − point)
  // d*_r − d = ci[r] − cj[r]; for fully defined pairs the variance comes from sums and one dot
  // product. (Unrolling four pairs at a time was slower in V8: measured.)
  const finite = replicates.map((v) => v.every(Number.isFinite));
  const centred = replicates.map((v, i) => Float64Array.from(v, (x) => x - points[i]));
  const sum = centred.map((c) => c.reduce((s, x) => s + x, 0));
  const sumSq = centred.map((c) => c.reduce((s, x) => s + x * x, 0));
  const se = new Float64Array((n * (n - 1)) / 2);
  const maxT = new Float64Array(B);
  const pair = (i: number, j: number) => pairIndex(n, i, j);
  let anyPair = false;
  for (let i = 0; i < n; i++) {
    if (scanRow(i, { points, centred, finite, sum, sumSq }, se, maxT)) anyPair = true;
    yield i + 1;
  }
  const critical = anyPair ? Float64Array.from(maxT).sort()[quantileIndex(B, level, "higher")] : NaN;

  /** Who significantly beats whom among `members` (indices into them), and their simultaneous intervals. */
  const simultaneous = (members: number[], marg: { rank: number; lo: number; hi: number }[]): RankIntervals => {
    const m = members.length;
    const beats: number[][] = Array.from({ length: m }, () => []);
    const beaten = new Int32Array(m);
    for (let x = 0; x < m; x++)
      for (let y = x + 1; y < m; y++) {
        const i = members[x];
        const j = members[y];
        const s = i < j ? se[pair(i, j)] : se[pair(j, i)];
        const d = points[i] - points[j];
        if (!(s > 0) || !Number.isFinite(d) || !(Math.abs(d) > critical * s)) continue;
        if (d > 0) {
          beats[x].push(y);
          beaten[y]++;
        } else {
          beats[y].push(x);
          beaten[x]++;
        }
      }
    return {
      rows: marg.map((r, x) => ({ ...r, simLo: 1 + beaten[x], simHi: m - beats[x].length })),
      critical,
      resamples: B,
      beats,
    };
  };
  const all = simultaneous(everyone, marginals[0]);
  return { ...all, subsets: subsets.map((m, k) => simultaneous(m, marginals[k + 1])) };
}

/**
 * `rankIntervals` computed directly (the reference; see the file's header).
 * @example rankIntervalsExact([0.9, 0.1], [Float64Array.of(0.9, 0.8), Float64Array.of(0.1, 0.2)]).rows[0].rank // 1
 */
export function rankIntervalsExact(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level = 0.95,
  subsets: number[][] = [],
): RankIntervals & { subsets: RankIntervals[] } {
  const steps = rankIntervalStepsExact(points, replicates, level, subsets);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}
