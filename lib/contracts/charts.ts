// A score read per slice of instances and per threshold: a submission's breakdown by a release
// attribute, its length buckets (BouncerBench), the Abstain-and-Validate threshold explorer.
import { z } from "zod";
import { Metrics } from "./common";
export { BreakdownQuery, PolicyQuery, ReleaseQuery } from "@/lib/validations/common";

const count = z.number().int().nonnegative();
const interval = z.object({ lo: z.number(), hi: z.number() });

/** GET /api/v1/submissions/{id}/breakdown: the score's metrics on each slice, with bootstrap CIs. */
export const SubmissionBreakdown = z.object({
  submissionId: z.uuid(),
  release: z.string(),
  by: z.string(),
  primaryMetric: z.string(),
  /** the attributes the score was broken down by */
  attributes: z.array(z.string()),
  slices: z.array(
    z.object({
      value: z.string(),
      n: count,
      metrics: Metrics,
      /** the primary metric's 95% interval on the slice */
      ci: interval.nullable(),
      /** a slice of one truth class: the metric the paper reads there (R_b, FNR_a), not a capped primary */
      headline: z
        .object({ key: z.string(), label: z.string(), value: z.number().nullable(), ci: interval.nullable() })
        .optional(),
    }),
  ),
});
export type SubmissionBreakdown = z.infer<typeof SubmissionBreakdown>;

/**
 * GET /api/v1/submissions/{id}/length-buckets (METRICS.md §3): TPR and FPR by issue length
 * (input) or patch length (output). Bounds are inclusive integers (max null: no upper bound);
 * counts are integers and rates fractions.
 */
export const LengthBuckets = z.object({
  submissionId: z.uuid(),
  release: z.string(),
  side: z.enum(["input", "output"]),
  covered: count,
  total: count,
  buckets: z.array(
    z.object({
      label: z.string(),
      min: count,
      max: count.nullable(),
      n: count,
      /** the share of the bucket's instances that should bounce */
      should_bounce: z.number(),
      tpr: z.number(),
      fpr: z.number(),
    }),
  ),
});
export type LengthBuckets = z.infer<typeof LengthBuckets>;

const rates = z.object({ precision: z.number(), recall: z.number(), fpr: z.number() });

/** GET /api/v1/submissions/{id}/policy: the threshold explorer's aggregates at `tau` and `percentile`. */
export const PolicyAggregates = z.object({
  tau: z.number(),
  percentile: z.number(),
  /** the patch score a trajectory must reach; null when no trajectory passes the filter */
  cutoff: z.number().nullable(),
  abstention: rates,
  validation: rates,
  funnel: z.array(z.object({ stage: z.string(), bugs: count, success_at_1: z.number() })),
  successAtK: z.array(z.object({ value: z.number(), bugs: count })),
});
export type PolicyAggregates = z.infer<typeof PolicyAggregates>;
