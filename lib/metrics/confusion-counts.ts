import { assertBinary, assertNonEmpty, assertSameLength } from "./assert";

export interface ConfusionCounts {
  /** truth 1, predicted 1 */
  tp: number;
  /** truth 0, predicted 1 */
  fp: number;
  /** truth 1, predicted 0 */
  fn: number;
  /** truth 0, predicted 0 */
  tn: number;
}

/**
 * Binary confusion counts for the positive class 1.
 * @example confusionCounts([1,0,1], [1,1,0]) // { tp: 1, fp: 1, fn: 1, tn: 0 }
 * @throws RangeError on empty, mismatched or non-binary input
 */
export function confusionCounts(truth: ArrayLike<number>, pred: ArrayLike<number>): ConfusionCounts {
  assertNonEmpty("confusionCounts", truth);
  assertSameLength("confusionCounts", truth, pred);
  assertBinary("confusionCounts truth", truth);
  assertBinary("confusionCounts pred", pred);
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (let i = 0; i < truth.length; i++) countOutcome(c, truth[i] === 1, pred[i] === 1);
  return c;
}

/** Adds one decision to running confusion counts (truth and prediction of the positive class). */
export function countOutcome(c: ConfusionCounts, truth: boolean, pred: boolean): void {
  if (truth) {
    if (pred) c.tp++;
    else c.fn++;
  } else if (pred) c.fp++;
  else c.tn++;
}
