// GET /badges/tasks/{benchmark}/{task}/teams/{slug}.svg – a README badge: the team's best ranked
// system on the task's current board, with its rank interval
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { badgeResponse, svgName, teamBadge } from "@/lib/server/previews";
import { TeamBadgeParams } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TeamBadgeParams }, async ({ params, req }) => {
  const db = await getDb();
  const task = await getTaskCached(db, fullSlugOf(params));
  return badgeResponse(req, await teamBadge(db, task, svgName(params.file, "team")));
});
