// POST /api/v1/admin/users/unlock – clear an account's failed sign-ins (its slowdown and every (account, client) limit)
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { unlockSignIns } from "@/lib/server/auth";
import { UnlockBody } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const POST = route({ access: "admin", body: UnlockBody }, async ({ actor, body }) => {
  return Response.json(await unlockSignIns(await getDb(), actor, body.email));
});
