/** F_m (METRICS.md §1) from per-instance rows of [truth, bounce] — what bootstraps resample. */
import { safeDivide } from "./assert";

/** F_m from [truth, bounce] rows (per-instance stats of a bouncer). */
export function fmFromRows(rows: number[][], ti = 0, bi = 1): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  // inline (not countOutcome): this runs 1,000 times per bootstrap
  for (const r of rows) {
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
