// GET /api/v1/snapshots/{id}/signature – the host's detached Ed25519 signature over the snapshot's
// manifest.json (issue 48): stored when the snapshot was made, or made now for an older one; immutable
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { signatureOf } from "@/lib/server/snapshots";
import { SnapshotParams, SnapshotSignature } from "@/lib/contracts/snapshots";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SnapshotParams }, async ({ params }) =>
  respond(SnapshotSignature, await signatureOf(await getDb(), params.id), {
    headers: { "cache-control": "public, max-age=31536000, immutable", etag: `"${params.id}-signature"` },
  }),
);
