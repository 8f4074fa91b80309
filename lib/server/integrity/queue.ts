// The admins' moderation queue of integrity audits (issue 34, 47, /admin): flagged audits whose
// submission is still up (not hidden, not withdrawn) or held for review, and that no admin has
// verified since it was audited, newest first, each with the evidence side by side — the flagged
// submission, the one it resembles, the similarity and the reasons. An admin acts with the
// existing moderation: hide it with a reason (its team sees why; a held one stays off the boards),
// or verify it (checked: it stays up, and a held one is cleared and ranked).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { holdingReasons } from "./hold";
import { describeReason, namedIn, readReasons, type AuditReasonView } from "./view";

/** A submission as the queue shows it. */
export interface AuditedSubmission {
  id: string;
  model: string;
  team: string | null;
  task: string;
  visibility: string;
  createdAt: Date;
  hidden: boolean;
  sha256: string | null;
  /** its primary metric on the audit's release */
  primary: { metric: string; value: number | null } | null;
}

export interface AuditQueueItem {
  submission: AuditedSubmission;
  /** held for review by the audit since (null: up on the boards) */
  heldAt: Date | null;
  auditedAt: Date;
  millis: number;
  reasons: (AuditReasonView & { other: AuditedSubmission | null })[];
}

const SUMMARY = {
  id: true,
  model: true,
  visibility: true,
  createdAt: true,
  hiddenAt: true,
  fileSha256: true,
  team: { select: { name: true } },
  task: { select: { fullSlug: true } },
} as const;

async function summaries(db: PrismaClient, ids: string[], releaseIds: string[]) {
  const [subs, scores] = await Promise.all([
    db.submission.findMany({ where: { id: { in: ids } }, select: SUMMARY }),
    db.score.findMany({
      where: { submissionId: { in: ids }, releaseId: { in: releaseIds } },
      select: { submissionId: true, releaseId: true, primaryMetric: true, primaryValue: true },
    }),
  ]);
  return (id: string, releaseId: string): AuditedSubmission | null => {
    const s = subs.find((x) => x.id === id);
    if (!s) return null;
    const sc = scores.find((x) => x.submissionId === id && x.releaseId === releaseId);
    return {
      id: s.id,
      model: s.model,
      team: s.team?.name ?? null,
      task: s.task.fullSlug,
      visibility: s.visibility,
      createdAt: s.createdAt,
      hidden: s.hiddenAt !== null,
      sha256: s.fileSha256,
      primary: sc ? { metric: sc.primaryMetric, value: sc.primaryValue } : null,
    };
  };
}

/** The queue: flagged audits awaiting an admin (at most `limit`, newest first). */
export async function auditQueue(db: PrismaClient, limit = 100): Promise<AuditQueueItem[]> {
  const flagged = await db.submissionAudit.findMany({
    where: {
      status: "flagged",
      submission: { withdrawnAt: null, OR: [{ hiddenAt: null }, { heldAt: { not: null } }] },
    },
    orderBy: { auditedAt: "desc" },
    take: limit,
    select: {
      submissionId: true,
      releaseId: true,
      reasons: true,
      auditedAt: true,
      millis: true,
      submission: { select: { verifiedAt: true, heldAt: true } },
    },
  });
  // verified after the audit: an admin looked and left it up
  const rows = flagged.filter((r) => !r.submission.verifiedAt || r.submission.verifiedAt < r.auditedAt);
  const parsed = rows.map((r) => ({ ...r, list: readReasons(r.reasons, r.submissionId) }));
  const ids = new Set(
    parsed.flatMap((r) => [r.submissionId, ...r.list.flatMap((x) => ("submissionId" in x ? [x.submissionId] : []))]),
  );
  const summary = await summaries(db, [...ids], [...new Set(rows.map((r) => r.releaseId))]);
  const named = await namedIn(
    sqlOf(db),
    parsed.flatMap((r) => r.list),
  );
  const hiddenReleases = new Set(
    (
      await db.release.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.releaseId))] }, hidden: true },
        select: { id: true },
      })
    ).map((r) => r.id),
  );
  const isPublic = (id: string) => named.get(id)?.visibility === "public" && !named.get(id)?.hidden;
  return parsed.flatMap((r) => {
    const submission = summary(r.submissionId, r.releaseId);
    if (!submission) return [];
    const holding = new Set(holdingReasons(r.list, hiddenReleases.has(r.releaseId), isPublic));
    const reasons = r.list.map((x) => {
      const other = "submissionId" in x ? summary(x.submissionId, r.releaseId) : null;
      const o = "submissionId" in x ? (named.get(x.submissionId) ?? null) : null;
      return { ...describeReason(x, o, { truth: true, holds: holding.has(x) }), other };
    });
    return [{ submission, heldAt: r.submission.heldAt, auditedAt: r.auditedAt, millis: r.millis, reasons }];
  });
}
