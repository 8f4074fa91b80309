// GET /api/v1/snapshots/{id}/eee – the snapshot in the Every Eval Ever schema 0.3.0: one aggregate
// record per system, as JSON Lines of { path, record } (docs/api.md); immutable
import { getDb } from "@/lib/server/db";
import { publicUrl, route } from "@/lib/server/http";
import { readManifest, readSnapshotFile } from "@/lib/server/snapshots";
import { eeeRecords } from "@/lib/snapshots/eee";
import { SnapshotParams } from "@/lib/contracts/snapshots";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SnapshotParams }, async ({ params }) => {
  const db = await getDb();
  const { manifest } = await readManifest(db, params.id);
  const base = publicUrl();
  const body = eeeRecords(manifest, await readSnapshotFile(db, params.id, "board.csv.gz"), {
    snapshotId: params.id,
    snapshotUrl: `${base}/api/v1/snapshots/${params.id}`,
    boardUrl: `${base}/tasks/${manifest.task.slug}?snapshot=${params.id}`,
    sourceName: "Trustworthy SE Agents Leaderboard",
    organization: new URL(base).host,
  });
  return new Response(body, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="${params.id.slice(0, 12)}-every-eval-ever.jsonl"`,
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
});
