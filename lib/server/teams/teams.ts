import { submissionStatus } from "@/lib/submission-status";
import crypto from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { Actor } from "@/lib/server/auth";
import { logActivity, type ActivityAction } from "@/lib/server/activity";
import { assertTeamNameAvailable, isUniqueViolation, visibleName } from "@/lib/server/names";
import { publicUrl } from "@/lib/server/http";
import { sqlOf } from "@/lib/server/db";
import { lockTeam, teamAttempts } from "./teams.sql";
import { hashToken } from "@/lib/server/auth";

// Teams: members with roles (owners invite and remove members, change roles, manage tokens and
// their submissions' visibility; members upload and see the team's private submissions), single-
// use invitation links, and a team page. A team is never left without an owner.

export const INVITATION_DAYS = 7;

export function isOwner(actor: Actor | null, teamId: string): boolean {
  return Boolean(actor && (actor.isAdmin || actor.roles[teamId] === "owner"));
}

export async function getTeamOrThrow(db: PrismaClient, slug: string) {
  const team = await db.team.findUnique({ where: { slug } });
  if (!team) throw notFound(`team ${slug}`);
  return team;
}

function requireOwner(actor: Actor | null, team: { id: string; slug: string }) {
  if (!actor) throw new AppError("unauthorized", "sign in or send an API token");
  if (!isOwner(actor, team.id)) {
    // outsiders cannot tell the difference between a team they are not in and one that lacks this right
    if (!actor.teamIds.includes(team.id)) throw notFound(`team ${team.slug}`);
    throw new AppError("forbidden", `only owners of ${team.slug} may do this`);
  }
}

/**
 * A team's page: members, public submissions (newest first, a page at a time); for its members
 * also the private ones and the tokens.
 */
export async function teamView(
  db: PrismaClient,
  slug: string,
  actor: Actor | null,
  opts: { page?: number; pageSize?: number } = {},
) {
  const team = await getTeamOrThrow(db, slug);
  const member = Boolean(actor && (actor.isAdmin || actor.teamIds.includes(team.id)));
  const pageSize = Math.min(200, Math.max(1, opts.pageSize ?? 200));
  const page = Math.min(1_000_000, Math.max(1, Math.floor(opts.page ?? 1) || 1));
  const shownSubmissions = {
    teamId: team.id,
    status: "scored" as const,
    ...(member ? {} : { visibility: "public" as const, hiddenAt: null }),
  };
  const [memberships, submissions, submissionTotal, tokens, invitations, attempts] = await Promise.all([
    db.membership.findMany({
      where: { teamId: team.id },
      include: { user: { select: { id: true, name: true, email: true } } },
      orderBy: { createdAt: "asc" },
    }),
    submissionsPage(db, shownSubmissions, page, pageSize),
    db.submission.count({ where: shownSubmissions }),
    member
      ? db.apiToken.findMany({
          where: { teamId: team.id, revokedAt: null },
          include: { user: { select: { email: true } } },
          orderBy: { createdAt: "desc" },
        })
      : Promise.resolve([]),
    isOwner(actor, team.id)
      ? db.teamInvitation.findMany({
          where: { teamId: team.id, usedAt: null, expiresAt: { gt: new Date() } },
          orderBy: { createdAt: "desc" },
        })
      : Promise.resolve([]),
    attemptsLedger(db, team.id),
  ]);
  return {
    slug: team.slug,
    name: team.name,
    createdAt: team.createdAt.toISOString(),
    viewer: { member, owner: isOwner(actor, team.id) },
    // e-mail addresses are for the team's own members
    members: memberships.map((m) => ({
      userId: m.userId,
      name: m.user.name ?? "member",
      email: member ? m.user.email : undefined,
      role: m.role,
      since: m.createdAt.toISOString(),
    })),
    /**
     * The attempts ledger, public: per task and release, the team's scored uploads (public,
     * private, hidden, withdrawn, and those to hidden releases) — how many tries stand behind
     * what the board shows.
     */
    attempts,
    /** how many submissions the viewer may see in all, and which page of them `submissions` is */
    submissionTotal,
    page,
    pageSize,
    submissions: submissions.map(submissionRow),
    tokens: tokens.map(tokenRow),
    invitations: invitations.map((i) => ({
      id: i.id,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

export type TeamView = Awaited<ReturnType<typeof teamView>>;

/** A page of the team's submissions, newest first, with only the columns the list shows. */
function submissionsPage(db: PrismaClient, where: Prisma.SubmissionWhereInput, page: number, pageSize: number) {
  return db.submission.findMany({
    where,
    // what the list shows: Prisma maps every selected column of 200 rows (validation reports, metadata, …)
    select: {
      id: true,
      model: true,
      visibility: true,
      hiddenAt: true,
      hiddenReason: true,
      withdrawnAt: true,
      verifiedAt: true,
      verifiedBy: true,
      createdAt: true,
      task: { select: { fullSlug: true, name: true, primaryMetric: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
}

function submissionRow(s: Awaited<ReturnType<typeof submissionsPage>>[number]) {
  return {
    id: s.id,
    task: s.task.fullSlug,
    taskName: s.task.name,
    model: s.model,
    visibility: s.visibility,
    status: submissionStatus(s),
    hidden: s.hiddenAt ? { reason: s.hiddenReason } : null,
    verified: s.verifiedAt ? { by: s.verifiedBy, at: s.verifiedAt.toISOString() } : null,
    createdAt: s.createdAt.toISOString(),
  };
}

/** A token as its team sees it: never its secret, only its prefix. */
function tokenRow(t: {
  id: string;
  name: string;
  prefix: string;
  user: { email: string } | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  isAdmin: boolean;
}) {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    createdBy: t.user?.email ?? null,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    admin: t.isAdmin,
  };
}

/** Per task and release (published or archived), the team's scored uploads and how many are public now. */
async function attemptsLedger(db: PrismaClient, teamId: string) {
  const rows = await teamAttempts(sqlOf(db), teamId);
  return rows.map((r) => ({
    task: r.task,
    taskName: r.task_name,
    release: r.version,
    hidden: r.hidden,
    current: r.status === "published",
    uploads: r.uploads,
    public: r.public,
    withdrawn: r.withdrawn,
  }));
}

/**
 * An owner renames the team (its slug, and so its links, stay). The name must be visible and
 * must not look like another team's (confusable skeleton, Unicode TS #39).
 * @throws AppError conflict (409) naming the team whose name it looks like
 */
export async function renameTeam(db: PrismaClient, actor: Actor | null, slug: string, newName: string) {
  const team = await getTeamOrThrow(db, slug);
  requireOwner(actor, team);
  const name = visibleName(newName, "team name");
  try {
    return await db.$transaction(async (tx) => {
      const nameSkeleton = await assertTeamNameAvailable(tx, name, team.id);
      await tx.team.update({ where: { id: team.id }, data: { name, nameSkeleton } });
      await logActivity(sqlOf(tx), {
        actor,
        action: "team.rename",
        target: { type: "team", id: team.slug },
        teamId: team.id,
        before: { name: team.name },
        after: { name },
      });
      return { slug: team.slug, name };
    });
  } catch (e) {
    // another team took a look-alike name in the same instant (the unique skeleton)
    if (isUniqueViolation(e))
      throw new AppError("conflict", `team name "${name}" was just taken by another team: pick another name`, {
        field: "name",
      });
    throw e;
  }
}

/** A single-use invitation link (owners). The token is shown once; only its hash is kept. */
export async function createInvitation(db: PrismaClient, actor: Actor | null, slug: string) {
  const team = await getTeamOrThrow(db, slug);
  requireOwner(actor, team);
  const token = `lbi_${crypto.randomBytes(24).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const id = crypto.randomUUID();
  await db.$transaction(async (tx) => {
    await tx.teamInvitation.create({
      data: { id, teamId: team.id, tokenHash: hashToken(token), createdBy: actor!.userId, expiresAt },
    });
    await logActivity(sqlOf(tx), {
      actor,
      action: "invitation.create",
      target: { type: "team", id: team.slug },
      teamId: team.id,
      after: { invitation: id, expiresAt: expiresAt.toISOString() },
    });
  });
  return { url: `${publicUrl()}/invitations/${token}`, token, expiresAt: expiresAt.toISOString(), team: team.slug };
}

/** Looks an invitation up by its token (for the page that offers to accept it). */
export async function findInvitation(db: PrismaClient, token: string) {
  const inv = await db.teamInvitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { team: true } });
  if (!inv) throw notFound("invitation");
  return {
    team: { slug: inv.team.slug, name: inv.team.name },
    expiresAt: inv.expiresAt.toISOString(),
    used: Boolean(inv.usedAt),
    expired: inv.expiresAt < new Date(),
  };
}

/** A signed-in user accepts: joins as a member; the link is then used up. */
export async function acceptInvitation(db: PrismaClient, actor: Actor | null, token: string) {
  if (!actor?.userId) throw new AppError("unauthorized", "sign in to accept an invitation");
  const userId = actor.userId;
  return db.$transaction(async (tx) => {
    const inv = await tx.teamInvitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { team: true } });
    if (!inv) throw notFound("invitation");
    if (inv.usedAt) throw new AppError("conflict", "this invitation has been used; ask the team's owner for a new one");
    if (inv.expiresAt < new Date())
      throw new AppError("conflict", "this invitation has expired; ask the team's owner for a new one");
    // single use even when two tabs accept at once: only one update finds it unused
    const claimed = await tx.teamInvitation.updateMany({
      where: { id: inv.id, usedAt: null },
      data: { usedAt: new Date(), usedBy: userId },
    });
    if (!claimed.count) throw new AppError("conflict", "this invitation has been used");
    const existing = await tx.membership.findUnique({ where: { userId_teamId: { userId, teamId: inv.teamId } } });
    if (!existing) await tx.membership.create({ data: { userId, teamId: inv.teamId, role: "member" } });
    await logActivity(sqlOf(tx), {
      actor,
      action: "invitation.accept",
      target: { type: "team", id: inv.team.slug },
      teamId: inv.teamId,
      after: { userId, role: existing?.role ?? "member" },
    });
    return { team: { slug: inv.team.slug, name: inv.team.name }, role: existing?.role ?? "member" };
  });
}

async function ownersLeft(tx: Pick<PrismaClient, "membership">, teamId: string) {
  return tx.membership.count({ where: { teamId, role: "owner" } });
}

type Tx = Prisma.TransactionClient;
type TeamRef = { id: string; slug: string };

/**
 * A member's row, the team locked (a concurrent change waits): refused when the change would take
 * the team's last owner (`stepsDown`: the change makes an owner no longer one).
 */
async function memberToChange(tx: Tx, team: TeamRef, userId: string, stepsDown: boolean) {
  await lockTeam(sqlOf(tx), team.id);
  const m = await tx.membership.findUnique({ where: { userId_teamId: { userId, teamId: team.id } } });
  if (!m) throw notFound("member");
  if (m.role === "owner" && stepsDown && (await ownersLeft(tx, team.id)) <= 1)
    throw new AppError("conflict", "a team needs an owner: make someone else an owner first");
  return m;
}

/** The activity event of a change to a membership: its role before and, unless it is gone, after. */
function logMemberChange(
  tx: Tx,
  actor: Actor | null,
  { team, userId }: { team: TeamRef; userId: string },
  action: ActivityAction,
  { before, after }: { before: string; after?: string },
) {
  return logActivity(sqlOf(tx), {
    actor,
    action,
    target: { type: "membership", id: `${team.slug}/${userId}` },
    teamId: team.id,
    before: { role: before },
    ...(after ? { after: { role: after } } : {}),
  });
}

/** An owner changes a member's role; the last owner cannot step down. */
export async function setMemberRole(
  db: PrismaClient,
  actor: Actor | null,
  slug: string,
  userId: string,
  role: "owner" | "member",
) {
  const team = await getTeamOrThrow(db, slug);
  requireOwner(actor, team);
  return db.$transaction(async (tx) => {
    const m = await memberToChange(tx, team, userId, role === "member");
    await tx.membership.update({ where: { userId_teamId: { userId, teamId: team.id } }, data: { role } });
    await logMemberChange(tx, actor, { team, userId }, "member.role", { before: m.role, after: role });
    return { userId, role };
  });
}

/** An owner removes a member, or a member leaves; the last owner cannot go. */
export async function removeMember(db: PrismaClient, actor: Actor | null, slug: string, userId: string) {
  const team = await getTeamOrThrow(db, slug);
  if (!actor) throw new AppError("unauthorized", "sign in or send an API token");
  if (actor.userId !== userId) requireOwner(actor, team);
  await db.$transaction(async (tx) => {
    const m = await memberToChange(tx, team, userId, true);
    await tx.membership.delete({ where: { userId_teamId: { userId, teamId: team.id } } });
    await logMemberChange(tx, actor, { team, userId }, "member.remove", { before: m.role });
  });
}

/** The team an upload is filed under: the token's team, or (a session) the one picked, which must be the user's. */
export async function uploadTeam(db: PrismaClient, actor: Actor, picked: string | undefined): Promise<string> {
  if (!picked) {
    if (!actor.teamId) throw new AppError("forbidden", "your account belongs to no team");
    return actor.teamId;
  }
  const team = await db.team.findUnique({ where: { slug: picked } });
  if (!team || !actor.teamIds.includes(team.id)) {
    throw new AppError(
      "forbidden",
      actor.via === "token"
        ? `this token uploads for its own team only, not ${picked}`
        : `you are not a member of team ${picked}`,
    );
  }
  return team.id;
}
