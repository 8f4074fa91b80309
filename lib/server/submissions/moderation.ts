import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { requireAdmin, type Actor } from "@/lib/server/auth";
import { logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";
import { queueBoardRefresh } from "@/lib/server/scoring";
import { isOwner } from "@/lib/server/teams";
import { assertModelNameAvailable } from "@/lib/server/names";
import { holdIfFlagged, queueReauditsOfHeldCopies } from "@/lib/server/integrity";

/** The releases a submission has scores on: their boards' ranked sets move with it. */
async function boardsOf(db: Pick<PrismaClient, "score">, submissionId: string): Promise<string[]> {
  const rows = await db.score.findMany({ where: { submissionId }, select: { releaseId: true } });
  return rows.map((r) => r.releaseId);
}

// Who may change a submission after upload: its team's owners (visibility, logs link, withdraw)
// and admins (those, plus verify, hide with a reason, delete). Every change is in the activity log.
// A submission the integrity audit holds for review (issue 47, `heldAt`; lib/server/integrity) is
// decided by an admin here: verified or shown again, it is cleared and ranked; hidden with a
// reason, the hold is confirmed. Both are entries of the public moderation ledger.

async function load(db: PrismaClient, id: string) {
  const sub = await db.submission.findUnique({ where: { id } });
  if (!sub) throw notFound("submission");
  return sub;
}

export const WITHDRAWN_REASON = "withdrawn by its team";

/**
 * What the public moderation ledger records of a decision on a submission that was on the public
 * boards (issue 31): the model and team as shown then, who decided by role (never a name), and
 * the reason given. `public` is false for a private submission: its moderation stays private.
 */
async function ledgerEntry(
  tx: Prisma.TransactionClient,
  sub: { visibility: string; status: string; model: string; teamId: string | null; baseline: string | null },
  actor: Actor,
  reason: string | null,
) {
  const team = sub.teamId ? await tx.team.findUnique({ where: { id: sub.teamId }, select: { name: true } }) : null;
  return {
    // shown on the boards: public and scored (a queued or failed upload's name was never shown)
    public: sub.visibility === "public" && sub.status === "scored",
    ledger: {
      model: sub.model,
      team: team?.name ?? (sub.baseline ? "a server baseline" : null),
      role: actor.isAdmin ? "admin" : "team owner",
      reason,
    },
  };
}

/**
 * Visibility, the logs link and withdrawal (the team's owners, admins). A private submission made
 * public is a new public entry. A withdrawn one leaves every public view (as if hidden, with the
 * reason "withdrawn by its team"), stays in the activity log and still counts in its system's
 * attempts; a team cannot take a withdrawal back (an admin can, by un-hiding it).
 */
export async function updateSubmission(
  db: PrismaClient,
  actor: Actor | null,
  id: string,
  patch: {
    visibility?: "public" | "private";
    logsUrl?: string | null;
    withdrawn?: true;
    /** system metadata to amend: given fields replace, null clears (the judge is fixed at upload) */
    meta?: Record<string, unknown>;
  },
) {
  const sub = await load(db, id);
  assertMayChange(sub, actor, patch);
  const result = (s: typeof sub) => ({
    id,
    visibility: s.visibility,
    logsUrl: s.logsUrl,
    withdrawn: s.withdrawnAt ? { at: s.withdrawnAt.toISOString() } : null,
    meta: s.meta,
  });
  return db.$transaction(async (tx) => {
    const data = changesOf(sub, patch);
    if (!Object.keys(data).length) return result(sub);
    // made public: its name must not be another team's public one (private names hold nothing)
    if (data.visibility === "public")
      await assertModelNameAvailable(sqlOf(tx), {
        taskId: sub.taskId,
        teamId: sub.teamId,
        model: sub.model,
        submissionId: id,
      });
    let after = await tx.submission.update({ where: { id }, data });
    // made public after an audit that would have held a public upload: held as one would be
    if (data.visibility === "public" && (await holdIfFlagged(sqlOf(tx), id)))
      after = await tx.submission.findUniqueOrThrow({ where: { id } });
    // on or off the public boards: their rank intervals are recomputed
    if (data.visibility !== undefined || data.withdrawnAt) await queueBoardRefresh(sqlOf(tx), await boardsOf(tx, id));
    await logChanges(tx, actor, { sub, after }, data);
    return result(after);
  });
}

type Submission = Awaited<ReturnType<typeof load>>;
type SubmissionPatch = Parameters<typeof updateSubmission>[3];
type SubmissionChanges = {
  visibility?: "public" | "private";
  logsUrl?: string | null;
  withdrawnAt?: Date;
  hiddenAt?: Date;
  hiddenReason?: string;
  heldAt?: null;
  meta?: Prisma.InputJsonObject;
};

/** Signed in, and one of the team's owners or an admin (a private one is not found by anyone else). */
function assertMayChange(sub: Submission, actor: Actor | null, patch: SubmissionPatch): asserts actor is Actor {
  if (!actor) throw new AppError("unauthorized", "sign in or send an API token");
  const inTeam = sub.teamId !== null && actor.teamIds.includes(sub.teamId);
  if (!actor.isAdmin && !inTeam && sub.visibility === "private") throw notFound("submission");
  if (!actor.isAdmin && !(sub.teamId && isOwner(actor, sub.teamId)))
    throw new AppError("forbidden", "only the team's owners and admins may change a submission");
  if (patch.withdrawn && sub.baseline) throw new AppError("forbidden", "a baseline cannot be withdrawn");
}

/** What the patch changes: the fields that differ (a withdrawal also hides it, unless it is hidden already). */
function changesOf(sub: Submission, patch: SubmissionPatch): SubmissionChanges {
  const data: SubmissionChanges = {};
  if (patch.visibility !== undefined && patch.visibility !== sub.visibility) data.visibility = patch.visibility;
  if (patch.logsUrl !== undefined && patch.logsUrl !== sub.logsUrl) data.logsUrl = patch.logsUrl;
  if (patch.meta) {
    const meta: Record<string, unknown> = { ...(sub.meta as Record<string, unknown>) };
    for (const [k, v] of Object.entries(patch.meta)) {
      if (v === null) delete meta[k];
      else if (v !== undefined) meta[k] = v;
    }
    if (JSON.stringify(meta) !== JSON.stringify(sub.meta)) data.meta = meta as Prisma.InputJsonObject;
  }
  if (patch.withdrawn && !sub.withdrawnAt) {
    const now = new Date();
    data.withdrawnAt = now;
    if (!sub.hiddenAt) {
      data.hiddenAt = now;
      data.hiddenReason = WITHDRAWN_REASON;
    }
    // a held one withdrawn: no longer waiting for a decision, off the boards as a withdrawal
    if (sub.heldAt) Object.assign(data, { heldAt: null, hiddenReason: WITHDRAWN_REASON });
  }
  return data;
}

/** An event of the activity log about a submission, filed under its task and team. */
function auditSubmission(
  tx: Prisma.TransactionClient,
  actor: Actor,
  sub: Submission,
  e: Omit<Parameters<typeof logActivity>[1], "actor" | "target" | "taskId" | "teamId">,
) {
  return logActivity(sqlOf(tx), {
    actor,
    target: { type: "submission", id: sub.id },
    taskId: sub.taskId,
    teamId: sub.teamId,
    ...e,
  });
}

/** The activity log of the changes: a withdrawal (in the public ledger), the metadata, the visibility and logs link. */
async function logChanges(
  tx: Prisma.TransactionClient,
  actor: Actor,
  { sub, after }: { sub: Submission; after: Submission },
  data: SubmissionChanges,
) {
  if (data.withdrawnAt) {
    const l = await ledgerEntry(tx, sub, actor, WITHDRAWN_REASON);
    await auditSubmission(tx, actor, sub, {
      action: "submission.withdraw",
      public: l.public,
      before: { model: sub.model, visibility: sub.visibility },
      after: { ...l.ledger, withdrawn: true },
    });
  }
  if (data.meta) {
    await auditSubmission(tx, actor, sub, {
      action: "submission.meta",
      before: { model: sub.model, meta: sub.meta },
      after: { model: sub.model, meta: data.meta },
    });
  }
  if (data.visibility === undefined && data.logsUrl === undefined) return;
  await auditSubmission(tx, actor, sub, {
    action: data.visibility === "public" ? "submission.public" : "submission.visibility",
    public: data.visibility === "public" && !sub.hiddenAt,
    before: { visibility: sub.visibility, logsUrl: sub.logsUrl, model: sub.model },
    after: { visibility: after.visibility, logsUrl: after.logsUrl, model: sub.model },
  });
}

/** The reason the ledger gives when an admin clears a held submission. */
export const CLEARED_REASON = "nothing wrong found on review";

/**
 * An admin's decision on a submission held for review, in the deciding transaction: cleared (back
 * on the boards, ranked) with `reason` null, else confirmed (hidden with the admin's reason).
 */
async function decideHold(tx: Prisma.TransactionClient, actor: Actor, sub: Submission, reason: string | null) {
  const data = reason
    ? { heldAt: null, hiddenReason: reason }
    : { heldAt: null, hiddenAt: null, hiddenReason: null, withdrawnAt: null };
  const after = await tx.submission.update({ where: { id: sub.id }, data });
  await queueBoardRefresh(sqlOf(tx), await boardsOf(tx, sub.id));
  const l = await ledgerEntry(tx, sub, actor, reason ?? CLEARED_REASON);
  await auditSubmission(tx, actor, sub, {
    action: reason ? "submission.hide" : "submission.clear",
    public: l.public,
    before: { held: { at: sub.heldAt!.toISOString(), reason: sub.hiddenReason }, model: sub.model },
    after: { hidden: after.hiddenAt ? { reason: after.hiddenReason } : null, held: null, ...l.ledger },
  });
  return after;
}

/** Admins vouch for a submission (a badge on every view), or take it back. Verifying a held one clears it. */
export async function verifySubmission(db: PrismaClient, actor: Actor, id: string, verified: boolean) {
  requireAdmin(actor);
  const sub = await load(db, id);
  const by = actor.email ?? "admin";
  return db.$transaction(async (tx) => {
    const held = verified && sub.heldAt ? await decideHold(tx, actor, sub, null) : null;
    const after = await tx.submission.update({
      where: { id },
      data: verified ? { verifiedBy: by, verifiedAt: new Date() } : { verifiedBy: null, verifiedAt: null },
    });
    const l = await ledgerEntry(tx, sub, actor, null);
    await auditSubmission(tx, actor, sub, {
      action: verified ? "submission.verify" : "submission.unverify",
      public: l.public && !(held ?? sub).hiddenAt,
      before: {
        verified: sub.verifiedAt ? { by: sub.verifiedBy, at: sub.verifiedAt.toISOString() } : null,
        model: sub.model,
      },
      after: {
        verified: after.verifiedAt ? { by: after.verifiedBy, at: after.verifiedAt.toISOString() } : null,
        ...l.ledger,
      },
    });
    return { id, verified: after.verifiedAt ? { by: after.verifiedBy, at: after.verifiedAt.toISOString() } : null };
  });
}

/**
 * Admins hide a submission from public views with a reason its team sees (null: show it again). On
 * one held for review it decides the hold: confirmed with a reason (it stays off), cleared without.
 */
export async function hideSubmission(db: PrismaClient, actor: Actor, id: string, reason: string | null) {
  requireAdmin(actor);
  const sub = await load(db, id);
  const shown = (s: Submission) => ({
    id,
    hidden: s.hiddenAt ? { reason: s.hiddenReason, at: s.hiddenAt.toISOString() } : null,
  });
  return db.$transaction(async (tx) => {
    if (sub.heldAt) return shown(await decideHold(tx, actor, sub, reason));
    const after = await tx.submission.update({
      where: { id },
      // showing a withdrawn submission again takes the withdrawal back too
      data: reason
        ? { hiddenReason: reason, hiddenAt: new Date() }
        : { hiddenReason: null, hiddenAt: null, withdrawnAt: null },
    });
    await queueBoardRefresh(sqlOf(tx), await boardsOf(tx, id));
    const l = await ledgerEntry(tx, sub, actor, reason);
    await auditSubmission(tx, actor, sub, {
      action: reason ? "submission.hide" : "submission.unhide",
      public: l.public,
      before: { hidden: sub.hiddenAt ? { reason: sub.hiddenReason } : null, model: sub.model },
      after: { hidden: after.hiddenAt ? { reason: after.hiddenReason } : null, ...l.ledger },
    });
    return shown(after);
  });
}

/** Admins delete a submission with its predictions and scores (the activity log keeps what it was). */
export async function deleteSubmission(db: PrismaClient, actor: Actor, id: string) {
  requireAdmin(actor);
  const sub = await load(db, id);
  await db.$transaction(async (tx) => {
    const l = await ledgerEntry(tx, sub, actor, null);
    await auditSubmission(tx, actor, sub, {
      action: "submission.delete",
      public: l.public,
      after: l.ledger,
      before: {
        model: sub.model,
        visibility: sub.visibility,
        fileSha256: sub.fileSha256,
        createdAt: sub.createdAt.toISOString(),
      },
    });
    const boards = await boardsOf(tx, id);
    // uploads held as near-copies of it are audited again once it is gone (their holds may end)
    await queueReauditsOfHeldCopies(sqlOf(tx), id);
    await tx.submission.delete({ where: { id } });
    await queueBoardRefresh(sqlOf(tx), boards);
  });
}
