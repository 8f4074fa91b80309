// GET /api/v1/tasks/{benchmark}/{task}/leaderboard – a leaderboard view as JSON, or CSV with ?format=csv
import { getDb } from "@/lib/db";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { leaderboardCsv, leaderboardJson } from "@/lib/server/leaderboard-export";
import { route } from "@/lib/server/route";
import { TaskParams } from "@/lib/validations/common";
import { parseLeaderboardView } from "@/lib/validations/leaderboard-view";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams }, async ({ params, url }) => {
  const view = parseLeaderboardView(url.searchParams);
  const lb = await getLeaderboard(await getDb(), `${params.benchmark}/${params.task}`, view);
  if (view.format === "csv") {
    const name = `${lb.task.replace("/", "-")}-${lb.release.version}.csv`;
    return new Response(leaderboardCsv(lb), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"` },
    });
  }
  return Response.json(leaderboardJson(lb));
});
