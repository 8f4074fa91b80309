// POST /api/v1/signup – create an account (email + password) and a team of its own
import { getDb } from "@/lib/server/db";
import { clientAddress } from "@/lib/server/limits";
import { registerAccount } from "@/lib/server/auth";
import { respond, route } from "@/lib/server/http";
import { SignedUp, SignupBody } from "@/lib/contracts/accounts";

export const dynamic = "force-dynamic";

export const POST = route({ access: "public", body: SignupBody }, async ({ req, body }) => {
  const { user, team } = await registerAccount(await getDb(), body, clientAddress(req.headers));
  return respond(
    SignedUp,
    { id: user.id, email: user.email, team: { slug: team.slug, name: team.name } },
    { status: 201 },
  );
});
