import { safeDivide } from "./assert";

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Precision TP/(TP+FP), recall TP/(TP+FN), F1 = 2PR/(P+R); 0 where a denominator is 0
 * (scikit-learn `precision_recall_fscore_support(zero_division=0)`).
 * @example precisionRecallF1(84, 21, 566) // { precision: 0.8, recall: 0.129231, f1: 0.222517 }
 * @throws RangeError on negative counts
 */
export function precisionRecallF1(tp: number, fp: number, fn: number): PRF {
  if (tp < 0 || fp < 0 || fn < 0) throw new RangeError("precisionRecallF1: negative count");
  const precision = safeDivide(tp, tp + fp);
  const recall = safeDivide(tp, tp + fn);
  // sklearn computes F1 as 2TP / (2TP + FP + FN), equal to 2PR/(P+R) and exact at 0.
  const f1 = safeDivide(2 * tp, 2 * tp + fp + fn);
  return { precision, recall, f1 };
}
