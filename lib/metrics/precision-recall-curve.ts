import { assertBinary, assertNonEmpty, assertSameLength } from "./assert";

export interface PrCurve {
  /** ascending distinct score thresholds */
  thresholds: number[];
  /** precision at each threshold, then the end point 1 */
  precision: number[];
  /** recall at each threshold, then the end point 0 */
  recall: number[];
}

/**
 * Precision-recall curve as `sklearn.metrics.precision_recall_curve`: one point per distinct
 * score (predict positive iff score ≥ threshold), ascending thresholds, plus the end point
 * (precision 1, recall 0). Recall is 0 everywhere when there are no positives.
 * @example precisionRecallCurve([1,0], [0.9,0.1]) // { thresholds: [0.1,0.9], precision: [0.5,1,1], recall: [1,1,0] }
 * @throws RangeError on empty/mismatched input, non-binary truth or NaN scores
 */
export function precisionRecallCurve(truth: ArrayLike<number>, scores: ArrayLike<number>): PrCurve {
  assertNonEmpty("precisionRecallCurve", truth);
  assertSameLength("precisionRecallCurve", truth, scores);
  assertBinary("precisionRecallCurve truth", truth);
  const idx = Array.from({ length: truth.length }, (_, i) => i);
  for (const i of idx)
    if (!Number.isFinite(scores[i])) throw new RangeError(`precisionRecallCurve: score at ${i} is not finite`);
  idx.sort((p, q) => scores[q] - scores[p]);
  let totalPos = 0;
  for (let i = 0; i < truth.length; i++) totalPos += truth[i];
  const thr: number[] = [];
  const prec: number[] = [];
  const rec: number[] = [];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < idx.length; i++) {
    if (truth[idx[i]] === 1) tp++;
    else fp++;
    if (i + 1 < idx.length && scores[idx[i + 1]] === scores[idx[i]]) continue;
    thr.push(scores[idx[i]]);
    prec.push(tp / (tp + fp));
    rec.push(totalPos === 0 ? 0 : tp / totalPos);
  }
  thr.reverse();
  prec.reverse();
  rec.reverse();
  prec.push(1);
  rec.push(0);
  return { thresholds: thr, precision: prec, recall: rec };
}
