import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { slugify } from "@/lib/validations/common";
import { hashPassword } from "./passwords";

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

/** Creates a user and a team of their own, with the user as its owner. */
export async function createUserWithTeam(
  db: PrismaClient,
  opts: { email: string; name: string; password?: string; isAdmin?: boolean },
) {
  const email = opts.email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email } })) {
    throw new AppError("conflict", "an account with this email already exists");
  }
  const passwordHash = opts.password ? await hashPassword(opts.password) : null;
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({ data: { email, name: opts.name, passwordHash, isAdmin: opts.isAdmin ?? false } });
    const team = await tx.team.create({ data: { slug: await freeTeamSlug(tx, opts.name), name: opts.name } });
    await tx.membership.create({ data: { userId: user.id, teamId: team.id, role: "owner" } });
    return { user, team };
  });
}
