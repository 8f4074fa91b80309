// CI-Bench's stored shapes (truth, metadata, prediction, score details), apart from the kind so
// its chart data reads them without importing the kind.
import { z } from "zod";

/** Stored truth of an artifact: the developer's fix. */
export const CiTruth = z.object({ developer_patch: z.string() });
export type CiTruth = z.infer<typeof CiTruth>;
/** Public metadata: the repository, language, build system and the pre-fix files. */
export const CiMetadata = z.object({
  repo: z.string(),
  lang: z.string(),
  build_system: z.string(),
  /** the CI service that ran the failing build (BugSwarm: travis, github) */
  ci_service: z.string().optional(),
  /**
   * what failed: the release's own `failure_type`, else from BugSwarm's failed job — "test" (tests
   * failed) or "build" (no failing test); absent when the row says neither (./failure-type.ts)
   */
  failure_type: z.string().optional(),
  files: z.record(z.string(), z.string()),
});
export type CiMetadata = z.infer<typeof CiMetadata>;
/** A stored prediction: the tool's patch (null: none), with the PL/CO it reports. */
export const CiPrediction = z.object({
  patch: z.string().nullable(),
  plausible: z.boolean().optional(),
  correct: z.boolean().optional(),
});
export type CiPrediction = z.infer<typeof CiPrediction>;
/** Score details: which lexer judged how many artifacts, and how many reported PL. */
export const CiDetails = z.object({
  lexers: z.record(z.string(), z.number().int()),
  reported: z.array(z.string()),
  plReportedFor: z.number().int(),
});
export type CiDetails = z.infer<typeof CiDetails>;
