import { type Pending } from "./critical";
import {
  type PairState,
  SLACK,
  type Verdicts,
  centred,
  exactSe,
  exactVariance,
  finiteUpTo,
  gridOf,
  KernelBounds,
  boundVerdict,
} from "./pair-state";

/**
 * Pass 2 on a row whose tentative verdicts hold (c ≤ its C): its pending pairs, from their
 * bounds or, within them, from the direct formula's standard error.
 */
export function settleRow(st: PairState, p: number, critical: number, pending: Pending, verdicts: Verdicts) {
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
    const verdict = boundVerdict(d * d, lo, hi, c2lo, c2hi);
    let significant = verdict === 1;
    if (verdict === -1) {
      a ??= centred(st, order[p], st.rowBuf);
      const s = exactSe(exactVariance(st, order[p], order[k], a, centred(st, order[k], st.colBuf)));
      counts.exactVerdicts++;
      significant = s > 0 && d > critical * s;
    }
    if (significant) bits[at + (k >>> 5)] |= 1 << (k & 31);
  }
}

/** Pass 2's rows decided afresh: the reach of each (reachOf), the critical value, the verdicts. */
export interface PassTwo {
  st: PairState;
  reach: Int32Array;
  critical: number;
  verdicts: Verdicts;
}

/** Kernel row p of a block decided afresh: its sums of squares from `base` in S, its verdicts at bits[at …]. */
interface DecidedRow {
  st: PairState;
  /** the row's variance bounds from the kernel's sums */
  bounds: KernelBounds;
  S: Float64Array;
  base: number;
  p: number;
  critical: number;
  bits: Uint32Array;
  at: number;
}

/**
 * Pass 2 on rows [p0, p0 + ni) decided afresh (their C fell short of c): every pair (p, k > p) —
 * p's point is at least k's, so "p beats k" when |d| > c·s. Pairs up to reach[p] get the
 * kernel's Σ(qi − qj)² again; beyond it the coarse bounds |sd_i − sd_j| ≤ s ≤ sd_i + sd_j
 * (triangle inequality on the mean-centred vectors) decide; undecided pairs get the direct
 * formula's standard error.
 */
export function verdictBlock(pass: PassTwo, { p0, ni }: { p0: number; ni: number }) {
  const { st, reach, critical, verdicts } = pass;
  const { order, nK, ptK, counts } = st;
  const kernel = st.kernel!;
  const j0 = p0 - (p0 % 4);
  let last = p0;
  for (let p = p0; p < p0 + ni; p++) last = Math.max(last, reach[p]);
  const nj = Math.min(kernel.slots, Math.ceil((last + 1) / 4) * 4) - j0;
  if (last > p0) kernel.block({ i0: p0, ni }, { j0, nj }, false);
  const S = kernel.sumSq;
  const g = gridOf(st);
  const { bits, words } = verdicts;
  for (let row = 0; row < ni; row++) {
    const p = p0 + row;
    const to = Number.isFinite(ptK[p] - ptK[nK - 1]) ? nK : finiteUpTo(ptK, p);
    const near = Math.min(reach[p], to - 1);
    const at = p * words;
    bits.fill(0, at, at + words);
    const decided: DecidedRow = {
      st,
      bounds: new KernelBounds(st, g, p),
      S,
      base: row * nj - j0,
      p,
      critical,
      bits,
      at,
    };
    let a: Float64Array | null = null;
    let k = p + 1;
    while (k < to) {
      const end = k <= near ? near + 1 : to;
      const u = k <= near ? decideNear(decided, k, end) : decideFar(decided, k, end);
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
function decideNear(row: DecidedRow, from: number, end: number): number {
  const { st, S, base, p, critical, bits, at, bounds } = row;
  const { ptK } = st;
  const c2lo = critical * critical * (1 - SLACK);
  const c2hi = critical * critical * (1 + SLACK);
  const pi = ptK[p];
  for (let k = from; k < end; k++) {
    const d = pi - ptK[k];
    bounds.of(k, S[base + k]);
    const verdict = boundVerdict(d * d, bounds.lo, bounds.hi, c2lo, c2hi);
    if (verdict === -1) return k;
    if (verdict === 1) bits[at + (k >>> 5)] |= 1 << (k & 31);
  }
  return end;
}

/** The same from the coarse bounds |sd_p − sd_k| ≤ s ≤ sd_p + sd_k (with their margins). */
function decideFar(row: DecidedRow, from: number, end: number): number {
  const { st, p, critical, bits, at } = row;
  const { ptK, sdK, sumSqK, margin, eta: etaC } = st;
  const c2lo = critical * critical * (1 - SLACK);
  const c2hi = critical * critical * (1 + SLACK);
  const pi = ptK[p];
  const sdI = sdK[p];
  const sumSqI = sumSqK[p];
  for (let k = from; k < end; k++) {
    const d = pi - ptK[k];
    const sdJ = sdK[k];
    const eta = etaC * (sumSqI + sumSqK[k]);
    const gap = Math.abs(sdI - sdJ) - margin * (sdI + sdJ);
    const sum = (sdI + sdJ) * (1 + margin);
    const lo = gap > 0 ? gap * gap * (1 - SLACK) - eta : -1;
    const verdict = boundVerdict(d * d, lo, sum * sum + eta, c2lo, c2hi);
    if (verdict === -1) return k;
    if (verdict === 1) bits[at + (k >>> 5)] |= 1 << (k & 31);
  }
  return end;
}

/**
 * Row p's wins (its set bits) and each loser's count; a word of 32 wins (the far pairs, mostly)
 * is counted into `runs`, a difference array that `settleRuns` adds to the losses at the end.
 */
export function countRow(verdicts: Verdicts, p: number, runs: Int32Array) {
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

export function settleRuns(verdicts: Verdicts, runs: Int32Array) {
  const { words, losses } = verdicts;
  for (let t = 0, open = 0; t < words; t++) {
    open += runs[t];
    if (open) for (let b = t * 32; b < Math.min(t * 32 + 32, losses.length); b++) losses[b] += open;
  }
}

/** The verdicts of the pairs of system `x` (an undefined replicate) and each system with a point not in `done`. */
export function verdictsOf(st: PairState, x: number, done: Set<number>, critical: number, verdicts: Verdicts) {
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
 * For each kernel row p, the last row whose pair with p may need the kernel when decided afresh:
 * beyond it d > c·(sd_p + sd_max) (with the bounds' margins), so the coarse upper bound s ≤
 * sd_p + sd_k already makes the pair significant. (Only an economy: every pair is checked.)
 */
export function reachOf(st: PairState, critical: number): Int32Array {
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
