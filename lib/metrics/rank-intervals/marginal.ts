import { competitionRanks, nthSmallest, quantileIndex } from "./order-statistics";
import { radixBuffers, resampleOrder } from "./radix-order";

/** Resamples per step of the marginal intervals (their replicates are gathered a block at a time). */
const RESAMPLE_BLOCK = 32;

export interface View {
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
export function* marginalSteps(
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
export function flush(view: View, r0: number, len: number, B: number) {
  const { block, ranks } = view;
  const m = view.members.length;
  for (let x = 0; x < m; x++) for (let t = 0; t < len; t++) ranks[x * B + r0 + t] = block[t * m + x];
}
