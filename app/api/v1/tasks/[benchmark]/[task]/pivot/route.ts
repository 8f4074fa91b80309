// GET /api/v1/tasks/{benchmark}/{task}/pivot?rows=agent&cols=base_model&metric=KEY – two system
// metadata dimensions crossed, each cell the best value of a metric (CI-Bench Table 1's shape)
import { getDb } from "@/lib/server/db";
import { getPivot } from "@/lib/server/leaderboard";
import { respond, route } from "@/lib/server/http";
import { Pivot, PivotQuery, TaskParams } from "@/lib/contracts/leaderboards";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams, query: PivotQuery }, async ({ params, query }) => {
  const db = await getDb();
  return respond(Pivot, await getPivot(db, await getTaskCached(db, fullSlugOf(params)), query));
});
