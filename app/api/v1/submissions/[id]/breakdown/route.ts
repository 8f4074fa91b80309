// GET /api/v1/submissions/{id}/breakdown?by=ATTR – { by, slices: [ { value, n, metrics, ci: { lo, hi } } ] }:
// the score's metrics on each slice of instances by a release attribute (computed with the score)
import { getDb } from "@/lib/server/db";
import { submissionBreakdown } from "@/lib/server/leaderboard";
import { route } from "@/lib/server/http";
import { BreakdownQuery, IdParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: IdParams, query: BreakdownQuery },
  async ({ params, actor, query }) => Response.json(await submissionBreakdown(await getDb(), params.id, actor, query)),
);
