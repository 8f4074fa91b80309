import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { ResolvedTask } from "@/lib/tasks/resolve";
import { requireAdmin, type Actor } from "@/lib/server/auth";
import { actorLabel, logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";

/**
 * Sybil resistance beyond the Ladder (docs/security.md): when an admin sets a task to "approved
 * teams only", its hidden release takes uploads — dry runs included — only from teams an admin
 * approved. Admins are exempt.
 * @throws AppError forbidden (403)
 */
export async function assertMayUploadHidden(
  db: PrismaClient,
  opts: { task: ResolvedTask; release: { hidden: boolean }; teamId: string; isAdmin: boolean },
): Promise<void> {
  if (!opts.release.hidden || !opts.task.hiddenApprovedOnly || opts.isAdmin) return;
  const team = await db.team.findUnique({ where: { id: opts.teamId }, select: { approvedAt: true, name: true } });
  if (team?.approvedAt) return;
  throw new AppError(
    "forbidden",
    `the hidden release of ${opts.task.fullSlug} accepts uploads only from teams an admin approved, and team "${team?.name ?? "?"}" is not: ask an admin to approve it`,
  );
}

/**
 * An admin approves a team for hidden releases of "approved teams only" tasks, or withdraws the
 * approval; the change and its activity-log entry are one transaction. The work of
 * `POST`/`DELETE /api/v1/admin/teams/{slug}/approval` and of the admin page's buttons.
 */
export async function approveTeam(
  db: PrismaClient,
  actor: Actor,
  slug: string,
  approve: boolean,
): Promise<{ slug: string; approvedAt: Date | null }> {
  requireAdmin(actor);
  return db.$transaction(async (tx) => {
    const team = await tx.team.findUnique({ where: { slug } });
    if (!team) throw notFound(`team ${slug}`);
    const t = await tx.team.update({
      where: { id: team.id },
      data: approve
        ? { approvedAt: team.approvedAt ?? new Date(), approvedBy: actor.userId ?? actorLabel(actor) }
        : { approvedAt: null, approvedBy: null },
    });
    await logActivity(sqlOf(tx), {
      actor,
      action: approve ? "team.approve" : "team.unapprove",
      target: { type: "team", id: t.slug },
      before: { approvedAt: team.approvedAt },
      after: { approvedAt: t.approvedAt },
    });
    return { slug: t.slug, approvedAt: t.approvedAt };
  });
}
