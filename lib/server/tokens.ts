import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { audit } from "./audit";
import { prismaRows } from "./scoring";
import { AppError } from "@/lib/errors";
import { slugify } from "@/lib/validations/common";
import type { Actor } from "./actor";

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
 * Creates a token on behalf of an actor: for the actor's own team, or — admins only — for any
 * team (created if needed) and/or with admin rights.
 * @throws AppError forbidden for a non-admin asking for another team or an admin token
 */
export async function createTokenFor(db: PrismaClient, actor: Actor, req: { name: string; team?: string; admin?: boolean }) {
  if ((req.team || req.admin) && !actor.isAdmin) throw new AppError("forbidden", "only admins may create tokens for other teams or admin tokens");
  const team = req.team ? await ensureTeam(db, req.team) : actor.teamId ? await db.team.findUnique({ where: { id: actor.teamId } }) : null;
  if (!team) throw new AppError("forbidden", "your account belongs to no team");
  const t = await createApiToken(db, { teamId: team.id, userId: req.team ? null : actor.userId, name: req.name, isAdmin: req.admin });
  await audit(prismaRows(db), { actor, action: "token.create", target: { type: "token", id: t.id }, teamId: team.id, after: { name: req.name, prefix: t.prefix, admin: Boolean(req.admin) } });
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
export async function revokeToken(db: PrismaClient, actor: Actor, id: string): Promise<void> {
  const token = await db.apiToken.findUnique({ where: { id } });
  if (!token || token.revokedAt || (!actor.isAdmin && !actor.teamIds.includes(token.teamId))) throw new AppError("not_found", "token not found");
  // a team's owners manage its tokens; a member revokes the ones they created
  if (!actor.isAdmin && actor.roles[token.teamId] !== "owner" && token.userId !== actor.userId) throw new AppError("forbidden", "only the team's owners (or whoever created it) may revoke this token");
  await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
  await audit(prismaRows(db), { actor, action: "token.revoke", target: { type: "token", id: token.id }, teamId: token.teamId, before: { name: token.name, prefix: token.prefix } });
}
