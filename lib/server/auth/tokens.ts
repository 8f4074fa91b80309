import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/server/limits";
import { slugify } from "@/lib/validations/common";
import type { Actor } from "./types";

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Creates an API token for a team; the plain token is returned once and stored only hashed. */
export async function createApiToken(
  db: PrismaClient,
  opts: { teamId: string; userId?: string | null; name?: string; isAdmin?: boolean },
): Promise<{ id: string; token: string; prefix: string }> {
  const token = `lbt_${crypto.randomBytes(24).toString("base64url")}`;
  const prefix = token.slice(0, 10);
  const row = await db.apiToken.create({
    data: {
      teamId: opts.teamId,
      userId: opts.userId ?? null,
      name: opts.name ?? "api token",
      prefix,
      tokenHash: hashToken(token),
      isAdmin: opts.isAdmin ?? false,
    },
  });
  return { id: row.id, token, prefix };
}

/** Finds or creates a team by slug (used by `token create --team`). */
export async function ensureTeam(db: PrismaClient, slugOrName: string) {
  const slug = slugify(slugOrName);
  if (!slug) throw new AppError("bad_request", `"${slugOrName}" is not a usable team name`);
  return db.team.upsert({ where: { slug }, update: {}, create: { slug, name: slugOrName } });
}

/**
 * Creates a token on behalf of an actor: for any team its user is a member of now (the actor's
 * own team by default; a member of several teams names one with `team`), or — admins only — for
 * any team (created if needed) and/or with admin rights.
 * Counted against the person's token limit (`tokens-user`, shared by every process) first, whichever
 * door it came through: the API or the account page's form.
 * @throws AppError forbidden for a non-admin asking for a team they are not in, or an admin token;
 *   rate_limited past the limit
 */
export async function createTokenFor(
  db: PrismaClient,
  actor: Actor,
  req: { name: string; team?: string; admin?: boolean },
) {
  if (req.admin && !actor.isAdmin) throw new AppError("forbidden", "only admins may create admin tokens");
  await consume("tokens-user", actor.userId ?? `team:${actor.teamId}`);
  let team: { id: string; slug: string } | null;
  let userId: string | null = actor.userId;
  if (!req.team) {
    team = actor.teamId ? await db.team.findUnique({ where: { id: actor.teamId } }) : null;
    if (!team) throw new AppError("forbidden", "your account belongs to no team");
  } else {
    const slug = slugify(req.team);
    const mine = actor.userId
      ? await db.membership.findFirst({ where: { userId: actor.userId, team: { slug } }, include: { team: true } })
      : null;
    if (mine) team = mine.team;
    else if (actor.isAdmin) {
      // an operator's token for another team belongs to the team, not to the admin
      team = await ensureTeam(db, req.team);
      userId = null;
    } else
      throw new AppError("forbidden", `you are not a member of the team "${req.team}": tokens are for your own teams`);
  }
  const t = await createApiToken(db, { teamId: team.id, userId, name: req.name, isAdmin: req.admin });
  await logActivity(sqlOf(db), {
    actor,
    action: "token.create",
    target: { type: "token", id: t.id },
    teamId: team.id,
    after: { name: req.name, prefix: t.prefix, admin: Boolean(req.admin) },
  });
  return { ...t, team: team.slug, admin: Boolean(req.admin) };
}

/** The live tokens of the actor's teams (never the secrets). */
export function listTeamTokens(db: PrismaClient, teamIds: string[]) {
  return db.apiToken.findMany({
    where: { teamId: { in: teamIds }, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, isAdmin: true },
  });
}

/**
 * Revokes a token of one of the actor's teams (admins: any).
 * @throws AppError not_found for an unknown, revoked or other team's token (existence not revealed)
 */
export async function revokeToken(
  db: PrismaClient,
  actor: Actor,
  id: string,
): Promise<{ name: string; prefix: string }> {
  const token = await db.apiToken.findUnique({ where: { id } });
  if (!token || token.revokedAt || (!actor.isAdmin && !actor.teamIds.includes(token.teamId)))
    throw new AppError("not_found", "token not found");
  // a team's owners manage its tokens; a member revokes the ones they created
  if (!actor.isAdmin && actor.roles[token.teamId] !== "owner" && token.userId !== actor.userId)
    throw new AppError("forbidden", "only the team's owners (or whoever created it) may revoke this token");
  await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
  await logActivity(sqlOf(db), {
    actor,
    action: "token.revoke",
    target: { type: "token", id: token.id },
    teamId: token.teamId,
    before: { name: token.name, prefix: token.prefix },
  });
  return { name: token.name, prefix: token.prefix };
}
