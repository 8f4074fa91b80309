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

/** One system's ranks: observed (competition), marginal 95% interval, simultaneous 95% interval. */
export interface RankInterval {
  rank: number;
  lo: number;
  hi: number;
  simLo: number;
  simHi: number;
}

export interface RankIntervals {
  rows: RankInterval[];
  /** the max-T critical value c (NaN when fewer than two systems have a defined difference) */
  critical: number;
  resamples: number;
  /** wins[i] = the systems i significantly beats (simultaneous), as indices */
  beats: number[][];
}

/** Competition ranks, higher is better, NaN last (shared rank among NaN). */
export function competitionRanks(values: ArrayLike<number>): Int32Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i);
  const key = (i: number) => (Number.isNaN(values[i]) ? -Infinity : values[i]);
  order.sort((a, b) => key(b) - key(a) || a - b);
  const ranks = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    ranks[i] = k > 0 && key(order[k - 1]) === key(i) ? ranks[order[k - 1]] : k + 1;
  }
  return ranks;
}

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
  points: ArrayLike<number>,
  centred: Float64Array[],
  finite: boolean[],
  sum: number[],
  sumSq: number[],
  se: Float64Array,
  maxT: Float64Array,
): boolean {
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
 * The rank intervals, computed in steps: each `next()` does a bounded share of the work (one
 * system's pairs), so that a caller may yield between steps; `rankIntervals` runs it to the end.
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
): Generator<number, RankIntervals & { subsets: RankIntervals[] }, void> {
  const n = points.length;
  if (replicates.length !== n) throw new RangeError("rankIntervals: one replicate vector per point");
  for (const sub of subsets)
    for (const i of sub) if (!(i >= 0 && i < n)) throw new RangeError("rankIntervals: a subset names no system");
  if (n === 0)
    return {
      rows: [],
      critical: NaN,
      resamples: 0,
      beats: [],
      subsets: subsets.map(() => ({ rows: [], critical: NaN, resamples: 0, beats: [] })),
    };
  const B = replicates[0].length;
  for (const r of replicates)
    if (r.length !== B) throw new RangeError("rankIntervals: replicate vectors differ in length");
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
    if (scanRow(i, points, centred, finite, sum, sumSq, se, maxT)) anyPair = true;
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
 * Marginal and simultaneous 95% rank intervals of N systems from their bootstrap replicates
 * (and of subsets of them: `rankIntervalSteps`).
 * @example rankIntervals([0.9, 0.1], [Float64Array.of(0.9, 0.8), Float64Array.of(0.1, 0.2)]).rows[0].rank // 1
 */
export function rankIntervals(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level = 0.95,
  subsets: number[][] = [],
): RankIntervals & { subsets: RankIntervals[] } {
  const steps = rankIntervalSteps(points, replicates, level, subsets);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/**
 * Who beats whom among a few systems, with a critical value already computed over a larger set
 * (the board's max-T `critical`): cell [i][j] is "win" when |θi − θj| > c · se(θ*i − θ*j) and
 * θi > θj, "loss" the other way round, "tie" otherwise, null on the diagonal. The same test as
 * the simultaneous intervals, so a reader's picks agree with the board's brackets.
 * @example pairwiseVerdicts([0.9, 0.1], [Float64Array.of(0.9, 0.8), Float64Array.of(0.1, 0.2)], 2)[0][1] // "win"
 */
export function pairwiseVerdicts(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  critical: number,
): ("win" | "loss" | "tie" | null)[][] {
  const n = replicates.length;
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (__, j) => {
      if (i === j) return null;
      const d = points[i] - points[j];
      const s = diffSe(replicates[i], replicates[j]);
      if (!(s > 0) || !Number.isFinite(d) || !Number.isFinite(critical) || !(Math.abs(d) > critical * s)) return "tie";
      return d > 0 ? "win" : "loss";
    }),
  );
}

/** The standard deviation of a − b over the resamples where both are defined (sample variance, m − 1). */
function diffSe(a: Float64Array, b: Float64Array): number {
  let s1 = 0;
  let s2 = 0;
  let m = 0;
  for (let r = 0; r < Math.min(a.length, b.length); r++) {
    const x = a[r] - b[r];
    if (x === x) {
      s1 += x;
      s2 += x * x;
      m++;
    }
  }
  if (m < 2) return 0;
  const mean = s1 / m;
  const v = (s2 - m * mean * mean) / (m - 1);
  return v > 1e-24 ? Math.sqrt(v) : 0;
}
