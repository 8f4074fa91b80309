// POST /api/v1/admin/users/unlock – clear an account's failed sign-ins (its slowdown and every (account, client) limit)
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { unlockSignIns } from "@/lib/server/auth";
import { UnlockBody, Unlocked } from "@/lib/contracts/accounts";

export const dynamic = "force-dynamic";

export const POST = route({ access: "admin", body: UnlockBody }, async ({ actor, body }) => {
  return respond(Unlocked, await unlockSignIns(await getDb(), actor, body.email));
});
