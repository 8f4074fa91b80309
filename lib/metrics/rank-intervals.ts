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

/**
 * The rank intervals, computed in steps: each `next()` does a bounded share of the work (one
 * system's pairs), so that a caller may yield between steps; `rankIntervals` runs it to the end.
 * @param points each system's statistic on all instances (higher is better)
 * @param replicates each system's B replicates on the shared indices (NaN = undefined)
 * @throws RangeError when the vectors differ in length or there are no points
 */
export function* rankIntervalSteps(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level = 0.95,
): Generator<number, RankIntervals, void> {
  const n = points.length;
  if (replicates.length !== n) throw new RangeError("rankIntervals: one replicate vector per point");
  if (n === 0) return { rows: [], critical: NaN, resamples: 0, beats: [] };
  const B = replicates[0].length;
  for (const r of replicates)
    if (r.length !== B) throw new RangeError("rankIntervals: replicate vectors differ in length");
  const observed = competitionRanks(points);

  // marginal: ranks in each resample
  const ranks = Array.from({ length: n }, () => new Int32Array(B));
  const column = new Float64Array(n);
  for (let r = 0; r < B; r++) {
    // rank = 1 + how many are strictly greater (NaN as −∞): a native sort and a binary search each
    for (let i = 0; i < n; i++) {
      const x = replicates[i][r];
      column[i] = Number.isNaN(x) ? -Infinity : x;
    }
    const sorted = Float64Array.from(column).sort();
    for (let i = 0; i < n; i++) {
      const x = column[i];
      let a = 0;
      let b = n; // first index with sorted[k] > x
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (sorted[mid] > x) b = mid;
        else a = mid + 1;
      }
      ranks[i][r] = 1 + n - a;
    }
  }
  const alpha = (1 - level) / 2;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = ranks[i].sort();
    lo[i] = Math.min(s[quantileIndex(B, alpha, "lower")], observed[i]);
    hi[i] = Math.max(s[quantileIndex(B, 1 - alpha, "higher")], observed[i]);
  }
  yield 0;

  // simultaneous: studentised max-T over every pair. On centred vectors (c = replicate − point)
  // d*_r − d = ci[r] − cj[r]; for fully defined pairs the variance comes from sums and one dot product.
  const finite = replicates.map((v) => v.every(Number.isFinite));
  const centred = replicates.map((v, i) => Float64Array.from(v, (x) => x - points[i]));
  const sum = centred.map((c) => c.reduce((s, x) => s + x, 0));
  const sumSq = centred.map((c) => c.reduce((s, x) => s + x * x, 0));
  const se = new Float64Array((n * (n - 1)) / 2);
  const maxT = new Float64Array(B);
  const pair = (i: number, j: number) => (i * (2 * n - i - 1)) / 2 + (j - i - 1); // i < j
  let anyPair = false;
  for (let i = 0; i < n; i++) {
    const a = centred[i];
    for (let j = i + 1; j < n; j++) {
      const b = centred[j];
      if (!Number.isFinite(points[i] - points[j])) continue;
      let s1 = 0;
      let s2 = 0;
      let m = 0;
      if (finite[i] && finite[j]) {
        let dot = 0;
        for (let r = 0; r < B; r++) dot += a[r] * b[r];
        s1 = sum[i] - sum[j];
        s2 = sumSq[i] + sumSq[j] - 2 * dot;
        m = B;
      } else {
        for (let r = 0; r < B; r++) {
          const x = a[r] - b[r];
          if (Number.isFinite(x)) {
            s1 += x;
            s2 += x * x;
            m++;
          }
        }
      }
      const mean = m ? s1 / m : 0;
      const v = m > 1 ? (s2 - m * mean * mean) / (m - 1) : 0;
      // identical vectors: a variance of rounding noise is no variance
      const s = v > 1e-24 ? Math.sqrt(v) : 0;
      se[pair(i, j)] = s;
      if (!(s > 0)) continue;
      anyPair = true;
      const inv = 1 / s;
      for (let r = 0; r < B; r++) {
        const t = Math.abs(a[r] - b[r]) * inv;
        if (t > maxT[r]) maxT[r] = t; // NaN never wins a comparison: an undefined resample adds nothing
      }
    }
    yield i + 1;
  }
  const critical = anyPair ? Float64Array.from(maxT).sort()[quantileIndex(B, level, "higher")] : NaN;
  const beats: number[][] = Array.from({ length: n }, () => []);
  const beaten = new Int32Array(n);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const s = se[pair(i, j)];
      const d = points[i] - points[j];
      if (!(s > 0) || !Number.isFinite(d) || !(Math.abs(d) > critical * s)) continue;
      if (d > 0) {
        beats[i].push(j);
        beaten[j]++;
      } else {
        beats[j].push(i);
        beaten[i]++;
      }
    }
  const rows = Array.from({ length: n }, (_, i) => ({
    rank: observed[i],
    lo: lo[i],
    hi: hi[i],
    simLo: 1 + beaten[i],
    simHi: n - beats[i].length,
  }));
  return { rows, critical, resamples: B, beats };
}

/**
 * Marginal and simultaneous 95% rank intervals of N systems from their bootstrap replicates.
 * @example rankIntervals([0.9, 0.1], [Float64Array.of(0.9, 0.8), Float64Array.of(0.1, 0.2)]).rows[0].rank // 1
 */
export function rankIntervals(points: ArrayLike<number>, replicates: Float64Array[], level = 0.95): RankIntervals {
  const steps = rankIntervalSteps(points, replicates, level);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}
