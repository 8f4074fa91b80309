// POST /api/v1/admin/submissions/{id}/verify – mark a submission verified ({ verified: false } takes it back)
import { getDb } from "@/lib/server/db";
import { verifySubmission } from "@/lib/server/submissions";
import { respond, route } from "@/lib/server/http";
import { IdParams, Verified, VerifyBody } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const POST = route({ access: "admin", params: IdParams, body: VerifyBody }, async ({ params, actor, body }) => {
  return respond(Verified, await verifySubmission(await getDb(), actor, params.id, body.verified));
});
