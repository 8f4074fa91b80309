// GET /api/v1/submissions/{id}/instances – per-instance prediction, truth (unless hidden) and outcome
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { getSubmissionOrThrow, listSubmissionInstances } from "@/lib/server/submissions";
import { IdParams, InstancesQuery, SubmissionInstances } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: IdParams, query: InstancesQuery },
  async ({ params, actor, query: q }) => {
    const db = await getDb();
    const sub = await getSubmissionOrThrow(db, params.id, actor);
    return respond(SubmissionInstances, await listSubmissionInstances(db, sub, q));
  },
);
