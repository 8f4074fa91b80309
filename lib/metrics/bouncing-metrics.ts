import { confusionCounts, type ConfusionCounts } from "./confusion-counts";
import { precisionRecallF1 } from "./precision-recall-f1";
import { safeDivide } from "./assert";

export interface BouncingMetrics {
  P_a: number;
  R_a: number;
  F_a: number;
  P_b: number;
  R_b: number;
  F_b: number;
  /** macro F-measure (F_a + F_b) / 2 */
  F_m: number;
  /** FN_a / (TP_a + FN_a) = 1 - R_a: should-accept cases wrongly bounced */
  FNR_a: number;
  /** FP_a / (TN_a + FP_a) = 1 - R_b: should-bounce cases wrongly accepted */
  FPR_a: number;
  counts: ConfusionCounts;
}

/**
 * Two-class metrics of a bouncer (METRICS.md §1; BouncerBench §III-C).
 * truth t_i = 1 if the instance should be bounced; pred b_i = 1 if bounced.
 * Accept class: TP_a = TN_b, FP_a = FN_b, FN_a = FP_b.
 * @example bouncingMetrics([1,0,1,0], [1,0,0,0]).F_m // 0.733333
 * @throws RangeError on empty, mismatched or non-binary input
 */
export function bouncingMetrics(truth: ArrayLike<number>, pred: ArrayLike<number>): BouncingMetrics {
  const counts = confusionCounts(truth, pred);
  const { tp, fp, fn, tn } = counts;
  const b = precisionRecallF1(tp, fp, fn);
  const a = precisionRecallF1(tn, fn, fp);
  return {
    P_a: a.precision,
    R_a: a.recall,
    F_a: a.f1,
    P_b: b.precision,
    R_b: b.recall,
    F_b: b.f1,
    F_m: (a.f1 + b.f1) / 2,
    FNR_a: safeDivide(fp, tn + fp),
    FPR_a: safeDivide(fn, tp + fn),
    counts,
  };
}
