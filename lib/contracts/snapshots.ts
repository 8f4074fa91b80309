// Snapshots (issue 31): the answers of the snapshot routes.
import { z } from "zod";

export const SnapshotListItem = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  release: z.string(),
  hidden: z.boolean(),
  reason: z.string(),
  bytes: z.number().int(),
  createdAt: z.iso.datetime(),
  takenDown: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  url: z.string(),
  manifest: z.string(),
});
export const SnapshotList = z.object({ task: z.string(), snapshots: z.array(SnapshotListItem) });
export type SnapshotList = z.infer<typeof SnapshotList>;

export const SnapshotQueued = z.object({ job: z.object({ id: z.uuid(), url: z.string() }) });
