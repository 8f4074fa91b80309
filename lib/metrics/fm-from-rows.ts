/** F_m (METRICS.md §1) from per-instance rows of [truth, bounce] — what bootstraps resample. */
import { safeDivide } from "./assert";

/**
 * F_m from [truth, bounce] rows (per-instance stats of a bouncer). With `ci` (a column index), only
 * the rows whose column `ci` is not 0 count (Lite's input half: each ticket's first instance).
 * @example fmFromRows([[1, 1, 1], [0, 1, 0], [0, 0, 1]], 0, 1, 2) // 1 (the middle row does not count)
 */
export function fmFromRows(rows: number[][], ti = 0, bi = 1, ci?: number): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  // inline (not countOutcome): this runs 1,000 times per bootstrap
  for (const r of rows) {
    if (ci !== undefined && r[ci] === 0) continue;
    if (r[ti] === 1) {
      if (r[bi] === 1) tp++;
      else fn++;
    } else if (r[bi] === 1) fp++;
    else tn++;
  }
  const fb = safeDivide(2 * tp, 2 * tp + fp + fn);
  const fa = safeDivide(2 * tn, 2 * tn + fn + fp);
  return (fa + fb) / 2;
}
