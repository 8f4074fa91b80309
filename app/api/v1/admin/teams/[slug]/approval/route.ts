// POST /api/v1/admin/teams/{slug}/approval – approve a team for hidden releases of tasks that
// take uploads from approved teams only; DELETE withdraws the approval (admins)
import { getDb, sqlOf } from "@/lib/server/db";
import { actorLabel, logActivity } from "@/lib/server/activity";
import { setTeamApproval } from "@/lib/server/submissions";
import { respond, route } from "@/lib/server/http";
import { SlugParams, TeamApproval } from "@/lib/contracts/teams";

export const dynamic = "force-dynamic";

async function set(params: { slug: string }, actor: Parameters<typeof actorLabel>[0], approve: boolean) {
  const db = await getDb();
  const r = await setTeamApproval(db, params.slug, approve ? (actor.userId ?? actorLabel(actor)) : null);
  await logActivity(sqlOf(db), {
    actor,
    action: approve ? "team.approve" : "team.unapprove",
    target: { type: "team", id: r.slug },
    before: { approvedAt: r.before },
    after: { approvedAt: r.approvedAt },
  });
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
