import { precisionRecallCurve } from "./precision-recall-curve";

/**
 * Average precision AP = Σ_n (R_n − R_{n−1}) P_n over the PR curve's thresholds
 * (`sklearn.metrics.average_precision_score`, no interpolation). 0 when there are no positives.
 * @example averagePrecision([1,0,1,1,0,0,1,0,0,1], [0.9,0.8,0.7,0.7,0.55,0.5,0.4,0.3,0.2,0.1]) // 0.714286
 * @throws RangeError on empty/mismatched input, non-binary truth or NaN scores
 */
export function averagePrecision(truth: ArrayLike<number>, scores: ArrayLike<number>): number {
  const { precision, recall } = precisionRecallCurve(truth, scores);
  let ap = 0;
  // recall is decreasing along the arrays; sklearn: -sum(diff(recall) * precision[:-1])
  for (let i = 0; i < recall.length - 1; i++) ap += (recall[i] - recall[i + 1]) * precision[i];
  return ap;
}
