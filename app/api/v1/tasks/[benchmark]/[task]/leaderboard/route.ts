// GET /api/v1/tasks/{benchmark}/{task}/leaderboard – a leaderboard view as JSON, or CSV with ?format=csv
import crypto from "node:crypto";
import { getDb } from "@/lib/server/db";
import { getLeaderboard, leaderboardCsv, leaderboardJson } from "@/lib/server/leaderboard";
import { respond, route, SHARED_CACHE_CONTROL } from "@/lib/server/http";
import { hasSessionCookie } from "@/lib/server/auth";
import { Leaderboard, TaskParams } from "@/lib/contracts/leaderboards";
import { parseLeaderboardView, viewQuery } from "@/lib/validations/leaderboard-view";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

// Bodies are cached in front of this handler (the front door, lib/server/http/response-cache.ts); the ETag
// names the board version and the view, so a client's copy stays valid until the board changes.
export const GET = route({ access: "public", params: TaskParams }, async ({ req, params, url }) => {
  const view = parseLeaderboardView(url.searchParams);
  const db = await getDb();
  const lb = await getLeaderboard(db, await getTaskCached(db, fullSlugOf(params)), view);
  const key = `${lb.releaseId}:${lb.boardVersion}:${lb.task}${viewQuery(view, lb.primaryMetric)}`;
  const etag = `W/"${crypto.createHash("sha1").update(key).digest("base64url").slice(0, 20)}"`;
  // a visitor's copy is answered from the response cache (shared caches may keep it: the front door);
  // one asked with a token or a session is the asker's alone
  const personal = req.headers.has("authorization") || hasSessionCookie(req.headers.get("cookie"));
  const headers: Record<string, string> = {
    etag,
    "cache-control": personal ? "private, max-age=0, must-revalidate" : SHARED_CACHE_CONTROL,
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  if (view.format === "csv") {
    headers["content-type"] = "text/csv; charset=utf-8";
    headers["content-disposition"] = `attachment; filename="${lb.task.replace("/", "-")}-${lb.release.version}.csv"`;
    return new Response(leaderboardCsv(lb), { headers });
  }
  return respond(Leaderboard, leaderboardJson(lb), { headers });
});
