// POST /api/v1/admin/releases/{id}/snapshots – snapshot a published release now (a job: 202, progress at /api/v1/jobs/{id})
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { queueSnapshot } from "@/lib/server/snapshots";
import { SnapshotQueued } from "@/lib/contracts/snapshots";
import { ReleaseIdParams } from "@/lib/contracts/releases";

export const dynamic = "force-dynamic";

export const POST = route({ access: "admin", params: ReleaseIdParams }, async ({ params, actor }) => {
  const id = await queueSnapshot(await getDb(), params.id, "admin", actor.userId);
  return respond(SnapshotQueued, { job: { id, url: `/api/v1/jobs/${id}` } }, { status: 202 });
});
