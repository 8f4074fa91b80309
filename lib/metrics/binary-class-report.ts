import type { ConfusionCounts } from "./confusion-counts";
import { safeDivide } from "./assert";

/** Precision and recall of one class, and how many cases truly belong to it. */
export interface ClassRates {
  precision: number;
  recall: number;
  /** cases whose truth is this class */
  support: number;
}

/** Both classes of a binary decision, as Abstain-and-Validate's Table 4 lists them, and its FPR. */
export interface BinaryClassReport {
  /** the positive class (accepted / judged fixed): P = TP/(TP+FP), R = TP/(TP+FN) */
  true: ClassRates;
  /** the negative class (rejected): P = TN/(TN+FN) (the negative predictive value), R = TN/(TN+FP) */
  false: ClassRates;
  /** false-positive rate FP/(FP+TN) = 1 − the negative class's recall */
  fpr: number;
}

/**
 * Per-class precision and recall of a binary decision from its confusion counts (Abstain-and-
 * Validate §6.2 and Table 4: the FALSE and TRUE rows of the binary judgment), as scikit-learn's
 * `precision_recall_fscore_support(y, ŷ, labels=[0, 1], zero_division=0)`; the FPR as
 * `fp / (fp + tn)` of `confusion_matrix(y, ŷ, labels=[0, 1]).ravel()`. 0 where a denominator is 0.
 * @example binaryClassReport({ tp: 2, fp: 1, fn: 1, tn: 4 })
 * // { true: { precision: 0.666667, recall: 0.666667, support: 3 }, false: { precision: 0.8, recall: 0.8, support: 5 }, fpr: 0.2 }
 * @throws RangeError on a negative or non-integer count
 */
export function binaryClassReport(c: ConfusionCounts): BinaryClassReport {
  for (const k of ["tp", "fp", "fn", "tn"] as const)
    if (!Number.isInteger(c[k]) || c[k] < 0) throw new RangeError(`binaryClassReport: ${k} = ${c[k]}`);
  return {
    true: { precision: safeDivide(c.tp, c.tp + c.fp), recall: safeDivide(c.tp, c.tp + c.fn), support: c.tp + c.fn },
    false: { precision: safeDivide(c.tn, c.tn + c.fn), recall: safeDivide(c.tn, c.tn + c.fp), support: c.tn + c.fp },
    fpr: safeDivide(c.fp, c.fp + c.tn),
  };
}
