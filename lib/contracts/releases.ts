// Dataset releases: a release, a task's list of them, an admin's view of one, the import's
// answer, the publish's answer.
import { z } from "zod";
import { iso } from "./common";
import { JobResponse } from "./jobs";
// the import form's fields (the admin page's form reads them too)
export { ReleaseFields } from "@/lib/validations/common";

/** `/api/v1/admin/releases/{id}/…` */
export const ReleaseIdParams = z.object({ id: z.string().uuid("not a release id") });

export const Release = z.object({
  id: z.uuid(),
  version: z.string(),
  status: z.enum(["draft", "published", "archived"]),
  hidden: z.boolean(),
  synthetic: z.boolean(),
  notes: z.string(),
  instanceCount: z.number().int(),
  createdAt: iso,
  publishedAt: iso.nullable(),
});
export type Release = z.infer<typeof Release>;

/** How an imported release differs from the current one. */
export const ReleaseDiff = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  /** per field (`truth.label`, `metadata.problem_statement`, …): on how many common instances it changed */
  fields: z.record(z.string(), z.number().int()),
  /** metadata fields fewer instances carry than in the current release (a chart may lose its data) */
  lost: z.array(z.object({ field: z.string(), before: z.number().int(), after: z.number().int() })),
  /** metadata fields the file lacked, taken from the current release: on how many instances */
  carried: z.record(z.string(), z.number().int()),
  against: z.string().nullable(),
});
export type ReleaseDiff = z.infer<typeof ReleaseDiff>;

/** POST /api/v1/admin/releases (201). */
export const ReleaseImported = z.object({
  release: Release,
  validation: z.object({
    format: z.string(),
    instances: z.number().int(),
    /** rows imported without an optional field, one line per finding: how many rows, the first few ids */
    warnings: z.array(z.string()),
    preview: z.array(z.record(z.string(), z.unknown())),
  }),
  diff: ReleaseDiff,
  /** the re-score a publish queued */
  job: JobResponse.nullable(),
});
export type ReleaseImported = z.infer<typeof ReleaseImported>;

/** POST /api/v1/admin/releases/{id}/publish (202). */
export const ReleasePublished = z.object({ release: Release, job: JobResponse });
export type ReleasePublished = z.infer<typeof ReleasePublished>;

/** The server's judge against a release's human labels (CR-Bench): κ, sensitivity, specificity, the confusion. */
export const JudgeAgreement = z.object({
  model: z.string(),
  promptSha256: z.string(),
  computedAt: iso,
  agreement: z.object({
    /** labeled items the judge classified */
    n: z.number().int().nonnegative(),
    /** Cohen's κ over every class (null: undefined, e.g. one class only) */
    kappa: z.number().nullable(),
    positives: z.number().int().nonnegative(),
    sensitivity: z.number().nullable(),
    negatives: z.number().int().nonnegative(),
    specificity: z.number().nullable(),
    agreement: z.number().nullable(),
    /** labeled comments whose answers never gave a class */
    malformed: z.number().int().nonnegative(),
    /** per human label, the judge's verdicts: { human: { judge: count } } */
    confusion: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  }),
});

/** GET /api/v1/tasks/{benchmark}/{task}/releases: published and archived releases (admins: drafts too). */
export const ReleaseList = z.object({
  task: z.string(),
  releases: z.array(Release.extend({ judgeAgreement: JudgeAgreement.optional() })),
});
export type ReleaseList = z.infer<typeof ReleaseList>;

/** GET /api/v1/admin/releases/{id}: a release with its first rows (truth included), its diff and its re-score. */
export const ReleaseDetail = z.object({
  task: z.string(),
  release: Release,
  preview: z.array(
    z.object({
      instance_id: z.string(),
      truth: z.record(z.string(), z.unknown()),
      metadata: z.record(z.string(), z.unknown()),
    }),
  ),
  diff: ReleaseDiff,
  job: JobResponse.pick({ id: true, status: true, progress: true, total: true, error: true }).nullable(),
});
export type ReleaseDetail = z.infer<typeof ReleaseDetail>;
