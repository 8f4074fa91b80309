// POST /api/v1/tokens – create an API token for your team (admins: any team, optionally admin)
// GET  /api/v1/tokens – list your team's tokens (never the secrets)
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/server/route";
import { createApiToken, ensureTeam } from "@/lib/server/tokens";
import { TokenBody } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const POST = route({ access: "member" }, async ({ req, actor }) => {
  const body = TokenBody.parse(await req.json().catch(() => ({})));
  const db = await getDb();
  if ((body.team || body.admin) && !actor!.isAdmin) throw new AppError("forbidden", "only admins may create tokens for other teams or admin tokens");
  const team = body.team ? await ensureTeam(db, body.team) : actor!.teamId ? await db.team.findUnique({ where: { id: actor!.teamId } }) : null;
  if (!team) throw new AppError("forbidden", "your account belongs to no team");
  const t = await createApiToken(db, { teamId: team.id, userId: body.team ? null : actor!.userId, name: body.name, isAdmin: body.admin });
  return Response.json({ id: t.id, token: t.token, prefix: t.prefix, team: team.slug, admin: Boolean(body.admin) }, { status: 201 });
});

export const GET = route({ access: "member" }, async ({ actor }) => {
  const db = await getDb();
  const tokens = await db.apiToken.findMany({
    where: { teamId: { in: actor!.teamIds }, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, isAdmin: true },
  });
  return Response.json({ tokens });
});
