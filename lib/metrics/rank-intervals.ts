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
// rank-intervals-exact.ts keeps verbatim; rank-intervals-fast.test.ts compares the two on realistic
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
//    (rank-intervals-kernel.ts, WebAssembly, ~60 ns a pair at B = 1,000; the server hands bands of
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

import { pairKernel, quantLevels, type PairKernel } from "./rank-intervals-kernel";

/** A pair kernel for `count` vectors of B resamples and blocks of up to `maxRows` rows (null: use pairKernel). */
export type KernelFactory = (count: number, B: number, maxRows: number) => PairKernel | null;

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
  /** wins[i] = the systems i significantly beats (simultaneous), as indices; each row is built when first read */
  beats: number[][];
}

/** How the pairs were decided (figures for benchmarks and tests). */
export interface RankIntervalCounts {
  /** pairs with a finite difference of points */
  pairs: number;
  /** pairs scanned in float64 for the critical value (the rest were bounded away) */
  exactScans: number;
  /** pairs whose verdict needed their float64 standard error */
  exactVerdicts: number;
  /** pairs involving a system with an undefined replicate (always computed directly, twice) */
  undefinedPairs: number;
  /** pairs whose verdict waited, with its bounds, for the critical value (the rest were settled in pass 1) */
  pending: number;
}

export interface RankIntervalOptions {
  /** false: the JavaScript kernel instead of WebAssembly SIMD (tests) */
  simd?: boolean;
  /**
   * Makes the pair kernel (default: pairKernel, on this thread); the server's spreads each block's
   * columns over threads (lib/server/leaderboard/pair-threads.ts). Its sums are the same integers.
   */
  kernel?: KernelFactory;
  /** filled in with how the pairs were decided */
  counts?: RankIntervalCounts;
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

// ---------------------------------------------------------------------------------------------
// Marginal intervals

/** Resamples per step of the marginal intervals (their replicates are gathered a block at a time). */
const RESAMPLE_BLOCK = 32;
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * One resample's systems in ascending order of their values (IEEE order; the caller has turned
 * NaN into −∞ and −0 into 0): a least-significant-digit radix sort of the high 32 bits of their
 * sortable keys, 11 bits a pass (a digit shared by all is skipped), then each run of equal high
 * bits ordered by the low bits (mostly ties already: nothing to do). Returns the order; the sorted
 * high keys are left in `buf.sortedHi`, the low keys by system in `buf.lo`.
 */
function resampleOrder(bits: Uint32Array, base: number, n: number, buf: RadixBuffers): Uint32Array {
  radixKeys(bits, base, n, buf);
  let [kh, ix, th, tx] = [buf.hi, buf.order, buf.hi2, buf.order2];
  for (let pass = 0; pass < 3; pass++) {
    const off = pass * 2048;
    const shift = pass * 11;
    if (buf.count[off + ((kh[0] >>> shift) & 0x7ff)] === n) continue; // one digit for all
    radixPass(buf.count, off, shift, n, kh, ix, th, tx);
    [kh, ix, th, tx] = [th, tx, kh, ix];
  }
  for (let s = 0; s < n;) {
    let e = s + 1;
    while (e < n && kh[e] === kh[s]) e++;
    if (e - s > 1) orderRun(ix, buf.lo, s, e);
    s = e;
  }
  buf.sortedHi = kh;
  return ix;
}

/** The sortable keys (negative numbers: all bits flipped; others: the sign bit set) and the high digits' histograms. */
function radixKeys(bits: Uint32Array, base: number, n: number, buf: RadixBuffers) {
  const lo = LITTLE_ENDIAN ? 0 : 1;
  const { hi: kh, lo: kl, order: ix, count } = buf;
  count.fill(0);
  for (let k = 0; k < n; k++) {
    let h = bits[2 * (base + k) + 1 - lo];
    let l = bits[2 * (base + k) + lo];
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    kh[k] = h;
    kl[k] = l;
    ix[k] = k;
    count[h & 0x7ff]++;
    count[2048 + ((h >>> 11) & 0x7ff)]++;
    count[4096 + (h >>> 22)]++;
  }
}

/** One stable pass on the digit at `shift` (histogram at `off`): keys and indices moved together. */
function radixPass(
  count: Uint32Array,
  off: number,
  shift: number,
  n: number,
  kh: Uint32Array,
  ix: Uint32Array,
  th: Uint32Array,
  tx: Uint32Array,
) {
  let sum = 0;
  for (let d = off; d < off + 2048; d++) {
    const c = count[d];
    count[d] = sum;
    sum += c;
  }
  for (let k = 0; k < n; k++) {
    const at = count[off + ((kh[k] >>> shift) & 0x7ff)]++;
    th[at] = kh[k];
    tx[at] = ix[k];
  }
}

/** Orders ix[s..e) (equal high bits) by their low bits. */
function orderRun(ix: Uint32Array, lo: Uint32Array, s: number, e: number) {
  let sorted = true;
  for (let j = s + 1; j < e && sorted; j++) sorted = lo[ix[j]] >= lo[ix[j - 1]];
  if (sorted) return;
  if (e - s > 32) {
    ix.set(
      Array.from(ix.subarray(s, e)).sort((a, b) => lo[a] - lo[b]),
      s,
    );
    return;
  }
  for (let j = s + 1; j < e; j++) {
    const x = ix[j];
    let t = j;
    while (t > s && lo[ix[t - 1]] > lo[x]) {
      ix[t] = ix[t - 1];
      t--;
    }
    ix[t] = x;
  }
}

interface RadixBuffers {
  hi: Uint32Array;
  lo: Uint32Array;
  order: Uint32Array;
  hi2: Uint32Array;
  order2: Uint32Array;
  count: Uint32Array;
  sortedHi: Uint32Array;
}

function radixBuffers(n: number): RadixBuffers {
  const hi = new Uint32Array(n);
  return {
    hi,
    lo: new Uint32Array(n),
    order: new Uint32Array(n),
    hi2: new Uint32Array(n),
    order2: new Uint32Array(n),
    count: new Uint32Array(3 * 2048),
    sortedHi: hi,
  };
}

interface View {
  members: number[];
  /** copies of each system in the view (a subset could name one twice) */
  copies: Int32Array;
  /** ranks[x·B + r]: member x's competition rank in resample r */
  ranks: Uint16Array | Int32Array;
  /** this block's ranks, resample by resample: block[t·m + x] */
  block: Int32Array;
  rankOf: Int32Array;
}

/**
 * Each view's marginal intervals (members ranked among themselves), a block of resamples a step:
 * one radix sort per resample serves every view.
 */
function* marginalSteps(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  memberLists: number[][],
  level: number,
): Generator<void, { rank: number; lo: number; hi: number }[][], void> {
  const n = replicates.length;
  const B = replicates[0].length;
  const R = Math.min(RESAMPLE_BLOCK, Math.max(1, B));
  const views: View[] = memberLists.map((members) => {
    const copies = new Int32Array(n);
    for (const i of members) copies[i]++;
    const m = members.length;
    return {
      members,
      copies,
      ranks: m < 65535 ? new Uint16Array(m * B) : new Int32Array(m * B),
      block: new Int32Array(m * R),
      rankOf: new Int32Array(n),
    };
  });
  const column = new Float64Array(R * n);
  const bits = new Uint32Array(column.buffer);
  const buf = radixBuffers(n);
  for (let r0 = 0; r0 < B; r0 += R) {
    const len = Math.min(R, B - r0);
    gather(replicates, r0, len, column);
    for (let t = 0; t < len; t++) {
      const order = resampleOrder(bits, t * n, n, buf);
      for (const view of views) rankResample(order, buf.sortedHi, buf.lo, view, t);
    }
    for (const view of views) flush(view, r0, len, B);
    yield;
  }
  const alpha = (1 - level) / 2;
  const [qLo, qHi] = [quantileIndex(B, alpha, "lower"), quantileIndex(B, 1 - alpha, "higher")];
  const out: { rank: number; lo: number; hi: number }[][] = [];
  const keep = new Int32Array(B + 1);
  for (const view of views) {
    const observed = competitionRanks(view.members.map((i) => points[i]));
    const rows: { rank: number; lo: number; hi: number }[] = [];
    for (let x = 0; x < view.members.length; x++) {
      const s = view.ranks.subarray(x * B, x * B + B);
      rows.push({
        rank: observed[x],
        lo: Math.min(nthSmallest(s, qLo, keep), observed[x]),
        hi: Math.max(nthSmallest(s, qHi, keep), observed[x]),
      });
      if (x % 2048 === 2047) yield;
    }
    out.push(rows);
  }
  return out;
}

/** Resamples [r0, r0 + len) of every system into column[t·n + i], NaN as −∞ and −0 as 0. */
function gather(replicates: Float64Array[], r0: number, len: number, column: Float64Array) {
  const n = replicates.length;
  for (let i = 0; i < n; i++) {
    const v = replicates[i];
    for (let t = 0; t < len; t++) {
      const x = v[r0 + t];
      column[t * n + i] = x !== x ? -Infinity : x === 0 ? 0 : x;
    }
  }
}

/**
 * Walks one resample's order from the top: a member's rank is 1 + the view's copies strictly
 * above (equal keys, equal values: a tie), into the view's block at resample t.
 */
function rankResample(order: Uint32Array, sortedHi: Uint32Array, lo: Uint32Array, view: View, t: number) {
  const n = order.length;
  const { copies, rankOf, members, block } = view;
  let above = 0;
  let groupRank = 1;
  let prevHi = -1;
  let prevLo = -1;
  for (let k = n - 1; k >= 0; k--) {
    const i = order[k];
    const c = copies[i];
    if (c === 0) continue;
    if (sortedHi[k] !== prevHi || lo[i] !== prevLo) {
      groupRank = 1 + above;
      prevHi = sortedHi[k];
      prevLo = lo[i];
    }
    rankOf[i] = groupRank;
    above += c;
  }
  const m = members.length;
  for (let x = 0; x < m; x++) block[t * m + x] = rankOf[members[x]];
}

/** A block's ranks into each member's row of B. */
function flush(view: View, r0: number, len: number, B: number) {
  const { block, ranks } = view;
  const m = view.members.length;
  for (let x = 0; x < m; x++) for (let t = 0; t < len; t++) ranks[x * B + r0 + t] = block[t * m + x];
}

/**
 * The k-th smallest of a (0-based; undefined when out of range, as an index past the end would
 * give) without sorting it: the k + 1 smallest (or B − k largest) kept in order while scanning.
 */
function nthSmallest(a: Uint16Array | Int32Array, k: number, keep: Int32Array): number {
  const n = a.length;
  if (!(k >= 0 && k < n)) return a[k];
  const fromTop = k >= n / 2;
  const size = fromTop ? n - k : k + 1; // the answer is the last kept
  const sign = fromTop ? -1 : 1;
  let len = 0;
  for (let t = 0; t < n; t++) {
    const x = sign * a[t];
    if (len === size && x >= keep[len - 1]) continue;
    let j = len < size ? len++ : len - 1;
    while (j > 0 && keep[j - 1] > x) {
      keep[j] = keep[j - 1];
      j--;
    }
    keep[j] = x;
  }
  return sign * keep[size - 1];
}

/** The k-th smallest of a (reordering it; undefined when there is none, as an index past the end would give). */
function orderStatistic(a: Float64Array, k: number): number {
  if (!(k >= 0 && k < a.length)) return a[k];
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    // Hoare partition around the median of three
    const mid = (lo + hi) >>> 1;
    const [x, y, z] = [a[lo], a[mid], a[hi]];
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

// ---------------------------------------------------------------------------------------------
// Simultaneous intervals

/** Rows of pairs per step (one kernel call: ~30 ms at 10,000 systems). */
const ROWS = 32;
/** Relative slack on bounds computed in float64 (a few ulps, generously). */
const SLACK = 1e-12;
/** The old formula's variance is 0 at or below this (identical vectors). */
const ZERO_VARIANCE = 1e-24;

/** Everything the pairwise passes share. */
interface PairState {
  B: number;
  points: ArrayLike<number>;
  replicates: Float64Array[];
  /** replicates all finite (the direct formula's test) */
  finite: boolean[];
  /** Σ (x − θ) and Σ (x − θ)² in the direct formula's order */
  sum: Float64Array;
  sumSq: Float64Array;
  /** the standard deviation of each system's replicates (two-pass) */
  sd: Float64Array;
  /** the systems the kernel handles, by point descending */
  order: Int32Array;
  nK: number;
  /** their points, sums, sums of squares and standard deviations in that order */
  ptK: Float64Array;
  sumK: Float64Array;
  sumSqK: Float64Array;
  sdK: Float64Array;
  /** bounds on the norm and the largest coordinate of their rounding error c − h·q */
  errK: Float64Array;
  emaxK: Float64Array;
  /** the other systems with a finite point (an undefined replicate): computed directly */
  others: number[];
  /** every system's position in the verdicts' bit matrix (K first, then the others, then the rest) */
  pos: Int32Array;
  h: number;
  kernel: PairKernel | null;
  /** a bound on the direct formula's rounding error in the variance of a pair: eta·(sumSq_i + sumSq_j) */
  eta: number;
  margin: number;
  counts: RankIntervalCounts;
  /** scratch: the centred vectors of a pair computed directly */
  rowBuf: Float64Array;
  colBuf: Float64Array;
}

/** x − θ for every resample (the direct computation's centred vector), into `out`. */
function centred(st: PairState, i: number, out: Float64Array): Float64Array {
  const p = st.points[i];
  const v = st.replicates[i];
  for (let r = 0; r < st.B; r++) out[r] = v[r] - p;
  return out;
}

/** The direct computation's variance of the difference of two centred vectors (bit for bit). */
function exactVariance(st: PairState, i: number, j: number, a: Float64Array, b: Float64Array): number {
  const B = st.B;
  if (st.finite[i] && st.finite[j]) {
    let dot = 0;
    for (let r = 0; r < B; r++) dot += a[r] * b[r];
    const mean = (st.sum[i] - st.sum[j]) / B;
    return B > 1 ? (st.sumSq[i] + st.sumSq[j] - 2 * dot - B * mean * mean) / (B - 1) : 0;
  }
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
  return m > 1 ? (s2 - m * mean * mean) / (m - 1) : 0;
}

/** The direct computation's standard error (a variance of rounding noise is no variance). */
const exactSe = (v: number) => (v > ZERO_VARIANCE ? Math.sqrt(v) : 0);

/** One pair's studentised deviations into the running maxima; whether it had a spread. */
function scanPair(st: PairState, i: number, j: number, a: Float64Array, b: Float64Array, maxT: Float64Array): boolean {
  const s = exactSe(exactVariance(st, i, j, a, b));
  if (!(s > 0)) return false;
  const inv = 1 / s;
  for (let r = 0; r < st.B; r++) {
    const t = Math.abs(a[r] - b[r]) * inv;
    if (t > maxT[r]) maxT[r] = t; // NaN never wins a comparison: an undefined resample adds nothing
  }
  return true;
}

/** Systems per step of the preparation. */
const SYSTEMS = 1024;

/** Splits the systems, rounds the kernel's vectors to the grid, and computes the per-system sums. */
function* prepareSteps(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  counts: RankIntervalCounts,
  makeKernel: (count: number, B: number, maxRows: number) => PairKernel,
): Generator<void, PairState, void> {
  const n = points.length;
  const B = replicates[0].length;
  const finite = replicates.map((v) => {
    for (let r = 0; r < B; r++) if (!Number.isFinite(v[r])) return false;
    return true;
  });
  const sum = new Float64Array(n);
  const sumSq = new Float64Array(n);
  const sd = new Float64Array(n);
  const kernelable: number[] = [];
  const others: number[] = [];
  let maxAbs = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i];
    if (!Number.isFinite(p)) continue; // every difference with it is undefined: no pair
    const v = replicates[i];
    let s = 0;
    let s2 = 0;
    let m = 0;
    for (let r = 0; r < B; r++) {
      const x = v[r] - p;
      s += x;
      s2 += x * x;
      if (Math.abs(x) > m) m = Math.abs(x);
    }
    sum[i] = s;
    sumSq[i] = s2;
    if (finite[i] && Number.isFinite(s2) && m < Infinity) {
      kernelable.push(i);
      if (m > maxAbs) maxAbs = m;
      const mean = s / B;
      let dev = 0;
      for (let r = 0; r < B; r++) dev += (v[r] - p - mean) ** 2;
      sd[i] = B > 1 ? Math.sqrt(dev / (B - 1)) : 0;
    } else others.push(i);
    if (i % SYSTEMS === SYSTEMS - 1) yield;
  }
  kernelable.sort((a, b) => points[b] - points[a] || a - b);
  const order = Int32Array.from(kernelable);
  const nK = order.length;
  const pos = new Int32Array(n).fill(-1);
  let next = 0;
  for (const i of order) pos[i] = next++;
  for (const i of others) pos[i] = next++;
  for (let i = 0; i < n; i++) if (pos[i] < 0) pos[i] = next++;
  const Q = quantLevels(B);
  const h = maxAbs > 0 ? maxAbs / Q : 1;
  let kernel: PairKernel | null = null;
  const errK = new Float64Array(nK);
  const emaxK = new Float64Array(nK);
  if (nK >= 2 && B >= 2) {
    kernel = makeKernel(nK, B, ROWS);
    const { q, lanes } = kernel;
    // the computed e = c − h·q is off by at most 2ε·(|c| + h) ≤ 2ε·(Q + 1)·h a coordinate: 10⁻¹⁰·h covers it
    const slack = 1e-10 * h;
    for (let k = 0; k < nK; k++) {
      const i = order[k];
      const v = replicates[i];
      const p = points[i];
      let e2 = 0;
      let em = 0;
      for (let r = 0; r < B; r++) {
        const c = v[r] - p;
        const x = Math.round(c / h);
        q[k * lanes + r] = x;
        const e = c - h * x;
        e2 += e * e;
        if (Math.abs(e) > em) em = Math.abs(e);
      }
      errK[k] = Math.sqrt(e2) * (1 + 1e-9) + slack * Math.sqrt(B);
      emaxK[k] = em * (1 + 1e-9) + slack;
      if (k % SYSTEMS === SYSTEMS - 1) yield;
    }
  }
  return {
    B,
    points,
    replicates,
    finite,
    sum,
    sumSq,
    sd,
    order,
    nK,
    ptK: Float64Array.from(order, (i) => points[i]),
    sumK: Float64Array.from(order, (i) => sum[i]),
    sumSqK: Float64Array.from(order, (i) => sumSq[i]),
    sdK: Float64Array.from(order, (i) => sd[i]),
    errK,
    emaxK,
    others,
    pos,
    h,
    kernel,
    eta: (4e-12 * (B + 16)) / Math.max(1, B - 1),
    margin: 1e-12 * (B + 16),
    counts,
    rowBuf: new Float64Array(B),
    colBuf: new Float64Array(B),
  };
}

/**
 * The constants of the bounds on a kernel pair's variance. With e = c − h·q each system's
 * rounding error, Δ = ci − cj = h·Δq + (ei − ej), so ‖Δ‖ is within ‖ei‖ + ‖ej‖ of h·√S (S =
 * Σ(qi − qj)², exact) and |Δ_r| ≤ h·max|Δq| + max|ei| + max|ej|; the direct formula's variance
 * is (‖Δ‖² − B·mean²)/(B − 1) up to its own rounding, less than eta·(sumSq_i + sumSq_j). Products
 * of these constants are rounded too: SLACK (10⁻¹², thousands of ulps) keeps every bound on its
 * safe side.
 */
interface Grid {
  /** ‖Δ‖ ≥ rt·loScale − (errK[i] + errK[j])·grow and ≤ rt·hiScale + (…)·grow, rt = √S */
  loScale: number;
  hiScale: number;
  grow: number;
  /** |Δ_r| ≤ M·hiScale + (emaxK[i] + emaxK[j])·grow for every r, M = max|qi − qj| */
  invB1: number;
  invB: number;
  B: number;
}

function gridOf(st: PairState): Grid {
  return {
    loScale: st.h * (1 - SLACK) * (1 - SLACK),
    hiScale: st.h * (1 + SLACK),
    grow: 1 + SLACK,
    invB1: 1 / (st.B - 1),
    invB: 1 / st.B,
    B: st.B,
  };
}

/**
 * What pass 1 leaves for pass 2. While the critical value is not known, v ≤ c is: a pair with
 * |d| ≤ v·s (bounds) is not significant whatever c turns out to be, and one with |d| > C·s,
 * C = WINDOW·v, is significant if c ≤ C — which pass 2 checks row by row (a row whose C fell
 * short is decided again, with the kernel). The pairs in between keep their variance bounds
 * (float32, rounded outwards) for pass 2.
 */
interface Pending {
  /** per kernel row: the C its tentative verdicts assumed */
  ceiling: Float64Array;
  /** per kernel row: its pending pairs are [start[p], start[p + 1]) */
  start: Int32Array;
  k: Int32Array;
  lo: Float32Array;
  hi: Float32Array;
  length: number;
}

/** How far above v pass 1 decides verdicts in advance (c ends within a few % of v after the first rows). */
const WINDOW = 1.1;

function pendingOf(nK: number): Pending {
  const cap = 1024;
  return {
    ceiling: new Float64Array(nK),
    start: new Int32Array(nK + 1),
    k: new Int32Array(cap),
    lo: new Float32Array(cap),
    hi: new Float32Array(cap),
    length: 0,
  };
}

/** Room for `more` pending pairs. */
function reserve(w: Pending, more: number) {
  if (w.length + more <= w.k.length) return;
  const cap = Math.max(w.length + more, 2 * w.k.length);
  const grow = <T extends Int32Array | Float32Array>(x: T, make: (n: number) => T) => {
    const y = make(cap);
    y.set(x.subarray(0, w.length));
    return y;
  };
  w.k = grow(w.k, (n) => new Int32Array(n));
  w.lo = grow(w.lo, (n) => new Float32Array(n));
  w.hi = grow(w.hi, (n) => new Float32Array(n));
}

/**
 * Pass 1 on a block of the kernel's rows. For each pair: bounds on its variance from the kernel;
 * its verdict decided in advance where v and C allow (see Pending); and its bound on the largest
 * studentised deviation, U = max_r |Δ_r| / s ≤ (bound on |Δ_r|) / √(lower bound), against v — the
 * pairs above it (or whose spread is not proven either way) are scanned exactly. Returns whether
 * any pair had a spread (a pair bounded away had one too, but then v > 0: a scanned pair had one).
 */
function criticalBlock(
  st: PairState,
  p0: number,
  ni: number,
  j0: number,
  nj: number,
  maxT: Float64Array,
  v: { value: number; k: number },
  verdicts: Verdicts,
  pending: Pending,
) {
  const { order, nK, ptK, counts } = st;
  const { sumSq: S, maxAbs: M } = st.kernel!;
  const g = gridOf(st);
  let any = false;
  for (let row = 0; row < ni; row++) {
    const p = p0 + row;
    // sorted by point: if the farthest difference is finite, every one is
    const to = Number.isFinite(ptK[p] - ptK[nK - 1]) ? nK : finiteUpTo(ptK, p);
    counts.pairs += to - p - 1;
    pending.ceiling[p] = v.value * WINDOW;
    pending.start[p] = pending.length;
    reserve(pending, to - p - 1);
    const lower = v.value; // ≤ c: verdicts below it are final
    let a: Float64Array | null = null;
    for (let k = p + 1; k < to; k++) {
      k = screen(S, M, row * nj - j0, k, to, st, p, g, v.value, lower, pending, verdicts);
      if (k >= to) break;
      a ??= centred(st, order[p], st.rowBuf);
      if (scanPair(st, order[p], order[k], a, centred(st, order[k], st.colBuf), maxT)) any = true;
      counts.exactScans++;
      v.value = kth(maxT, v.k);
    }
    pending.start[p + 1] = pending.length;
    counts.pending += pending.length - pending.start[p];
  }
  return any;
}

/** The first of the kernel's columns past p whose difference with p is not finite (points sorted). */
function finiteUpTo(ptK: Float64Array, p: number): number {
  let k = p + 1;
  while (k < ptK.length && Number.isFinite(ptK[p] - ptK[k])) k++;
  return k;
}

/**
 * Pairs (p, k), k in [from, to), in pass 1: each one's verdict in advance (into the bit matrix or
 * `pending`), and the first k whose pair may have a studentised deviation above v or whose spread
 * is unproven (a spread of 0 for sure adds nothing): returned (`to` if none). Comparisons are
 * between squares — U ≤ v ⟺ u² ≤ v²·vlo, |d| > c·s ⟺ d² > c²·s² — with
 * SLACK on the safe side.
 */
function screen(
  S: Float64Array,
  M: Int32Array,
  base: number,
  from: number,
  to: number,
  st: PairState,
  p: number,
  g: Grid,
  v: number,
  lower: number,
  pending: Pending,
  verdicts: Verdicts,
): number {
  const { loScale, hiScale, grow, invB1, invB, B } = g;
  const { ptK, sumK, sumSqK, errK, emaxK } = st;
  const etaC = st.eta;
  const v2 = v * v * (1 - SLACK);
  const nonsig = lower * lower * (1 - SLACK);
  const ceiling = pending.ceiling[p];
  const sig = ceiling * ceiling * (1 + SLACK);
  const { bits } = verdicts;
  const at = p * verdicts.words;
  const { k: pk, lo: plo, hi: phi } = pending;
  let n = pending.length;
  const pi = ptK[p];
  const sumI = sumK[p];
  const sumSqI = sumSqK[p];
  const errI = errK[p];
  const emaxI = emaxK[p];
  let k = from;
  for (; k < to; k++) {
    const rt = Math.sqrt(S[base + k]);
    const mean = (sumI - sumK[k]) * invB; // bounds only: its rounding is within eta
    const bm2 = B * mean * mean;
    const eta = etaC * (sumSqI + sumSqK[k]);
    const shift = (errI + errK[k]) * grow;
    const l = rt * loScale - shift;
    const h = rt * hiScale + shift;
    const vlo = l > 0 ? (l * l - bm2) * invB1 - eta : -1;
    const vhi = (h * h - bm2) * invB1 + eta;
    const d = pi - ptK[k];
    const d2 = d * d;
    if (vhi <= ZERO_VARIANCE || d2 <= nonsig * (vlo > 0 ? vlo : 0)) {
      // not significant, whatever c ≥ v
    } else if (vlo > ZERO_VARIANCE && d2 > sig * vhi) {
      bits[at + (k >>> 5)] |= 1 << (k & 31); // significant if c ≤ C
    } else {
      pk[n] = k;
      plo[n] = vlo > ZERO_VARIANCE ? Math.fround(vlo * (1 - 1e-6)) : -1;
      phi[n] = Math.fround(vhi * (1 + 1e-6));
      n++;
    }
    if (vlo > ZERO_VARIANCE) {
      const u = M[base + k] * hiScale + (emaxI + emaxK[k]) * grow;
      if (u * u * (1 + SLACK) <= v2 * vlo) continue;
      break;
    }
    if (vhi > ZERO_VARIANCE) break;
  }
  pending.length = n;
  return k;
}

/** The k-th smallest of x (0-based; undefined past the end, as the direct code's index would give). */
function kth(x: Float64Array, k: number): number {
  return orderStatistic(Float64Array.from(x), k);
}

/**
 * Pass 2 on a row whose tentative verdicts hold (c ≤ its C): its pending pairs, from their
 * bounds or, within them, from the direct formula's standard error.
 */
function settleRow(st: PairState, p: number, critical: number, pending: Pending, verdicts: Verdicts) {
  const { ptK, order, counts } = st;
  const c2lo = critical * critical * (1 - SLACK);
  const c2hi = critical * critical * (1 + SLACK);
  const { bits } = verdicts;
  const at = p * verdicts.words;
  let a: Float64Array | null = null;
  for (let e = pending.start[p]; e < pending.start[p + 1]; e++) {
    const k = pending.k[e];
    const lo = pending.lo[e];
    const hi = pending.hi[e];
    const d = ptK[p] - ptK[k];
    const d2 = d * d;
    let significant: boolean;
    if (hi <= ZERO_VARIANCE || d2 <= c2lo * (lo > 0 ? lo : 0)) significant = false;
    else if (lo > ZERO_VARIANCE && d2 > c2hi * hi) significant = true;
    else {
      a ??= centred(st, order[p], st.rowBuf);
      const s = exactSe(exactVariance(st, order[p], order[k], a, centred(st, order[k], st.colBuf)));
      counts.exactVerdicts++;
      significant = s > 0 && d > critical * s;
    }
    if (significant) bits[at + (k >>> 5)] |= 1 << (k & 31);
  }
}

/**
 * Pass 2 on rows [p0, p0 + ni) decided afresh (their C fell short of c): every pair (p, k > p) —
 * p's point is at least k's, so "p beats k" when |d| > c·s. Pairs up to reach[p] get the
 * kernel's Σ(qi − qj)² again; beyond it the coarse bounds |sd_i − sd_j| ≤ s ≤ sd_i + sd_j
 * (triangle inequality on the mean-centred vectors) decide; undecided pairs get the direct
 * formula's standard error.
 */
function verdictBlock(st: PairState, p0: number, ni: number, reach: Int32Array, critical: number, verdicts: Verdicts) {
  const { order, nK, ptK, counts } = st;
  const kernel = st.kernel!;
  const j0 = p0 - (p0 % 4);
  let last = p0;
  for (let p = p0; p < p0 + ni; p++) last = Math.max(last, reach[p]);
  const nj = Math.min(kernel.slots, Math.ceil((last + 1) / 4) * 4) - j0;
  if (last > p0) kernel.block(p0, ni, j0, nj, false);
  const S = kernel.sumSq;
  const g = gridOf(st);
  const { bits, words } = verdicts;
  for (let row = 0; row < ni; row++) {
    const p = p0 + row;
    const to = Number.isFinite(ptK[p] - ptK[nK - 1]) ? nK : finiteUpTo(ptK, p);
    const near = Math.min(reach[p], to - 1);
    const at = p * words;
    bits.fill(0, at, at + words);
    let a: Float64Array | null = null;
    let k = p + 1;
    while (k < to) {
      const end = k <= near ? near + 1 : to;
      const u =
        k <= near
          ? decideNear(S, row * nj - j0, k, end, ptK, st.sumK, st.sumSqK, st.errK, p, g, st.eta, critical, bits, at)
          : decideFar(k, end, ptK, st.sdK, st.sumSqK, p, st.margin, st.eta, critical, bits, at);
      if (u >= end) {
        k = end;
        continue;
      }
      a ??= centred(st, order[p], st.rowBuf);
      const s = exactSe(exactVariance(st, order[p], order[u], a, centred(st, order[u], st.colBuf)));
      counts.exactVerdicts++;
      if (s > 0 && ptK[p] - ptK[u] > critical * s) bits[at + (u >>> 5)] |= 1 << (u & 31);
      k = u + 1;
    }
  }
}

/**
 * Verdicts from the kernel's bounds for pairs (p, k), k in [from, end): |d| > c·s ⟺ d² > c²·s²,
 * compared without roots. Significant pairs are marked; returns the first undecided k, or `end`.
 */
function decideNear(
  S: Float64Array,
  base: number,
  from: number,
  end: number,
  ptK: Float64Array,
  sumK: Float64Array,
  sumSqK: Float64Array,
  errK: Float64Array,
  p: number,
  g: Grid,
  etaC: number,
  critical: number,
  bits: Uint32Array,
  at: number,
): number {
  const { loScale, hiScale, grow, invB1, invB, B } = g;
  const c2lo = critical * critical * (1 - SLACK);
  const c2hi = critical * critical * (1 + SLACK);
  const pi = ptK[p];
  const sumI = sumK[p];
  const sumSqI = sumSqK[p];
  const errI = errK[p];
  for (let k = from; k < end; k++) {
    const d = pi - ptK[k];
    const d2 = d * d;
    const rt = Math.sqrt(S[base + k]);
    const mean = (sumI - sumK[k]) * invB; // bounds only: its rounding is within eta
    const bm2 = B * mean * mean;
    const eta = etaC * (sumSqI + sumSqK[k]);
    const shift = (errI + errK[k]) * grow;
    const l = rt * loScale - shift;
    const h = rt * hiScale + shift;
    const lo = l > 0 ? (l * l - bm2) * invB1 - eta : -1;
    const hi = (h * h - bm2) * invB1 + eta;
    if (hi <= ZERO_VARIANCE || d2 <= c2lo * (lo > 0 ? lo : 0)) continue;
    if (lo > ZERO_VARIANCE && d2 > c2hi * hi) {
      bits[at + (k >>> 5)] |= 1 << (k & 31);
      continue;
    }
    return k;
  }
  return end;
}

/** The same from the coarse bounds |sd_p − sd_k| ≤ s ≤ sd_p + sd_k (with their margins). */
function decideFar(
  from: number,
  end: number,
  ptK: Float64Array,
  sdK: Float64Array,
  sumSqK: Float64Array,
  p: number,
  margin: number,
  etaC: number,
  critical: number,
  bits: Uint32Array,
  at: number,
): number {
  const c2lo = critical * critical * (1 - SLACK);
  const c2hi = critical * critical * (1 + SLACK);
  const pi = ptK[p];
  const sdI = sdK[p];
  const sumSqI = sumSqK[p];
  for (let k = from; k < end; k++) {
    const d = pi - ptK[k];
    const d2 = d * d;
    const sdJ = sdK[k];
    const eta = etaC * (sumSqI + sumSqK[k]);
    const gap = Math.abs(sdI - sdJ) - margin * (sdI + sdJ);
    const sum = (sdI + sdJ) * (1 + margin);
    const lo = gap > 0 ? gap * gap * (1 - SLACK) - eta : -1;
    const hi = sum * sum + eta;
    if (hi <= ZERO_VARIANCE || d2 <= c2lo * (lo > 0 ? lo : 0)) continue;
    if (lo > ZERO_VARIANCE && d2 > c2hi * hi) {
      bits[at + (k >>> 5)] |= 1 << (k & 31);
      continue;
    }
    return k;
  }
  return end;
}

/**
 * Row p's wins (its set bits) and each loser's count; a word of 32 wins (the far pairs, mostly)
 * is counted into `runs`, a difference array that `settleRuns` adds to the losses at the end.
 */
function countRow(verdicts: Verdicts, p: number, runs: Int32Array) {
  const { bits, words, wins, losses } = verdicts;
  let won = 0;
  for (let t = 0; t < words; t++) {
    let x = bits[p * words + t];
    if (x === 0) continue;
    if (x === 0xffffffff) {
      runs[t]++;
      runs[t + 1]--;
      won += 32;
      continue;
    }
    while (x) {
      const low = x & -x;
      losses[t * 32 + 31 - Math.clz32(low)]++;
      won++;
      x ^= low;
    }
  }
  wins[p] += won;
}

function settleRuns(verdicts: Verdicts, runs: Int32Array) {
  const { words, losses } = verdicts;
  for (let t = 0, open = 0; t < words; t++) {
    open += runs[t];
    if (open) for (let b = t * 32; b < Math.min(t * 32 + 32, losses.length); b++) losses[b] += open;
  }
}

/** The verdicts as a bit matrix over positions (row w, column l set: w beats l) and each position's counts. */
interface Verdicts {
  bits: Uint32Array;
  words: number;
  wins: Int32Array;
  losses: Int32Array;
}

/** The verdicts of the pairs of system `x` (an undefined replicate) and each system with a point not in `done`. */
function verdictsOf(st: PairState, x: number, done: Set<number>, critical: number, verdicts: Verdicts) {
  const { points, pos } = st;
  const { bits, words, wins, losses } = verdicts;
  const a = centred(st, x, st.rowBuf);
  const each = (j: number) => {
    if (j === x || done.has(j)) return;
    const d = points[x] - points[j];
    if (!Number.isFinite(d)) return;
    const s = exactSe(exactVariance(st, x, j, a, centred(st, j, st.colBuf)));
    if (!(s > 0) || !(Math.abs(d) > critical * s)) return;
    const [w, l] = d > 0 ? [pos[x], pos[j]] : [pos[j], pos[x]];
    bits[w * words + (l >>> 5)] |= 1 << (l & 31);
    wins[w]++;
    losses[l]++;
  };
  for (let k = 0; k < st.nK; k++) each(st.order[k]);
  for (const j of st.others) each(j);
}

/**
 * The critical value and every pair's verdict, a bounded share a step: pass 1 (c, and the
 * verdicts it can settle in advance) over blocks of ROWS rows of the kernel's systems, pass 2
 * (the rest), then the systems with an undefined replicate one at a time. Verdicts are over the
 * positions `pos`.
 */
function* pairSteps(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level: number,
  simd: boolean,
  counts: RankIntervalCounts,
  makeKernel?: KernelFactory,
): Generator<void, Verdicts & { critical: number; pos: Int32Array }, void> {
  // the kernel as soon as it is made: one with threads lets them go however this ends (done,
  // thrown, or stopped early by the caller's return())
  const held: { kernel?: PairKernel } = {};
  try {
    const st = yield* prepareSteps(points, replicates, counts, (n, B, rows) => {
      held.kernel = (simd && makeKernel?.(n, B, rows)) || pairKernel(n, B, rows, simd);
      return held.kernel;
    });
    return yield* decideSteps(st, points, replicates, level, counts);
  } finally {
    held.kernel?.close?.();
  }
}

/** Pass 1 (the critical value) and pass 2 (every pair's verdict) over the prepared pairs. */
function* decideSteps(
  st: PairState,
  points: ArrayLike<number>,
  replicates: Float64Array[],
  level: number,
  counts: RankIntervalCounts,
): Generator<void, Verdicts & { critical: number; pos: Int32Array }, void> {
  const n = points.length;
  const B = replicates[0].length;
  const words = Math.ceil(n / 32);
  const verdicts: Verdicts = {
    bits: new Uint32Array(n * words),
    words,
    wins: new Int32Array(n),
    losses: new Int32Array(n),
  };
  const k = quantileIndex(B, level, "higher");
  const maxT = new Float64Array(B);
  const v = { value: 0, k };
  let anyPair = false;
  const { kernel, nK, order, others } = st;
  const pending = pendingOf(nK);

  // pass 1: the critical value
  if (B >= 2) {
    if (kernel)
      for (let p0 = 0, ni = 0; p0 < nK - 1; p0 += ni) {
        // the first rows one at a time: WebAssembly starts in its baseline compiler, and v is 0
        ni = Math.min(p0 < 4 ? 1 : ROWS - (p0 % ROWS), nK - 1 - p0);
        const j0 = p0 - (p0 % 4);
        kernel.block(p0, ni, j0, kernel.slots - j0, true);
        if (criticalBlock(st, p0, ni, j0, kernel.slots - j0, maxT, v, verdicts, pending)) anyPair = true;
        v.value = kth(maxT, k);
        yield;
      }
    const done = new Set<number>();
    for (const x of others) {
      const a = centred(st, x, st.rowBuf);
      const each = (j: number) => {
        if (j === x || done.has(j) || !Number.isFinite(points[x] - points[j])) return;
        counts.pairs++;
        counts.undefinedPairs++;
        if (scanPair(st, x, j, a, centred(st, j, st.colBuf), maxT)) anyPair = true;
      };
      for (let q = 0; q < nK; q++) each(order[q]);
      for (const j of others) each(j);
      done.add(x);
      yield;
    }
  }
  const critical = anyPair ? kth(maxT, k) : NaN;

  // pass 2: the verdicts (none when c is undefined or infinite: |d| > c·s never holds)
  if (!(critical < Infinity)) verdicts.bits.fill(0);
  else {
    if (kernel) {
      let reach: Int32Array | null = null;
      const runs = new Int32Array(words + 1);
      for (let p0 = 0; p0 < nK - 1; p0 += ROWS) {
        const end = Math.min(p0 + ROWS, nK - 1);
        for (let p = p0; p < end;) {
          if (critical <= pending.ceiling[p]) {
            settleRow(st, p, critical, pending, verdicts);
            p++;
            continue;
          }
          let q = p + 1; // a run of rows to decide afresh
          while (q < end && !(critical <= pending.ceiling[q])) q++;
          reach ??= reachOf(st, critical);
          verdictBlock(st, p, q - p, reach, critical, verdicts);
          p = q;
        }
        for (let p = p0; p < end; p++) countRow(verdicts, p, runs);
        yield;
      }
      settleRuns(verdicts, runs);
    }
    const done = new Set<number>();
    for (const x of others) {
      verdictsOf(st, x, done, critical, verdicts);
      done.add(x);
      yield;
    }
  }
  return { ...verdicts, critical, pos: st.pos };
}

/**
 * For each kernel row p, the last row whose pair with p may need the kernel when decided afresh:
 * beyond it d > c·(sd_p + sd_max) (with the bounds' margins), so the coarse upper bound s ≤
 * sd_p + sd_k already makes the pair significant. (Only an economy: every pair is checked.)
 */
function reachOf(st: PairState, critical: number): Int32Array {
  const { nK, ptK, sdK, sumSqK } = st;
  let sdMax = 0;
  let sumSqMax = 0;
  for (let q = 0; q < nK; q++) {
    sdMax = Math.max(sdMax, sdK[q]);
    sumSqMax = Math.max(sumSqMax, sumSqK[q]);
  }
  const reach = new Int32Array(nK);
  for (let p = 0, far = 0; p < nK; p++) {
    const eta = st.eta * (sumSqK[p] + sumSqMax);
    const cut = critical * ((sdK[p] + sdMax) * (1 + st.margin) + Math.sqrt(eta)) * (1 + 1e-9);
    far = Math.max(far, p);
    while (far + 1 < nK && ptK[p] - ptK[far + 1] <= cut) far++;
    reach[p] = far;
  }
  return reach;
}

/**
 * Checks rank-interval inputs (one replicate vector per point, all of one length; subsets naming
 * systems that exist) and answers the empty result when there are no points; else null.
 * @throws RangeError on inputs that do not fit
 */
export function checkRankInputs(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  subsets: number[][],
): (RankIntervals & { subsets: RankIntervals[] }) | null {
  const n = points.length;
  if (replicates.length !== n) throw new RangeError("rankIntervals: one replicate vector per point");
  for (const sub of subsets)
    for (const i of sub) if (!(i >= 0 && i < n)) throw new RangeError("rankIntervals: a subset names no system");
  const none = { rows: [], critical: NaN, resamples: 0, beats: [] };
  if (n === 0) return { ...none, subsets: subsets.map(() => ({ ...none, rows: [], beats: [] })) };
  const B = replicates[0].length;
  for (const r of replicates)
    if (r.length !== B) throw new RangeError("rankIntervals: replicate vectors differ in length");
  return null;
}

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
  const pairs = pairSteps(points, replicates, level, options.simd ?? true, counts, options.kernel);
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
