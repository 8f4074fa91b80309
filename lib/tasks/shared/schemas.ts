import { z } from "zod";

/** A stored number that may have been undefined (NaN/∞ are stored as JSON null). */
export const StoredNumber = z.number().nullable();

/** A precision-recall curve as stored in score details (lib/metrics/precision-recall-curve). */
export const PrCurveSchema = z.object({
  thresholds: z.array(z.number()),
  precision: z.array(z.number()),
  recall: z.array(z.number()),
});

/** A share of a confusion matrix (lib/metrics/confusion-counts). */
export const ConfusionCountsSchema = z.object({
  tp: z.number().int(),
  fp: z.number().int(),
  tn: z.number().int(),
  fn: z.number().int(),
});
