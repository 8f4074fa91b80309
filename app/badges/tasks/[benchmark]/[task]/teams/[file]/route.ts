// GET /badges/tasks/{benchmark}/{task}/teams/{slug}.svg – a README badge: the team's best ranked
// system on the task's current board, with its rank interval
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { badgeResponse, svgName, teamBadge } from "@/lib/server/previews";
import { TeamBadgeParams } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TeamBadgeParams }, async ({ params, req }) =>
  badgeResponse(req, await teamBadge(await getDb(), fullSlugOf(params), svgName(params.file, "team"))),
);
