import { kth } from "./order-statistics";
import {
  type Centred,
  type Grid,
  type PairState,
  SLACK,
  type Verdicts,
  ZERO_VARIANCE,
  centred,
  finiteUpTo,
  gridOf,
  scanPair,
  KernelBounds,
  boundVerdict,
} from "./pair-state";

/**
 * What pass 1 leaves for pass 2. While the critical value is not known, v ≤ c is: a pair with
 * |d| ≤ v·s (bounds) is not significant whatever c turns out to be, and one with |d| > C·s,
 * C = WINDOW·v, is significant if c ≤ C — which pass 2 checks row by row (a row whose C fell
 * short is decided again, with the kernel). The pairs in between keep their variance bounds
 * (float32, rounded outwards) for pass 2.
 */
export interface Pending {
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

export function pendingOf(nK: number): Pending {
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
export function reserve(w: Pending, more: number) {
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

/** What pass 1 carries from block to block: the running maxima T*_r, v (their k-th smallest), the verdicts so far. */
export interface PassOne {
  st: PairState;
  maxT: Float64Array;
  v: { value: number; k: number };
  verdicts: Verdicts;
  pending: Pending;
}

/** One kernel row p of a block in pass 1: its results start at `base` in the kernel's arrays. */
interface ScreenedRow {
  pass: PassOne;
  g: Grid;
  p: number;
  base: number;
  /** v when the row began (≤ c): verdicts below it are final */
  lower: number;
}

/**
 * Pass 1 on a block of the kernel's rows. For each pair: bounds on its variance from the kernel;
 * its verdict decided in advance where v and C allow (see Pending); and its bound on the largest
 * studentised deviation, U = max_r |Δ_r| / s ≤ (bound on |Δ_r|) / √(lower bound), against v — the
 * pairs above it (or whose spread is not proven either way) are scanned exactly. Returns whether
 * any pair had a spread (a pair bounded away had one too, but then v > 0: a scanned pair had one).
 */
export function criticalBlock(
  pass: PassOne,
  { p0, ni }: { p0: number; ni: number },
  { j0, nj }: { j0: number; nj: number },
) {
  const { st, maxT, v, pending } = pass;
  const { order, nK, ptK, counts } = st;
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
    let a: Centred | null = null;
    const screened: ScreenedRow = { pass, g, p, base: row * nj - j0, lower };
    for (let k = p + 1; k < to; k++) {
      k = screen(screened, k, to, v.value);
      if (k >= to) break;
      a ??= { i: order[p], c: centred(st, order[p], st.rowBuf) };
      if (scanPair(st, a, { i: order[k], c: centred(st, order[k], st.colBuf) }, maxT)) any = true;
      counts.exactScans++;
      v.value = kth(maxT, v.k);
    }
    pending.start[p + 1] = pending.length;
    counts.pending += pending.length - pending.start[p];
  }
  return any;
}

/**
 * Pairs (p, k), k in [from, to), in pass 1: each one's verdict in advance (into the bit matrix or
 * `pending`), and the first k whose pair may have a studentised deviation above v or whose spread
 * is unproven (a spread of 0 for sure adds nothing): returned (`to` if none). Comparisons are
 * between squares — U ≤ v ⟺ u² ≤ v²·vlo, |d| > c·s ⟺ d² > c²·s² — with
 * SLACK on the safe side.
 */
export function screen(row: ScreenedRow, from: number, to: number, v: number): number {
  const { pass, g, p, base, lower } = row;
  const { st, pending, verdicts } = pass;
  const { sumSq: S, maxAbs: M } = st.kernel!;
  const { hiScale, grow } = g;
  const { ptK, emaxK } = st;
  const bounds = new KernelBounds(st, g, p);
  const v2 = v * v * (1 - SLACK);
  const nonsig = lower * lower * (1 - SLACK);
  const ceiling = pending.ceiling[p];
  const sig = ceiling * ceiling * (1 + SLACK);
  const { bits } = verdicts;
  const at = p * verdicts.words;
  const { k: pk, lo: plo, hi: phi } = pending;
  let n = pending.length;
  const pi = ptK[p];
  const emaxI = emaxK[p];
  let k = from;
  for (; k < to; k++) {
    bounds.of(k, S[base + k]);
    const { lo: vlo, hi: vhi } = bounds;
    const d = pi - ptK[k];
    // not significant whatever c ≥ v (0); significant if c ≤ C (1); else its bounds wait for c
    const verdict = boundVerdict(d * d, vlo, vhi, nonsig, sig);
    if (verdict === 1) bits[at + (k >>> 5)] |= 1 << (k & 31);
    else if (verdict === -1) {
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
