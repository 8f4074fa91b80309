// The background jobs' names and payloads: one zod schema per job, so a job is queued with a
// payload its handler can trust (checked when queued, parsed again when run: a row written by an
// older version, or by hand, fails with a clear error instead of running on `undefined`).
//
// Handlers live beside their feature (lib/server/<feature>) and are listed in one explicit
// registry, lib/server/worker/registry.ts; this module holds only the names and shapes, so any
// feature can queue any job without importing the code that runs it.
import { z } from "zod";

const id = z.uuid();

export const JOB_PAYLOADS = {
  /** tracked: score an upload that was too large to score while its request waited */
  "score-upload": z.object({
    submissionId: id,
    task: z.string().min(1),
    /** it counts against the team's quotas (not an admin's): the judge's budget is checked when scored */
    counted: z.boolean().optional(),
  }),
  /** tracked: after a publish, refresh the baselines and re-score every submission of the task */
  rescore: z.object({ releaseId: id, task: z.string().min(1), version: z.string().min(1) }),
  /** internal: one part (≤ 25 submissions) of a re-score */
  "rescore-part": z.object({ jobId: id, part: z.number().int().nonnegative(), releaseId: id, ids: z.array(id).min(1) }),
  /** internal: recompute a release's materialized board (ranks, significance) */
  "refresh-board": z.object({ releaseId: id }),
  /** internal, hourly (cron): abandoned uploads, expired rate-limit counters and sessions */
  "sweep-uploads": z.looseObject({}),
  /** internal: per-instance outcomes of scores written before they were stored (issue 18), a batch per run */
  "fill-outcomes": z.looseObject({}),
  "fill-breakdowns": z.looseObject({}),
  /** internal: move a release's board version a while after a back-fill changed it, if nothing has since */
  "bump-board": z.object({ releaseId: id, version: z.string().regex(/^\d{1,19}$/) }),
  /** tracked: freeze a published release's board into a content-addressed snapshot (issue 31) */
  snapshot: z.object({ releaseId: id, reason: z.enum(["publish", "changed", "admin"]) }),
  /** internal: a published release's board changed: freeze it within seconds (debounced per release, issue 48) */
  "snapshot-board": z.object({ releaseId: id }),
  /** internal: a re-score of a published release finished: queue its snapshot */
  "snapshot-published": z.object({ releaseId: id }),
  /** internal, daily (cron): snapshot the published releases whose board moved since their last one */
  "snapshot-changed": z.looseObject({}),
  /** internal: the integrity audit of a scored upload (issue 34), queued with its score */
  "audit-submission": z.object({ submissionId: id }),
  /** internal: audits of scored submissions from before audits existed, oldest first */
  "fill-audits": z.looseObject({}),
  /** internal: ask the server's judge for up to 8 prompts of a submission's judge run (issue 34), on a lane queue */
  "judge-comments": z.object({
    submissionId: id,
    releaseId: id,
    keys: z
      .array(z.string().regex(/^[0-9a-f]{64}$/))
      .min(1)
      .max(64),
  }),
  /** internal: the server's judge over a release's human labels: its agreement with them (κ, sensitivity, specificity) */
  "judge-labels": z.object({ releaseId: id }),
  /** internal: every prompt of a judge run has its verdict: score the submission on the release */
  "judge-finish": z.object({ submissionId: id, releaseId: id }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.output<(typeof JOB_PAYLOADS)[N]>;

/** Jobs with a `jobs` row people can follow (status, progress, error); the others are upkeep. */
export const TRACKED_JOBS = ["score-upload", "rescore", "snapshot"] as const satisfies readonly JobName[];
export type TrackedJobName = (typeof TRACKED_JOBS)[number];
export type UpkeepName = Exclude<JobName, TrackedJobName>;

/** `/api/v1/jobs/{id}`, `/api/v1/admin/jobs/{id}` */
export const JobIdParams = z.object({ id: z.string().uuid("not a job id") });

/** What GET /api/v1/jobs/{id} answers. */
export const JobResponse = z.object({
  id,
  kind: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  progress: z.number().int(),
  total: z.number().int(),
  attempts: z.number().int(),
  result: z.unknown(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type JobResponse = z.infer<typeof JobResponse>;
