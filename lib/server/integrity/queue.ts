// The admins' moderation queue of integrity audits (issue 34, /admin): flagged audits whose
// submission is still up (not hidden, not withdrawn) and that no admin has verified since it was
// audited, newest first, each with the evidence side by side — the flagged submission, the one
// it resembles, the similarity and the reasons. An admin acts with the existing moderation:
// hide it with a reason (its team sees why), or verify it (checked, it stays up). Nothing leaves
// the boards because it is listed here.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { describeReason, readReasons, type AuditReasonView } from "./view";

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
    where: { status: "flagged", submission: { hiddenAt: null, withdrawnAt: null } },
    orderBy: { auditedAt: "desc" },
    take: limit,
    select: {
      submissionId: true,
      releaseId: true,
      reasons: true,
      auditedAt: true,
      millis: true,
      submission: { select: { verifiedAt: true } },
    },
  });
  // verified after the audit: an admin looked and left it up
  const rows = flagged.filter((r) => !r.submission.verifiedAt || r.submission.verifiedAt < r.auditedAt);
  const parsed = rows.map((r) => ({ ...r, list: readReasons(r.reasons, r.submissionId) }));
  const ids = new Set(
    parsed.flatMap((r) => [r.submissionId, ...r.list.flatMap((x) => ("submissionId" in x ? [x.submissionId] : []))]),
  );
  const summary = await summaries(db, [...ids], [...new Set(rows.map((r) => r.releaseId))]);
  return parsed.flatMap((r) => {
    const submission = summary(r.submissionId, r.releaseId);
    if (!submission) return [];
    const reasons = r.list.map((x) => {
      const other = "submissionId" in x ? summary(x.submissionId, r.releaseId) : null;
      return { ...describeReason(x, other?.id ?? null, true), other };
    });
    return [{ submission, auditedAt: r.auditedAt, millis: r.millis, reasons }];
  });
}
