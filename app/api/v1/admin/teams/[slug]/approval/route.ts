// POST /api/v1/admin/teams/{slug}/approval – approve a team for hidden releases of tasks that
// take uploads from approved teams only; DELETE withdraws the approval (admins)
import { getDb } from "@/lib/server/db";
import { approveTeam } from "@/lib/server/submissions";
import type { Actor } from "@/lib/server/auth";
import { respond, route } from "@/lib/server/http";
import { SlugParams, TeamApproval } from "@/lib/contracts/teams";

export const dynamic = "force-dynamic";

async function set(params: { slug: string }, actor: Actor, approve: boolean) {
  const r = await approveTeam(await getDb(), actor, params.slug, approve);
  return respond(TeamApproval, {
    team: r.slug,
    approved: r.approvedAt !== null,
    approvedAt: r.approvedAt?.toISOString() ?? null,
  });
}

export const POST = route({ access: "admin", params: SlugParams }, async ({ params, actor }) =>
  set(params, actor, true),
);
export const DELETE = route({ access: "admin", params: SlugParams }, async ({ params, actor }) =>
  set(params, actor, false),
);
