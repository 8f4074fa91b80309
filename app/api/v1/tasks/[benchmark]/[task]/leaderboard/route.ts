// GET /api/v1/tasks/{benchmark}/{task}/leaderboard – ranked public submissions on a release
import { getDb } from "@/lib/db";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { route } from "@/lib/server/route";
import { LeaderboardQuery, TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams }, async ({ params, url }) => {
  const q = LeaderboardQuery.parse(Object.fromEntries(url.searchParams));
  const lb = await getLeaderboard(await getDb(), `${params.benchmark}/${params.task}`, q);
  return Response.json({
    task: lb.task,
    release: lb.release,
    releases: lb.releases,
    primaryMetric: lb.primaryMetric,
    columns: lb.columns,
    rows: lb.rows.map((r) => ({
      rank: r.rank,
      submissionId: r.submissionId,
      model: r.model,
      system: r.system,
      team: r.team,
      baseline: r.baseline,
      synthetic: r.synthetic,
      oss: r.oss,
      partial: r.partial,
      metrics: r.metrics,
      ci: r.ci,
      coverage: r.coverage,
      createdAt: r.createdAt,
    })),
  });
});
