import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { ResolvedTask } from "@/lib/tasks/resolve";

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

/** Approves a team for hidden releases of "approved teams only" tasks, or withdraws it (null). */
export async function setTeamApproval(
  db: PrismaClient,
  slug: string,
  by: string | null,
): Promise<{ slug: string; approvedAt: Date | null; before: Date | null }> {
  const team = await db.team.findUnique({ where: { slug } });
  if (!team) throw notFound(`team ${slug}`);
  const t = await db.team.update({
    where: { id: team.id },
    data:
      by === null
        ? { approvedAt: null, approvedBy: null }
        : { approvedAt: team.approvedAt ?? new Date(), approvedBy: by },
  });
  return { slug: t.slug, approvedAt: t.approvedAt, before: team.approvedAt };
}
