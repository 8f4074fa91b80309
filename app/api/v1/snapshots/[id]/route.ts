// GET /api/v1/snapshots/{id} – a snapshot's manifest.json (its SHA-256 is the id); immutable
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { readManifest } from "@/lib/server/snapshots";
import { SnapshotParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SnapshotParams }, async ({ params }) => {
  const { bytes } = await readManifest(await getDb(), params.id);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/json",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${params.id}"`,
    },
  });
});
