// GET /badges/tasks/{benchmark}/{task}/submissions/{id}.svg – a README badge: the submission's
// primary metric and rank with its 95% interval (as the submission: private ones for their team)
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { badgeResponse, submissionBadge, svgName } from "@/lib/server/previews";
import { SubmissionBadgeParams } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SubmissionBadgeParams }, async ({ params, actor, req }) => {
  const db = await getDb();
  const task = await getTaskCached(db, fullSlugOf(params));
  return badgeResponse(req, await submissionBadge(db, task, svgName(params.file, "submission"), actor));
});
