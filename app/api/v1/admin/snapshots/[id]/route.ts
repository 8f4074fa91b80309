// DELETE /api/v1/admin/snapshots/{id} – take a snapshot down (its files are deleted; its listing says when and why)
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { takeDownSnapshot } from "@/lib/server/snapshots";
import { SnapshotParams, TakedownBody } from "@/lib/contracts/snapshots";

export const dynamic = "force-dynamic";

export const DELETE = route(
  { access: "admin", params: SnapshotParams, body: TakedownBody },
  async ({ params, body, actor }) => {
    await takeDownSnapshot(await getDb(), actor, params.id, body.reason);
    return new Response(null, { status: 204 });
  },
);
