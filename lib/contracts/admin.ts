// Admins' own answers: the activity log, a task's upload quotas. (An admin's answers about a
// resource — a release, a submission, a team, a job — are with that resource's contract.)
import { z } from "zod";
import { iso } from "./common";
// the activity log's filters (the admin page reads them too)
export { ActivityQuery } from "@/lib/validations/common";

/** GET /api/v1/admin/activity: events newest first; `next` pages back (`?before=next`), null on the last page. */
export const ActivityList = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      at: iso,
      /** who acted: an e-mail address, a token, "system", … */
      actor: z.string(),
      action: z.string(),
      /** name: "model by team" for a submission that still exists */
      target: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }),
      task: z.string().nullable(),
      team: z.string().nullable(),
      /** on the task's public changelog */
      public: z.boolean(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  next: z.string().nullable(),
});
export type ActivityList = z.infer<typeof ActivityList>;

/** `PATCH /api/v1/admin/tasks/{b}/{t}` */
export const TaskQuotaBody = z
  .object({
    /** scored uploads per team, release and UTC day; null: the default (10 on hidden releases, 200 on public ones) */
    quotaPerDay: z.number().int("a whole number").min(1, "at least 1").max(100_000).nullable().optional(),
    /** scored uploads per team and release in all; null: no limit */
    quotaTotal: z.number().int("a whole number").min(1, "at least 1").max(10_000_000).nullable().optional(),
    /** true: a hidden release of the task accepts uploads only from teams an admin approved */
    hiddenApprovedOnly: z.boolean().optional(),
  })
  .strict();

/** PATCH /api/v1/admin/tasks/{benchmark}/{task} (200): the task's quotas now, and the defaults. */
export const TaskQuota = z.object({
  task: z.string(),
  quotaPerDay: z.number().int().nullable(),
  quotaTotal: z.number().int().nullable(),
  hiddenApprovedOnly: z.boolean(),
  defaults: z.object({ hiddenPerDay: z.number().int(), publicPerDay: z.number().int() }),
});
export type TaskQuota = z.infer<typeof TaskQuota>;
