// POST /api/v1/tokens – create an API token for your team (admins: any team, optionally admin)
// GET  /api/v1/tokens – list your team's tokens (never the secrets)
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { createTokenFor, listTeamTokens } from "@/lib/server/auth";
import { TokenBody, TokenCreated, TokenList } from "@/lib/contracts/accounts";

export const dynamic = "force-dynamic";

export const POST = route({ access: "member", body: TokenBody }, async ({ actor, body }) => {
  const t = await createTokenFor(await getDb(), actor, body);
  return respond(
    TokenCreated,
    { id: t.id, token: t.token, prefix: t.prefix, team: t.team, admin: t.admin },
    { status: 201 },
  );
});

export const GET = route({ access: "member" }, async ({ actor }) => {
  const tokens = await listTeamTokens(await getDb(), actor.teamIds);
  // the dates as JSON writes them
  return respond(TokenList, {
    tokens: tokens.map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    })),
  });
});
