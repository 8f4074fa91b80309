// What a submitter downloads of a release: its instance ids and a blank prediction file.
import { z } from "zod";
import { TaskParams } from "@/lib/validations/common";

/** `/api/v1/tasks/{benchmark}/{task}/releases/{version}/…`: a release by its version (as imported). */
export const ReleaseVersionParams = TaskParams.extend({
  version: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[\w.-]+$/, "version may hold letters, digits, '.', '-' and '_'"),
});
export type ReleaseVersionParams = z.infer<typeof ReleaseVersionParams>;

/** `GET …/instances`: JSON (default), or `txt` (one id per line, as an attachment). */
export const ReleaseIdsQuery = z.object({ format: z.enum(["json", "txt"]).default("json") });
export type ReleaseIdsQuery = z.infer<typeof ReleaseIdsQuery>;

/** The release a download is of. */
export const ReleaseFileRelease = z.object({
  version: z.string(),
  status: z.enum(["draft", "published", "archived"]),
  synthetic: z.boolean(),
});

/** `GET …/instances` (200, JSON): the release's instance ids in release order; nothing of the truth. */
export const ReleaseInstanceIds = z.object({
  task: z.string(),
  release: ReleaseFileRelease,
  count: z.number().int().nonnegative(),
  ids: z.array(z.string()),
});
export type ReleaseInstanceIds = z.infer<typeof ReleaseInstanceIds>;

/**
 * `GET …/template` (200): a blank prediction file in the task kind's official upload shape — an
 * object keyed by instance id, each value the kind's fields with what a team fills left null
 * (CI-Bench: `{}`, since a null patch is an answer of its own).
 */
export const PredictionTemplateFile = z.record(z.string(), z.record(z.string(), z.unknown()));
export type PredictionTemplateFile = z.infer<typeof PredictionTemplateFile>;
