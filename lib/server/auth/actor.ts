import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/errors";
import { hashToken } from "./tokens";
import { hasSessionCookie } from "./session-cookie";
import type { Actor } from "./types";

export type { Actor } from "./types";

/**
 * Resolves an API token (`Authorization: Bearer …`). Every use re-checks what the token acts
 * with: its user's current membership and role in the token's team (a removed member's tokens
 * stop at once; a lowered role applies at once) and its user's current admin flag. A token
 * without a user (made by an admin for a team) acts as a member of that team.
 * @throws AppError unauthorized for a bad, revoked or orphaned token
 */
export async function actorFromToken(token: string): Promise<Actor> {
  const db = await getDb();
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { include: { memberships: true } }, team: { select: { slug: true } } },
  });
  if (!row || row.revokedAt) throw new AppError("unauthorized", "invalid or revoked API token");
  const membership = row.user?.memberships.find((m) => m.teamId === row.teamId);
  if (row.user && !membership && !row.user.isAdmin) {
    throw new AppError(
      "unauthorized",
      `this token's user is no longer a member of the team "${row.team.slug}": the token acts for nobody (an owner can invite them again)`,
    );
  }
  await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return {
    via: "token",
    userId: row.userId,
    email: row.user?.email ?? null,
    // a user's token is an admin's only while its user is one; a user-less admin token (made by an operator) stays one
    isAdmin: row.user ? row.user.isAdmin : row.isAdmin,
    teamIds: [row.teamId],
    teamId: row.teamId,
    roles: { [row.teamId]: membership?.role ?? "member" },
    tokenPrefix: row.prefix,
  };
}

/** The actor of a signed-in user id. */
export async function actorFromUserId(userId: string): Promise<Actor | null> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { id: userId },
    include: { memberships: { orderBy: { createdAt: "asc" } } },
  });
  if (!user) return null;
  const teamIds = user.memberships.map((m) => m.teamId);
  const roles = Object.fromEntries(user.memberships.map((m) => [m.teamId, m.role]));
  return {
    via: "session",
    userId: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    teamIds,
    teamId: teamIds[0] ?? null,
    roles,
  };
}

export { hasSessionCookie };

/** The signed-in user of this request (server components, actions and route handlers). */
export async function getSessionActor(): Promise<Actor | null> {
  try {
    // most readers carry no session: answer without decoding anything
    const { headers } = await import("next/headers");
    if (!hasSessionCookie((await headers()).get("cookie"))) return null;
    const { getServerSession } = await import("next-auth");
    const { getAuthOptions } = await import("./auth-options");
    const session = await getServerSession(getAuthOptions());
    const id = (session?.user as { id?: string } | undefined)?.id;
    return id ? await actorFromUserId(id) : null;
  } catch (e) {
    // Outside a request scope (scripts, tests) there is no session.
    if (e instanceof Error && /outside a request scope|was called outside/.test(e.message)) return null;
    throw e;
  }
}

/** Resolves the caller of a request: bearer token first, then the session cookie. */
export async function resolveActor(req: Request): Promise<Actor | null> {
  const auth = req.headers.get("authorization");
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!m) throw new AppError("unauthorized", "Authorization header must be 'Bearer <token>'");
    return actorFromToken(m[1]);
  }
  if (!hasSessionCookie(req.headers.get("cookie"))) return null;
  return getSessionActor();
}

/**
 * What only admins may do (verify, hide, delete, approve a team) says so itself, whoever calls it
 * (an API route's `access: "admin"`, a page's action): not only in its caller.
 * @throws AppError forbidden
 */
export function requireAdmin(actor: Actor | null): asserts actor is Actor {
  if (!actor?.isAdmin) throw new AppError("forbidden", "admins only");
}
