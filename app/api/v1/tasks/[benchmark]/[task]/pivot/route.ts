// GET /api/v1/tasks/{benchmark}/{task}/pivot?rows=agent&cols=base_model&metric=KEY – two system
// metadata dimensions crossed, each cell the best value of a metric (CI-Bench Table 1's shape)
import { getDb } from "@/lib/server/db";
import { getPivot } from "@/lib/server/leaderboard";
import { route } from "@/lib/server/http";
import { PivotQuery, TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams, query: PivotQuery }, async ({ params, query }) =>
  Response.json(await getPivot(await getDb(), `${params.benchmark}/${params.task}`, query)),
);
