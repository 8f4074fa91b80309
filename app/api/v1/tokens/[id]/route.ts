// DELETE /api/v1/tokens/{id} – revoke one of your team's API tokens (admins: any token)
import { z } from "zod";
import { getDb } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

export const DELETE = route({ access: "member", params: z.object({ id: z.string().uuid("not a token id") }) }, async ({ params, actor }) => {
  const db = await getDb();
  const token = await db.apiToken.findUnique({ where: { id: params.id } });
  // another team's token answers 404, so its existence is not revealed
  if (!token || token.revokedAt || (!actor!.isAdmin && !actor!.teamIds.includes(token.teamId))) throw notFound("token");
  await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
  return new Response(null, { status: 204 });
});
