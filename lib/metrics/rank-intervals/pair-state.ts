import { type PairKernel, quantLevels } from "./kernel/kernel";
import { type RankIntervalCounts } from "./types";

/** Rows of pairs per step (one kernel call: ~30 ms at 10,000 systems). */
export const ROWS = 32;
/** Relative slack on bounds computed in float64 (a few ulps, generously). */
export const SLACK = 1e-12;
/** The old formula's variance is 0 at or below this (identical vectors). */
export const ZERO_VARIANCE = 1e-24;

/** Everything the pairwise passes share. */
export interface PairState {
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
export function centred(st: PairState, i: number, out: Float64Array): Float64Array {
  const p = st.points[i];
  const v = st.replicates[i];
  for (let r = 0; r < st.B; r++) out[r] = v[r] - p;
  return out;
}

/** The direct computation's variance of the difference of two centred vectors (bit for bit). */
export function exactVariance(st: PairState, i: number, j: number, a: Float64Array, b: Float64Array): number {
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
export const exactSe = (v: number) => (v > ZERO_VARIANCE ? Math.sqrt(v) : 0);

/** System i's centred vector c (from `centred`). */
export interface Centred {
  i: number;
  c: Float64Array;
}

/** One pair's studentised deviations into the running maxima; whether it had a spread. */
export function scanPair(st: PairState, row: Centred, col: Centred, maxT: Float64Array): boolean {
  const [a, b] = [row.c, col.c];
  const s = exactSe(exactVariance(st, row.i, col.i, a, b));
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
export function* prepareSteps(
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
export interface Grid {
  /** ‖Δ‖ ≥ rt·loScale − (errK[i] + errK[j])·grow and ≤ rt·hiScale + (…)·grow, rt = √S */
  loScale: number;
  hiScale: number;
  grow: number;
  /** |Δ_r| ≤ M·hiScale + (emaxK[i] + emaxK[j])·grow for every r, M = max|qi − qj| */
  invB1: number;
  invB: number;
  B: number;
}

export function gridOf(st: PairState): Grid {
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
 * Bounds lo ≤ v ≤ hi on the direct formula's variance of kernel pairs (p, k) from their exact
 * Σ(qp − qk)² (Grid): `of(k, s)` sets `lo` (−1: no positive lower bound) and `hi`. Made once per
 * row; the pass-1 screen and the pass-2 verdicts share it.
 */
export class KernelBounds {
  lo = 0;
  hi = 0;
  private readonly sumI: number;
  private readonly sumSqI: number;
  private readonly errI: number;

  constructor(
    private readonly st: PairState,
    private readonly g: Grid,
    p: number,
  ) {
    this.sumI = st.sumK[p];
    this.sumSqI = st.sumSqK[p];
    this.errI = st.errK[p];
  }

  of(k: number, s: number): void {
    const { loScale, hiScale, grow, invB1, invB, B } = this.g;
    const { sumK, sumSqK, errK } = this.st;
    const rt = Math.sqrt(s);
    const mean = (this.sumI - sumK[k]) * invB; // bounds only: its rounding is within eta
    const bm2 = B * mean * mean;
    const eta = this.st.eta * (this.sumSqI + sumSqK[k]);
    const shift = (this.errI + errK[k]) * grow;
    const l = rt * loScale - shift;
    const h = rt * hiScale + shift;
    this.lo = l > 0 ? (l * l - bm2) * invB1 - eta : -1;
    this.hi = (h * h - bm2) * invB1 + eta;
  }
}

/**
 * A pair's verdict from bounds lo ≤ s² ≤ hi (lo ≤ 0: none) on its squared standard error, for
 * |d| > c·s compared as d² > c²·s²: 0 not significant (d² ≤ c²·lo, or no spread for sure), 1
 * significant (d² > c²·hi), −1 undecided. `c2lo`/`c2hi`: c² rounded down/up (SLACK).
 */
export function boundVerdict(d2: number, lo: number, hi: number, c2lo: number, c2hi: number): -1 | 0 | 1 {
  if (hi <= ZERO_VARIANCE || d2 <= c2lo * (lo > 0 ? lo : 0)) return 0;
  if (lo > ZERO_VARIANCE && d2 > c2hi * hi) return 1;
  return -1;
}

/** The first of the kernel's columns past p whose difference with p is not finite (points sorted). */
export function finiteUpTo(ptK: Float64Array, p: number): number {
  let k = p + 1;
  while (k < ptK.length && Number.isFinite(ptK[p] - ptK[k])) k++;
  return k;
}

/** The verdicts as a bit matrix over positions (row w, column l set: w beats l) and each position's counts. */
export interface Verdicts {
  bits: Uint32Array;
  words: number;
  wins: Int32Array;
  losses: Int32Array;
}
