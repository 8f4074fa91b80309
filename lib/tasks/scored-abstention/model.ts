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
  /** a machine-reported bug (NPE, sanitizer; the paper's RQ4): eligible by construction, no abstention */
  validationOnly: z.boolean().optional(),
  /** hasPatch false: the trajectory produced no patch (absent: it did) */
  trajectories: z.array(z.object({ id: z.string(), patch: z.string().optional(), hasPatch: z.boolean().optional() })),
});
export type AvMetadata = z.infer<typeof AvMetadata>;
/**
 * A stored prediction: the abstention score (null on a validation-only bug) and the validations the
 * upload carries — one per judged trajectory. A trajectory of the bug with none was never judged
 * (the paper judges only what its deterministic checks keep, §3.2.1): it counts as rejected.
 */
export const AvPrediction = z.object({
  abstentionScore: z.number().min(0).max(1).nullable(),
  trajectories: z.array(z.object({ id: z.string(), judgment: z.boolean(), score: z.number().min(0).max(1) })),
});
export type AvPrediction = z.infer<typeof AvPrediction>;
export type PredTrajectory = AvPrediction["trajectories"][number];

const SuccessAtKSchema = z.array(z.object({ value: z.number(), bugs: z.number().int() }));
const CountsSchema = z.object({
  tp: z.number().int(),
  fp: z.number().int(),
  fn: z.number().int(),
  tn: z.number().int(),
});
const LineOpsSchema = z.object({
  n: z.number().int(),
  mean: z.number(),
  median: z.number(),
  bins: z.array(z.number().int()),
});
/** Table 3's values over one group of bug reports (lib/metrics ReportTraitsSummary). */
export const ReportTraitsSchema = z.object({
  bugs: z.number().int(),
  identifiers: z.number(),
  chars: z.number(),
  repoRoot: z.number(),
  buildRule: z.number(),
  codeTicks: z.number(),
});
export const AvDetails = z.object({
  tau: z.number(),
  /** percentile cutoffs of patch scores (null when no patch passes the filter) */
  cutoffs: z.object({ p75: StoredNumber, p90: StoredNumber }),
  prevalence: z.object({ fixable: z.number(), trajectorySuccess: z.number() }),
  successAtK: z.record(z.string(), SuccessAtKSchema),
  funnel: z.array(z.object({ stage: z.string(), bugs: z.number().int(), success_at_1: z.number() })),
  abstentionCurve: PrCurveSchema.nullable(),
  validationCurve: PrCurveSchema.nullable(),
  /** share of filtered trajectories scored 0 (≥ 0.75: the p75 cutoff is 0 and keeps them all) */
  zeroShare: z.number().optional(),
  /** (pass & validation)@k, k = 1..K (Figure 7) */
  passAndValidationAtK: z.record(z.string(), z.array(z.number())).optional(),
  histogram: z.object({ predicted: z.array(z.number().int()), empirical: z.array(z.number().int()) }),
  /**
   * Confusion counts of each validation decision (binary, p75, p90) against trajectory success:
   * over the trajectories passing the filter (unjudged = rejected) and over the judged ones (Table 4)
   */
  validationCounts: z.record(z.string(), z.object({ filtered: CountsSchema, judged: CountsSchema })).optional(),
  /** (validation recall)@k per decision, k = 1..K (Appendix C.1, Figure 14) */
  validationRecallAtK: z.record(z.string(), SuccessAtKSchema).optional(),
  /** trajectories without a validation in the upload (counted as rejected) */
  unjudged: z.object({ total: z.number().int(), passingFilter: z.number().int() }).optional(),
  /**
   * Line-level operations of the judged patches the p75 decision accepts and rejects (§7, Figure
   * 15); null when the release carries no patch text for them
   */
  patchOps: z
    .object({ decision: z.string(), accepted: LineOpsSchema.nullable(), rejected: LineOpsSchema.nullable() })
    .nullable()
    .optional(),
  /**
   * Table 3 / Figure 12 (§7): the bug reports abstention attempts vs abstains on (lib/metrics
   * report-traits); absent in scores from before issue 50, a group null when no bug falls in it
   */
  reportTraits: z.object({ abstain: ReportTraitsSchema.nullable(), attempt: ReportTraitsSchema.nullable() }).optional(),
  lift: z.array(
    z.object({
      category: z.string(),
      bugs: z.number().int(),
      pass_at_1: z.number(),
      abstention: StoredNumber,
      /** the deterministic filter alone (Table 2's repro-test column) */
      regression: StoredNumber.optional(),
      validation_binary: StoredNumber,
      validation_p75: StoredNumber.optional(),
      validation_p90: StoredNumber.optional(),
      combined_binary: StoredNumber,
      combined_p75: StoredNumber.optional(),
      combined_p90: StoredNumber.optional(),
    }),
  ),
});
export type AvDetails = z.infer<typeof AvDetails>;

/**
 * The bug the metrics take: truth, public metadata and prediction aligned by trajectory id. A
 * trajectory the prediction has no validation for is rejected (judgment false, score 0) and
 * marked `judged: false` — whether the release's checks dropped it or not, which the parser never
 * asks (a hidden release's regression flags are truth).
 */
export function toBug(truth: AvTruth, prediction: AvPrediction, metadata: AvMetadata): AvBug {
  const preds = new Map<string, PredTrajectory>(prediction.trajectories.map((t) => [t.id, t]));
  const noPatch = new Set(metadata.trajectories.filter((t) => t.hasPatch === false).map((t) => t.id));
  return {
    abstentionScore: prediction.abstentionScore ?? 1,
    category: metadata.category ?? "uncategorized",
    ...(metadata.validationOnly ? { validationOnly: true } : {}),
    trajectories: truth.trajectories.map((t) => {
      const p = preds.get(t.id);
      return {
        success: t.success,
        passesRegression: t.passesRegression,
        judgment: p?.judgment ?? false,
        score: p?.score ?? 0,
        ...(noPatch.has(t.id) ? { hasPatch: false } : {}),
        ...(p ? {} : { judged: false }),
      };
    }),
  };
}
