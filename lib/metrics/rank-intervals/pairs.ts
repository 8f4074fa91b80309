// The simultaneous intervals' pairwise work, in steps: the critical value c (pass 1, critical.ts)
// and every pair's verdict |d| > c·s (pass 2, verdicts.ts), over the systems prepare in
// pair-state.ts; the systems with an undefined replicate are computed directly, one at a time.
import { criticalBlock, pendingOf, type Pending, type PassOne } from "./critical";
import { type PairKernel, pairKernel } from "./kernel/kernel";
import { kth, quantileIndex } from "./order-statistics";
import { type PairState, ROWS, type Verdicts, centred, prepareSteps, scanPair } from "./pair-state";
import type { KernelFactory, RankIntervalCounts } from "./types";
import { countRow, reachOf, settleRow, settleRuns, verdictBlock, verdictsOf } from "./verdicts";

/** What the pairs are computed from. */
export interface PairInput {
  points: ArrayLike<number>;
  replicates: Float64Array[];
  level: number;
}

/** How: the kernel (WebAssembly unless `simd` is false; `makeKernel` may spread it over threads), and the counts to fill in. */
export interface PairHow {
  simd: boolean;
  counts: RankIntervalCounts;
  makeKernel?: KernelFactory;
}

/**
 * The critical value and every pair's verdict, a bounded share a step: pass 1 (c, and the
 * verdicts it can settle in advance) over blocks of ROWS rows of the kernel's systems, pass 2
 * (the rest), then the systems with an undefined replicate one at a time. Verdicts are over the
 * positions `pos`.
 */
export function* pairSteps(
  input: PairInput,
  how: PairHow,
): Generator<void, Verdicts & { critical: number; pos: Int32Array }, void> {
  const { points, replicates, level } = input;
  const { simd, counts, makeKernel } = how;
  // the kernel as soon as it is made: one with threads lets them go however this ends (done,
  // thrown, or stopped early by the caller's return())
  const held: { kernel?: PairKernel } = {};
  try {
    const st = yield* prepareSteps(points, replicates, counts, (n, B, rows) => {
      held.kernel = (simd && makeKernel?.(n, B, rows)) || pairKernel(n, B, rows, simd);
      return held.kernel;
    });
    const n = points.length;
    const words = Math.ceil(n / 32);
    const verdicts: Verdicts = {
      bits: new Uint32Array(n * words),
      words,
      wins: new Int32Array(n),
      losses: new Int32Array(n),
    };
    const pass: PassOne = {
      st,
      maxT: new Float64Array(st.B),
      v: { value: 0, k: quantileIndex(st.B, level, "higher") },
      verdicts,
      pending: pendingOf(st.nK),
    };
    const critical = yield* criticalSteps(pass);
    // the verdicts: none when c is undefined or infinite (|d| > c·s never holds)
    if (!(critical < Infinity)) verdicts.bits.fill(0);
    else yield* verdictSteps(st, critical, pass.pending, verdicts);
    return { ...verdicts, critical, pos: st.pos };
  } finally {
    held.kernel?.close?.();
  }
}

/** Pass 1: the critical value (NaN when no pair has a spread). */
function* criticalSteps(pass: PassOne): Generator<void, number, void> {
  const { st, maxT, v } = pass;
  const { kernel, nK, order, others, points, B, counts } = st;
  let anyPair = false;
  if (B < 2) return NaN;
  if (kernel)
    for (let p0 = 0, ni = 0; p0 < nK - 1; p0 += ni) {
      // the first rows one at a time: WebAssembly starts in its baseline compiler, and v is 0
      ni = Math.min(p0 < 4 ? 1 : ROWS - (p0 % ROWS), nK - 1 - p0);
      const j0 = p0 - (p0 % 4);
      kernel.block({ i0: p0, ni }, { j0, nj: kernel.slots - j0 }, true);
      if (criticalBlock(pass, { p0, ni }, { j0, nj: kernel.slots - j0 })) anyPair = true;
      v.value = kth(maxT, v.k);
      yield;
    }
  const done = new Set<number>();
  for (const x of others) {
    const a = { i: x, c: centred(st, x, st.rowBuf) };
    const each = (j: number) => {
      if (j === x || done.has(j) || !Number.isFinite(points[x] - points[j])) return;
      counts.pairs++;
      counts.undefinedPairs++;
      if (scanPair(st, a, { i: j, c: centred(st, j, st.colBuf) }, maxT)) anyPair = true;
    };
    for (let q = 0; q < nK; q++) each(order[q]);
    for (const j of others) each(j);
    done.add(x);
    yield;
  }
  return anyPair ? kth(maxT, v.k) : NaN;
}

/** Pass 2: every pair's verdict for a finite critical value. */
function* verdictSteps(
  st: PairState,
  critical: number,
  pending: Pending,
  verdicts: Verdicts,
): Generator<void, void, void> {
  const { kernel, nK, others } = st;
  if (kernel) {
    let reach: Int32Array | null = null;
    const runs = new Int32Array(verdicts.words + 1);
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
        verdictBlock({ st, reach, critical, verdicts }, { p0: p, ni: q - p });
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
