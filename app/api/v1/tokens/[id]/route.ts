// DELETE /api/v1/tokens/{id} – revoke one of your team's API tokens (admins: any token)
import { z } from "zod";
import { getDb } from "@/lib/db";
import { route } from "@/lib/server/route";
import { revokeToken } from "@/lib/server/tokens";

export const dynamic = "force-dynamic";

export const DELETE = route({ access: "member", params: z.object({ id: z.string().uuid("not a token id") }) }, async ({ params, actor }) => {
  await revokeToken(await getDb(), actor!, params.id);
  return new Response(null, { status: 204 });
});
