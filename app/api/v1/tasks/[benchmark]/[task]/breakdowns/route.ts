// GET /api/v1/tasks/{benchmark}/{task}/breakdowns – the attributes a release offers for breakdowns
import { getDb } from "@/lib/server/db";
import { taskBreakdowns } from "@/lib/server/leaderboard";
import { route } from "@/lib/server/http";
import { ReleaseQuery, TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: TaskParams, query: ReleaseQuery },
  async ({ params, actor, query }) =>
    Response.json(await taskBreakdowns(await getDb(), `${params.benchmark}/${params.task}`, actor, query.release)),
);
