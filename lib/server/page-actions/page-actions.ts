// The work behind the pages' action forms (app/page-actions.ts): each operation calls what its API
// route calls, with that route's access level, so a button and `curl` can never differ in what
// they may do or in what they change. Where the work ends a page (a deleted submission, a team one
// left), the next page is decided here, never taken from the form.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { PageAction, PageActionOp } from "@/lib/contracts/page-actions";
import { AppError, notFound } from "@/lib/errors";
import { revokeToken, type Actor } from "@/lib/server/auth";
import {
  approveTeam,
  deleteSubmission,
  hideSubmission,
  updateSubmission,
  verifySubmission,
} from "@/lib/server/submissions";
import { acceptInvitation, removeMember, setMemberRole } from "@/lib/server/teams";

/** Who may run each operation, as its API route says (`route({ access })`). */
export const ACCESS: Record<PageActionOp, "member" | "admin"> = {
  "team-approve": "admin",
  "team-unapprove": "admin",
  "invitation-accept": "member",
  "submission-verify": "admin",
  "submission-hide": "admin",
  "submission-show": "admin",
  "submission-visibility": "member",
  "submission-withdraw": "member",
  "submission-delete": "admin",
  "member-role": "member",
  "member-remove": "member",
  "token-revoke": "member",
};

/**
 * Runs one operation for a signed-in actor. Returns the page to show next when the work leaves
 * the one it was sent from behind, else null (the same page again).
 * @throws AppError forbidden for an operation above the actor's access, and whatever the work throws
 */
export async function runPageAction(db: PrismaClient, actor: Actor, a: PageAction): Promise<string | null> {
  if (ACCESS[a.op] === "admin" && !actor.isAdmin) throw new AppError("forbidden", "admins only");
  switch (a.op) {
    case "team-approve":
    case "team-unapprove":
      await approveTeam(db, actor, a.slug, a.op === "team-approve");
      return null;
    case "invitation-accept":
      return `/teams/${(await acceptInvitation(db, actor, a.token)).team.slug}`;
    case "submission-verify":
      await verifySubmission(db, actor, a.id, a.verified);
      return null;
    case "submission-hide":
    case "submission-show":
      await hideSubmission(db, actor, a.id, a.op === "submission-hide" ? a.reason : null);
      return null;
    case "submission-visibility":
      await updateSubmission(db, actor, a.id, { visibility: a.visibility });
      return null;
    case "submission-withdraw":
      await updateSubmission(db, actor, a.id, { withdrawn: true });
      return null;
    case "submission-delete":
      return deleteAndLeave(db, actor, a.id);
    case "member-role":
      await setMemberRole(db, actor, a.slug, a.userId, a.role);
      return null;
    case "member-remove":
      await removeMember(db, actor, a.slug, a.userId);
      // one who left a team no longer sees its members' view: their account next
      return a.userId === actor.userId ? "/account" : null;
    case "token-revoke":
      await revokeToken(db, actor, a.id);
      return null;
  }
}

/** A deleted submission's page is gone: its task's board next. */
async function deleteAndLeave(db: PrismaClient, actor: Actor, id: string): Promise<string> {
  const sub = await db.submission.findUnique({ where: { id }, select: { task: { select: { fullSlug: true } } } });
  if (!sub) throw notFound("submission");
  await deleteSubmission(db, actor, id);
  return `/tasks/${sub.task.fullSlug}`;
}
