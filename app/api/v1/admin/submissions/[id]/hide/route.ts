// POST /api/v1/admin/submissions/{id}/hide – hide from public views with a reason its team sees ({ reason: null } shows it again)
import { getDb } from "@/lib/server/db";
import { hideSubmission } from "@/lib/server/submissions";
import { respond, route } from "@/lib/server/http";
import { Hidden, HideBody, IdParams } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const POST = route({ access: "admin", params: IdParams, body: HideBody }, async ({ params, actor, body }) => {
  return respond(Hidden, await hideSubmission(await getDb(), actor, params.id, body.reason));
});
