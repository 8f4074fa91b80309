// POST /api/v1/signup – create an account (email + password) and a team of its own
import { getDb } from "@/lib/server/db";
import { clientAddress, consume } from "@/lib/server/limits";
import { AppError } from "@/lib/errors";
import { passwordProblem, createUserWithTeam } from "@/lib/server/auth";
import { respond, route } from "@/lib/server/http";
import { SignedUp, SignupBody } from "@/lib/contracts/accounts";

export const dynamic = "force-dynamic";

export const POST = route({ access: "public", body: SignupBody }, async ({ req, body }) => {
  await consume("signup-client", clientAddress(req.headers));
  const weak = passwordProblem(body.password, body.email);
  if (weak)
    throw new AppError("validation_failed", `password: ${weak}`, {
      problemCount: 1,
      problems: [{ field: "password", message: weak }],
    });
  const { user, team } = await createUserWithTeam(await getDb(), body);
  return respond(
    SignedUp,
    { id: user.id, email: user.email, team: { slug: team.slug, name: team.name } },
    { status: 201 },
  );
});
