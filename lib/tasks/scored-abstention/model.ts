// The stored shapes of an Abstain-and-Validate bug (truth, metadata, prediction, details) and
// the bug the metrics take: shared by the kind (index.ts) and its chart data (chart-data.ts).
import { z } from "zod";
import type { AvBug } from "@/lib/metrics";
import { PrCurveSchema, StoredNumber } from "@/lib/tasks/shared/schemas";

/** Stored truth of a bug: whether each trajectory's patch succeeds and passes the regression filter. */
export const AvTruth = z.object({
  trajectories: z.array(z.object({ id: z.string(), success: z.boolean(), passesRegression: z.boolean() })),
});
export type AvTruth = z.infer<typeof AvTruth>;
/** Public metadata of a bug: its title, description, category and trajectories (ids, patches). */
export const AvMetadata = z.object({
  title: z.string(),
  description: z.string().optional(),
  category: z.string().optional(),
  trajectories: z.array(z.object({ id: z.string(), patch: z.string().optional() })),
});
export type AvMetadata = z.infer<typeof AvMetadata>;
/** A stored prediction: the abstention score and a validation per trajectory. */
export const AvPrediction = z.object({
  abstentionScore: z.number().min(0).max(1),
  trajectories: z.array(z.object({ id: z.string(), judgment: z.boolean(), score: z.number().min(0).max(1) })),
});
export type AvPrediction = z.infer<typeof AvPrediction>;
export type PredTrajectory = AvPrediction["trajectories"][number];

const SuccessAtKSchema = z.array(z.object({ value: z.number(), bugs: z.number().int() }));
export const AvDetails = z.object({
  tau: z.number(),
  /** percentile cutoffs of patch scores (null when no patch passes the filter) */
  cutoffs: z.object({ p75: StoredNumber, p90: StoredNumber }),
  prevalence: z.object({ fixable: z.number(), trajectorySuccess: z.number() }),
  successAtK: z.record(z.string(), SuccessAtKSchema),
  funnel: z.array(z.object({ stage: z.string(), bugs: z.number().int(), success_at_1: z.number() })),
  abstentionCurve: PrCurveSchema,
  validationCurve: PrCurveSchema.nullable(),
  histogram: z.object({ predicted: z.array(z.number().int()), empirical: z.array(z.number().int()) }),
  lift: z.array(
    z.object({
      category: z.string(),
      bugs: z.number().int(),
      pass_at_1: z.number(),
      abstention: StoredNumber,
      validation_binary: StoredNumber,
      combined_binary: StoredNumber,
    }),
  ),
});
export type AvDetails = z.infer<typeof AvDetails>;

export function toBug(truth: AvTruth, prediction: AvPrediction, metadata: AvMetadata): AvBug {
  const preds = new Map<string, PredTrajectory>(prediction.trajectories.map((t) => [t.id, t]));
  return {
    abstentionScore: prediction.abstentionScore,
    category: metadata.category ?? "uncategorized",
    trajectories: truth.trajectories.map((t) => {
      const p = preds.get(t.id);
      return {
        success: t.success,
        passesRegression: t.passesRegression,
        judgment: p?.judgment ?? false,
        score: p?.score ?? 0,
      };
    }),
  };
}
