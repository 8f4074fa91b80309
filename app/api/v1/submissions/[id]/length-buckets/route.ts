// GET /api/v1/submissions/{id}/length-buckets – { side, covered, total, buckets: [ { label, min, max, n, should_bounce, tpr, fpr } ] } (METRICS.md §3)
import { getDb } from "@/lib/server/db";
import { submissionLengthBuckets } from "@/lib/server/leaderboard";
import { respond, route } from "@/lib/server/http";
import { LengthBuckets, ReleaseQuery } from "@/lib/contracts/charts";
import { IdParams } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: IdParams, query: ReleaseQuery },
  async ({ params, actor, query: q }) => {
    return respond(LengthBuckets, await submissionLengthBuckets(await getDb(), params.id, actor, q.release));
  },
);
