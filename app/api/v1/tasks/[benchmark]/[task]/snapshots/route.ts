// GET /api/v1/tasks/{benchmark}/{task}/snapshots – the task's content-addressed snapshots, newest first
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { listSnapshots } from "@/lib/server/snapshots";
import { SnapshotList } from "@/lib/contracts/snapshots";
import { TaskParams } from "@/lib/contracts/leaderboards";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams }, async ({ params }) => {
  const task = fullSlugOf(params);
  const db = await getDb();
  return respond(SnapshotList, { task, snapshots: await listSnapshots(db, await getTaskCached(db, task)) });
});
