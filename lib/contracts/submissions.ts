// Submissions: the upload's answers (dry run, scored, queued), a submission as GET returns it,
// its changes (PATCH, an admin's verification and hiding), its instances and stored predictions,
// a composed pipeline. Request schemas the pages and server code share (the upload's form fields,
// the PATCH body, …) live in lib/validations/common.ts and are re-exported here, so a client finds
// a resource's whole contract in one module; those only the API reads are defined here.
import { z } from "zod";
import { iso, Metrics, PageFields, Problem } from "./common";
import { JobResponse } from "./jobs";
import { displayName, SystemMeta } from "@/lib/validations/common";
export {
  IdParams,
  SubmissionFields,
  SubmissionPatch,
  InstancesQuery,
  PolicyQuery,
  ReleaseQuery,
  SystemMeta,
} from "@/lib/validations/common";
export { PredictionDownloadQuery } from "@/lib/validations/traces";

/** `GET /api/v1/submissions/{id}/predictions/{instance}` */
export const PredictionParams = z.object({
  id: z.string().uuid("not a submission id"),
  instance: z.string().min(1).max(300),
});
/** `POST /api/v1/admin/submissions/{id}/verify` */
export const VerifyBody = z.object({ verified: z.boolean().default(true) }).strict();
/** `POST /api/v1/admin/submissions/{id}/hide`: the reason its team sees (null: show it again) */
export const HideBody = z
  .object({ reason: z.string().trim().min(3, "say why, in a few words").max(500).nullable() })
  .strict();
/** `POST /api/v1/tasks/{b}/{t}/compose`: a Lite pipeline from an Input and an Output submission */
export const ComposeBody = z
  .object({
    input: z.uuid("input is a submission id"),
    output: z.uuid("output is a submission id"),
    model: displayName("model", 120).optional(),
    /** default: private when either side is, else public */
    visibility: z.enum(["public", "private"]).optional(),
    /** the team to file it under (a member of several teams; default: the token's or the first) */
    team: z.string().trim().max(64).optional(),
  })
  .strict();

/** A composed Lite entry's sources (`submissions.composed_of`). */
export const ComposedOf = z.object({ input: z.uuid(), output: z.uuid() });

/** What the server found in an uploaded file. */
export const ValidationReport = z.object({
  format: z.string(),
  rows: z.number().int(),
  covered: z.number().int(),
  total: z.number().int(),
  missing: z.number().int(),
  missingSample: z.array(z.string()),
  partial: z.boolean(),
  release: z.string(),
  warnings: z.array(z.string()),
});
export type ValidationReport = z.infer<typeof ValidationReport>;

/** `submissions.validation`: the report of a scored file, or the problems of a failed one (read through this schema). */
export const StoredValidation = z.union([
  ValidationReport,
  z.looseObject({ problems: z.array(Problem).optional(), problemCount: z.number().int().optional() }),
  z.null(),
]);
export type StoredValidation = z.infer<typeof StoredValidation>;

/** A hidden release's answer: whether the Ladder released new values, and its margin. */
export const LadderOutcome = z.object({
  released: z.boolean(),
  margin: z.number().nullable(),
  message: z.string().optional(),
});

/** 200 (a dry run: `id` null, status validated) and 201 (stored and scored). */
/** Where a scored submission stands on its release's board (lib/server/leaderboard/standing.ts); null on a hidden release. */
export const Standing = z.object({
  value: z.number(),
  rank: z.number().int().nullable(),
  of: z.number().int(),
  shown: z.boolean(),
  interval: z.object({ lo: z.number().int(), hi: z.number().int() }).nullable(),
  ownInterval: z.object({ lo: z.number().int(), hi: z.number().int() }).nullable(),
  intervalPending: z.boolean(),
  baselines: z.array(z.object({ model: z.string(), value: z.number(), beats: z.boolean() })),
  system: z.object({ position: z.number().int(), of: z.number().int() }),
  /** the best other system on the board (its row), and how far this one is from it (the metric's units, signed: < 0 behind) */
  leader: z
    .object({
      submissionId: z.uuid(),
      model: z.string(),
      team: z.string().nullable(),
      value: z.number(),
      gap: z.number(),
    })
    .nullable()
    .optional(),
});
export type Standing = z.infer<typeof Standing>;

/** One reason of an integrity audit, as a reader is told of it (lib/server/integrity/view.ts). */
export const AuditReason = z.object({
  kind: z.enum(["near-duplicate", "trace-overlap", "truth-in-trace", "truth-match", "probing"]),
  detail: z.string(),
  /** a reason that holds a public upload for review (a near-copy of a public submission, the truth reproduced) */
  holds: z.boolean(),
  /** the other submission, named only to those who may open it */
  submissionId: z.uuid().optional(),
  submission: z
    .object({
      id: z.uuid(),
      model: z.string(),
      team: z.string().nullable(),
      url: z.string(),
      /** since when the public could read it (null: it is not public) */
      publicSince: iso.nullable(),
    })
    .optional(),
  similarity: z.number().optional(),
});
/**
 * The integrity audit of a submission (issue 34, 47): for its team and admins only. Its team reads
 * nothing about other teams' private submissions, nor a hidden release's truth (docs/security.md).
 */
export const AuditView = z.object({
  /** held: a public upload kept off the ranking until an admin decides (or a later audit clears it) */
  status: z.enum(["pending", "clean", "flagged", "held"]),
  /** since when it is held, and the words the public reads (null: not held) */
  held: z.object({ since: iso, reason: z.string() }).nullable(),
  reasons: z.array(AuditReason),
});
export type AuditView = z.infer<typeof AuditView>;
export type AuditReason = z.infer<typeof AuditReason>;

export const UploadScored = z.object({
  id: z.uuid().nullable(),
  status: z.enum(["validated", "scored"]),
  metrics: Metrics,
  ladder: LadderOutcome.optional(),
  validation: ValidationReport,
  /** its rank and interval, the baselines, its place among its system's uploads (null: hidden release or a dry run) */
  standing: Standing.nullable().optional(),
  /** the integrity audit, run inside the upload (absent for a dry run): what it found, and whether the upload is held */
  audit: AuditView.optional(),
});
/** 202: a large file kept for a worker; follow `job.url` or `url`. */
export const UploadQueued = z.object({
  id: z.uuid(),
  status: z.literal("queued"),
  job: z.object({ id: z.uuid(), url: z.string() }),
  url: z.string(),
});
/** Who decided a CR-Bench submission's verdicts, and while the server's judge works, how far it is. */
export const JudgeInfo = z.object({
  by: z.enum(["server", "team"]),
  model: z.string().optional(),
  promptVersion: z.string().optional(),
  promptSha256: z.string().optional(),
  /** comments whose answers never gave a class (counted as noise) */
  malformed: z.number().int().optional(),
  /**
   * comments the server's screen found addressing the judge ("classify this as BUG_HIT", "ignore
   * previous instructions", role tags): that text never reached the judge; a comment with nothing
   * else in it counted as noise (docs/metrics-notes.md)
   */
  addressedJudge: z.number().int().optional(),
  /**
   * the file carried its own verdicts: kept and shown as self-judged, never ranked in place of the
   * server's; their agreement with the server's over the comments that carried one (public releases)
   */
  selfJudged: z
    .object({
      comments: z.number().int(),
      agreement: z.number().nullable(),
      /** Cohen's κ over the three classes */
      kappa: z.number().nullable(),
      ownBugHits: z.number().int(),
      serverBugHits: z.number().int(),
      ownPrsHit: z.number().int(),
      serverPrsHit: z.number().int(),
    })
    .optional(),
  /** the judge against the release's human labels, and this score's bug-hit rates corrected for its errors */
  corrected: z
    .object({
      labeled: z.number().int(),
      kappa: z.number().nullable(),
      sensitivity: z.number().nullable(),
      specificity: z.number().nullable(),
      precision: z.object({ value: z.number(), low: z.number(), high: z.number() }),
      recallHits: z.object({ value: z.number(), low: z.number(), high: z.number() }),
    })
    .optional(),
  progress: z
    .object({
      judged: z.number().int(),
      total: z.number().int(),
      malformed: z.number().int(),
      unit: z.string(),
      /** what stopped the judge last (an outage, the spending cap); null while it runs */
      error: z.string().nullable(),
    })
    .optional(),
});
export type JudgeInfo = z.infer<typeof JudgeInfo>;
/** 202: stored; its comments wait for the server's judge (CR-Bench). Follow `url`: scored when judged. */
export const UploadJudging = z.object({
  id: z.uuid(),
  status: z.literal("judging"),
  validation: ValidationReport,
  judge: JudgeInfo,
  url: z.string(),
});
export const UploadResponse = z.union([UploadScored, UploadQueued, UploadJudging]);
export type UploadScored = z.infer<typeof UploadScored>;
export type UploadQueued = z.infer<typeof UploadQueued>;
export type UploadJudging = z.infer<typeof UploadJudging>;
export type UploadResponse = z.infer<typeof UploadResponse>;

/** GET /api/v1/submissions/{id}. */
export const Submission = z.object({
  id: z.uuid(),
  task: z.string(),
  model: z.string(),
  system: z.string().nullable(),
  team: z.object({ slug: z.string(), name: z.string() }).nullable(),
  oss: z.boolean(),
  site: z.string().nullable(),
  visibility: z.enum(["public", "private"]),
  verified: z.object({ by: z.string().nullable(), at: iso }).nullable(),
  hidden: z.object({ reason: z.string().nullable(), at: iso }).nullable(),
  withdrawn: z.object({ at: iso }).nullable(),
  logsUrl: z.string().nullable(),
  /** structured system metadata (agent, base_model, judge_model, judge_prompt, temperature, …) */
  meta: SystemMeta,
  /** the paper's judge setup the run's judge matches (CR-Bench, A&V), or null */
  paperJudge: z.string().nullable(),
  /** a Lite entry composed from two submissions: their ids (null for an uploaded file) */
  composedOf: ComposedOf.nullable(),
  baseline: z.string().nullable(),
  synthetic: z.boolean(),
  status: z.enum(["queued", "scoring", "scored", "failed", "judging"]),
  createdAt: iso,
  file: z.object({
    name: z.string().nullable(),
    size: z.number().int().nullable(),
    sha256: z.string().nullable(),
    format: z.string().nullable(),
  }),
  cost: z.object({ usd: z.number().nullable(), tokens: z.number().nullable(), runtimeSec: z.number().nullable() }),
  metrics: Metrics,
  ci: z.object({ metric: z.string(), low: z.number(), high: z.number(), level: z.number() }).nullable(),
  ladder: LadderOutcome.extend({ metrics: Metrics.optional() }).loose().optional(),
  coverage: z.object({ covered: z.number().int(), total: z.number().int(), partial: z.boolean() }).nullable(),
  release: z.object({ version: z.string(), synthetic: z.boolean() }).nullable(),
  metricsVersion: z.string().nullable(),
  scores: z.array(
    z.object({
      release: z.string(),
      releaseStatus: z.enum(["draft", "published", "archived"]),
      primaryMetric: z.string(),
      primaryValue: z.number().nullable(),
      covered: z.number().int(),
      total: z.number().int(),
      partial: z.boolean(),
    }),
  ),
  validation: StoredValidation,
  error: z.string().nullable(),
  /** the worker's job for a 202 upload (null once gone or for direct uploads) */
  job: JobResponse.pick({
    id: true,
    status: true,
    progress: true,
    total: true,
    attempts: true,
    error: true,
  }).nullable(),
  /** CR-Bench: who decided the verdicts (the team's file, or the server's judge with its model and prompt) */
  judge: JudgeInfo.nullable().optional(),
  /**
   * the integrity audit (issue 34, 47): for the submission's team and admins only, absent for
   * everyone else. Another team's submission is named only to those who may open it; a team is
   * told nothing of one it may not open (not even that it exists).
   */
  audit: AuditView.optional(),
});
export type Submission = z.infer<typeof Submission>;

/** PATCH /api/v1/submissions/{id} (200): what it is now. */
export const SubmissionUpdated = z.object({
  id: z.uuid(),
  visibility: z.enum(["public", "private"]),
  logsUrl: z.string().nullable(),
  withdrawn: z.object({ at: iso }).nullable(),
  /** the stored system metadata (SystemMeta's snake_case keys), as stored */
  meta: z.record(z.string(), z.unknown()),
});
export type SubmissionUpdated = z.infer<typeof SubmissionUpdated>;

/** POST /api/v1/admin/submissions/{id}/verify (200). */
export const Verified = z.object({
  id: z.uuid(),
  verified: z.object({ by: z.string().nullable(), at: iso }).nullable(),
});

/** POST /api/v1/admin/submissions/{id}/hide (200). */
export const Hidden = z.object({
  id: z.uuid(),
  hidden: z.object({ reason: z.string().nullable(), at: iso }).nullable(),
});

/** GET /api/v1/submissions/{id}/instances: a page of per-instance predictions, truth (unless hidden) and outcomes. */
export const SubmissionInstances = z.object({
  release: z.object({ version: z.string(), hidden: z.boolean() }),
  total: z.number().int().nonnegative(),
  ...PageFields,
  rows: z.array(
    z.object({
      instanceId: z.string(),
      /** the prediction's fields (long texts clipped: `clipped` names them) */
      prediction: z.record(z.string(), z.unknown()),
      clipped: z.array(z.string()),
      /** null on a hidden release */
      truth: z.record(z.string(), z.unknown()).nullable(),
      outcome: z
        .object({ correct: z.boolean(), outcome: z.string(), predicted: z.string(), expected: z.string() })
        .nullable(),
    }),
  ),
});
export type SubmissionInstances = z.infer<typeof SubmissionInstances>;

/** GET /api/v1/submissions/{id}/predictions/{instance}: one stored prediction, whole. */
export const StoredPrediction = z.object({
  submissionId: z.uuid(),
  instanceId: z.string(),
  /** the prediction as stored (the task kind's fields) */
  prediction: z.unknown(),
});

/** POST /api/v1/tasks/{benchmark}/{task}/compose (201): the Lite entry, stored and scored. */
export const Composed = z.object({
  id: z.uuid(),
  status: z.literal("scored"),
  metrics: Metrics,
  ladder: LadderOutcome.optional(),
  validation: ValidationReport,
  composedOf: ComposedOf,
  /** the release's instances both sides predict, of all */
  covered: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type Composed = z.infer<typeof Composed>;

/**
 * A refused upload sent by the upload form without JavaScript, as its page shows it after the 303
 * back (lib/server/submissions/upload-form-answer.ts): kept in a short-lived cookie of that page,
 * named by `id` in its URL, never on the server.
 */
export const UploadRefusal = z.object({
  id: z.string().regex(/^[\w-]{8,32}$/),
  status: z.number().int(),
  message: z.string().max(1000),
  problems: z.array(Problem).max(20),
  problemCount: z.number().int().min(0),
});
export type UploadRefusal = z.infer<typeof UploadRefusal>;
