// DELETE /api/v1/tokens/{id} – revoke one of your team's API tokens (admins: any token)
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { TokenIdParams } from "@/lib/contracts/accounts";
import { revokeToken } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export const DELETE = route({ access: "member", params: TokenIdParams }, async ({ params, actor }) => {
  await revokeToken(await getDb(), actor, params.id);
  return new Response(null, { status: 204 });
});
