// GET /api/v1/snapshots/{id} – a snapshot's manifest.json (its SHA-256 is the id); immutable
import { getDb } from "@/lib/server/db";
import { checkContract, route } from "@/lib/server/http";
import { readManifest } from "@/lib/server/snapshots";
import { SnapshotManifest, SnapshotParams } from "@/lib/contracts/snapshots";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SnapshotParams }, async ({ params }) => {
  const { bytes, manifest } = await readManifest(await getDb(), params.id);
  // sent as stored, byte for byte (serialised again it would no longer hash to its id); checked
  // against its contract as respond() checks an answer
  checkContract(SnapshotManifest, manifest);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/json",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${params.id}"`,
    },
  });
});
