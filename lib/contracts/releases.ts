// Dataset releases: a release, the import's answer, the publish's answer.
import { z } from "zod";
import { iso } from "./common";
import { JobResponse } from "./jobs";
export { ReleaseFields, ReleaseIdParams } from "@/lib/validations/common";

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
