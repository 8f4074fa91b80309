// GET /api/v1/me – who the caller is: user, admin or not, and teams with roles (the CLI's whoami)
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { Me } from "@/lib/contracts/accounts";

export const dynamic = "force-dynamic";

export const GET = route({ access: "member" }, async ({ actor }) => {
  const db = await getDb();
  const teams = await db.team.findMany({ where: { id: { in: actor.teamIds } }, orderBy: { slug: "asc" } });
  return respond(Me, {
    via: actor.via,
    user: actor.userId ? { id: actor.userId, email: actor.email } : null,
    admin: actor.isAdmin,
    team: teams.find((t) => t.id === actor.teamId)?.slug ?? null,
    teams: teams.map((t) => ({ slug: t.slug, name: t.name, role: actor.roles[t.id] ?? "member" })),
  });
});
