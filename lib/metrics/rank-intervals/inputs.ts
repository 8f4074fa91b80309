import type { RankIntervals } from "./types";

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
