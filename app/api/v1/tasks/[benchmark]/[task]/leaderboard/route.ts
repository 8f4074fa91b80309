// GET /api/v1/tasks/{benchmark}/{task}/leaderboard – a leaderboard view as JSON, or CSV with ?format=csv
import crypto from "node:crypto";
import { getDb } from "@/lib/db";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { leaderboardCsv, leaderboardJson } from "@/lib/server/leaderboard-export";
import { Lru } from "@/lib/server/lru";
import { route } from "@/lib/server/route";
import { TaskParams } from "@/lib/validations/common";
import { parseLeaderboardView, viewQuery } from "@/lib/validations/leaderboard-view";

export const dynamic = "force-dynamic";

// Rendered bodies per (release, board_version, view): the version comes from the database on
// every request, so a body is never served after the board changed, whichever process wrote.
const rendered = new Lru<{ body: string; type: string; etag: string; disposition?: string }>(256);

export const GET = route({ access: "public", params: TaskParams }, async ({ req, params, url }) => {
  const view = parseLeaderboardView(url.searchParams);
  const lb = await getLeaderboard(await getDb(), `${params.benchmark}/${params.task}`, view);
  const key = `${lb.releaseId}:${lb.boardVersion}:${lb.task}${viewQuery(view, lb.primaryMetric)}`;
  let out = rendered.get(key);
  if (!out) {
    out =
      view.format === "csv"
        ? { body: leaderboardCsv(lb), type: "text/csv; charset=utf-8", etag: "", disposition: `attachment; filename="${lb.task.replace("/", "-")}-${lb.release.version}.csv"` }
        : { body: JSON.stringify(leaderboardJson(lb)), type: "application/json", etag: "" };
    out.etag = `W/"${crypto.createHash("sha1").update(key).digest("base64url").slice(0, 20)}"`;
    rendered.set(key, out);
  }
  const headers: Record<string, string> = { "content-type": out.type, etag: out.etag, "cache-control": "public, max-age=0, must-revalidate" };
  if (req.headers.get("if-none-match") === out.etag) return new Response(null, { status: 304, headers });
  if (out.disposition) headers["content-disposition"] = out.disposition;
  return new Response(out.body, { headers });
});
