// The Lite pipeline's stored shapes (truth, prediction, score details), apart from the kind so
// its chart data reads them without importing the kind.
import { z } from "zod";
import { BounceDetails, BounceTruth, StoredPrediction } from "@/lib/tasks/binary-abstention/schemas";

/** Stored truth of a Lite instance: the input and the output truth of BouncerBench. */
export const LiteTruth = z.object({ input: BounceTruth, output: BounceTruth });
export type LiteTruth = z.infer<typeof LiteTruth>;
/** A Lite prediction: the input and the output bouncer's decisions. */
export const LitePrediction = z.object({
  input: StoredPrediction,
  output: StoredPrediction,
  trace: z.unknown().optional(),
});
export type LitePrediction = z.infer<typeof LitePrediction>;

/** The pipeline funnel's counts (METRICS.md §2). */
export const FunnelSchema = z.object({
  all: z.number().int(),
  input_bounced_vague: z.number().int(),
  input_bounced_clear: z.number().int(),
  input_passed_vague: z.number().int(),
  input_passed_clear: z.number().int(),
  agent_correct: z.number().int(),
  agent_incorrect: z.number().int(),
  output_bounced_correct: z.number().int(),
  output_bounced_incorrect: z.number().int(),
  shown_correct: z.number().int(),
  shown_incorrect: z.number().int(),
});
export type Funnel = z.infer<typeof FunnelSchema>;

export const LiteDetails = z.object({
  input: BounceDetails,
  output: BounceDetails,
  funnel: FunnelSchema,
  before: z.number(),
  after: z.number(),
  lost: z.number(),
});
export type LiteDetails = z.infer<typeof LiteDetails>;
