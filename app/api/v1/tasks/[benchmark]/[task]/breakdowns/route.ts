// GET /api/v1/tasks/{benchmark}/{task}/breakdowns – the attributes a release offers for breakdowns
import { getDb } from "@/lib/server/db";
import { taskBreakdowns } from "@/lib/server/leaderboard";
import { respond, route } from "@/lib/server/http";
import { ReleaseQuery, TaskBreakdowns, TaskParams } from "@/lib/contracts/leaderboards";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: TaskParams, query: ReleaseQuery },
  async ({ params, actor, query }) =>
    respond(
      TaskBreakdowns,
      await getDb().then(async (db) =>
        taskBreakdowns(db, await getTaskCached(db, fullSlugOf(params)), actor, query.release),
      ),
    ),
);
