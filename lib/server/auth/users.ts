import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { slugify } from "@/lib/validations/common";
import { freeTeamName, isUniqueViolation, visibleName } from "@/lib/server/names";
import type { Actor } from "./types";
import { logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";
import { hashPassword } from "./passwords";
import { clearSignInCounts, consume } from "@/lib/server/limits";
import { passwordProblem } from "./common-passwords";

type Tx = Pick<PrismaClient, "team" | "user" | "membership">;

/** A team slug not taken yet: `name`, `name-2`, `name-3`, … */
export async function freeTeamSlug(db: Tx, name: string): Promise<string> {
  const base = slugify(name) || "team";
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!(await db.team.findUnique({ where: { slug } }))) return slug;
  }
  throw new AppError("conflict", "could not find a free team name");
}

/**
 * Creates a user and a team of their own, with the user as its owner. The team is named after
 * the user, made unique by its confusable skeleton ("Ada", then "Ada (2)" when a team already
 * looks like "Ada").
 * @throws AppError conflict (email taken), validation_failed (a name with nothing visible)
 */
export async function createUserWithTeam(
  db: PrismaClient,
  opts: { email: string; name: string; password?: string; isAdmin?: boolean },
) {
  const email = opts.email.trim().toLowerCase();
  const name = visibleName(opts.name, "name");
  if (await db.user.findUnique({ where: { email } })) {
    throw new AppError("conflict", "an account with this email already exists");
  }
  const passwordHash = opts.password ? await hashPassword(opts.password) : null;
  // two sign-ups with look-alike names at once: the unique skeleton makes one of them try again
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const user = await tx.user.create({ data: { email, name, passwordHash, isAdmin: opts.isAdmin ?? false } });
        const teamName = await freeTeamName(tx, name);
        const team = await tx.team.create({
          data: { slug: await freeTeamSlug(tx, name), name: teamName.name, nameSkeleton: teamName.skeleton },
        });
        await tx.membership.create({ data: { userId: user.id, teamId: team.id, role: "owner" } });
        return { user, team };
      });
    } catch (e) {
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
      if (await db.user.findUnique({ where: { email } }))
        throw new AppError("conflict", "an account with this email already exists");
    }
  }
}

/**
 * An admin lifts every sign-in limit on an account: its slowdown and the failures of each
 * (account, client) pair. Logged. Answers whether the account exists (admins may know).
 */
export async function unlockSignIns(db: PrismaClient, actor: Actor, email: string) {
  const e = email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email: e }, select: { id: true } });
  const cleared = await clearSignInCounts(e);
  await logActivity(sqlOf(db), {
    actor,
    action: "user.unlock",
    target: { type: "user", id: e },
    after: { cleared },
  });
  return { email: e, exists: Boolean(user), cleared };
}

/**
 * Signing up (`POST /api/v1/signup` and the sign-up page): the client's sign-up limit, a password
 * that is not weak, then the account and a team of its own.
 * @throws AppError rate_limited, validation_failed (a weak password, named), conflict (email taken)
 */
export async function registerAccount(
  db: PrismaClient,
  body: { email: string; password: string; name: string },
  client: string,
) {
  await consume("signup-client", client);
  const weak = passwordProblem(body.password, body.email);
  if (weak)
    throw new AppError("validation_failed", `password: ${weak}`, {
      problemCount: 1,
      problems: [{ field: "password", message: weak }],
    });
  return createUserWithTeam(db, body);
}
