// GET /api/v1/submissions/{id}/breakdown?by=ATTR – { by, slices: [ { value, n, metrics, ci: { lo, hi } } ] }:
// the score's metrics on each slice of instances by a release attribute (computed with the score)
import { getDb } from "@/lib/server/db";
import { submissionBreakdown } from "@/lib/server/leaderboard";
import { respond, route } from "@/lib/server/http";
import { BreakdownQuery, SubmissionBreakdown } from "@/lib/contracts/charts";
import { IdParams } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: IdParams, query: BreakdownQuery },
  async ({ params, actor, query }) =>
    respond(SubmissionBreakdown, await submissionBreakdown(await getDb(), params.id, actor, query)),
);
