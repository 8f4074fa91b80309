// GET /api/v1/snapshots/{id}/files/{name} – one file of a snapshot (manifest.json, board.parquet,
// predictions.csv.gz …), written once: immutable
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { readSnapshotFile } from "@/lib/server/snapshots";
import { SnapshotFileParams } from "@/lib/contracts/snapshots";

export const dynamic = "force-dynamic";

function contentType(name: string): string {
  if (name.endsWith(".json")) return "application/json";
  if (name.endsWith(".csv.gz")) return "application/gzip";
  return "application/vnd.apache.parquet";
}

export const GET = route({ access: "public", params: SnapshotFileParams }, async ({ params }) => {
  const data = await readSnapshotFile(await getDb(), params.id, params.name);
  return new Response(new Uint8Array(data), {
    headers: {
      "content-type": contentType(params.name),
      "content-disposition": `attachment; filename="${params.id.slice(0, 12)}-${params.name}"`,
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
});
