// What people see of integrity audits (issue 34): a submission's audit for its team and admins
// (GET /api/v1/submissions/{id}), and the admins' moderation queue (/admin). The public sees
// nothing of them: a flag is a reason to look, not a finding (docs/security.md, "Integrity audit").
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/server/auth";
import { log } from "@/lib/server/observability";
import { fixed, formatInt, percent } from "@/lib/format";
import { StoredReasons, type StoredReason } from "./reasons";

/** A reason as shown: one sentence, and the other submission and similarity when there are. */
export interface AuditReasonView {
  kind: StoredReason["kind"];
  detail: string;
  submissionId?: string;
  similarity?: number;
}
export interface AuditView {
  status: "pending" | "clean" | "flagged";
  reasons: AuditReasonView[];
}

/** Stored reasons, parsed (a row that does not parse is logged and read as none). */
export function readReasons(stored: unknown, submissionId: string): StoredReason[] {
  const r = StoredReasons.safeParse(stored);
  if (r.success) return r.data;
  log.error({ submissionId, issues: r.error.issues.slice(0, 3) }, "stored audit reasons do not match their schema");
  return [];
}

/** Reasons that read the hidden truth (outcomes, the truth's text): admins only on a hidden release. */
const readsTruth = (r: StoredReason) =>
  r.kind === "truth-in-trace" || (r.kind === "near-duplicate" && r.by === "outcomes");

const FOUND = {
  link: "a link to the pull request that fixed the issue",
  source: "a dataset's answer file",
  text: "text of the ground truth",
} as const;

/**
 * One sentence for a reason. `other` names the other submission, or null when the reader may
 * not see it (a private one of another team: said without its id); `truth`: outcome agreement may
 * be shown (not to a team on a hidden release).
 */
export function describeReason(r: StoredReason, other: string | null, truth: boolean): AuditReasonView {
  const subject = other ? `submission ${other}` : "an earlier submission by another team";
  const named = other ? { submissionId: other } : {};
  switch (r.kind) {
    case "near-duplicate": {
      const preds = r.predictions === null ? null : `${percent(r.predictions)} identical predictions`;
      const outs = r.outcomes === null || !truth ? null : `${percent(r.outcomes)} identical outcomes (right or wrong)`;
      const [first, second] = r.by === "predictions" ? [preds, outs] : [outs, preds];
      const evidence = `${first} on ${formatInt(r.shared)} shared instances${second ? `; ${second}` : ""}`;
      return { kind: r.kind, detail: `near-duplicate of ${subject} (${evidence})`, similarity: r.similarity, ...named };
    }
    case "trace-overlap":
      return {
        kind: r.kind,
        detail: `traces overlap with ${subject} (estimated Jaccard similarity ${fixed(r.similarity, 2)} of their distinctive 5-word shingles)`,
        similarity: r.similarity,
        ...named,
      };
    case "truth-in-trace":
      return {
        kind: r.kind,
        detail: `the traces of ${formatInt(r.instances)} instances contain ${r.found.map((f) => FOUND[f]).join(", ")} (e.g. ${r.examples.join(", ")})`,
      };
    case "probing":
      return {
        kind: r.kind,
        detail: `${r.steps} of this team's ${r.uploads} uploads to this hidden release each changed only 1–3 predictions from the one before (this one: ${r.lastDiff}): the pattern of probing hidden labels one instance at a time`,
      };
  }
}

/**
 * A submission's audit as its team and admins see it; undefined for everyone else (and for
 * baselines, which are not audited). `canSee` is the submissions' visibility rule: another
 * submission is named only to those who may open it.
 */
export async function submissionAuditView(
  db: PrismaClient,
  sub: { id: string; teamId: string | null; baseline: string | null },
  actor: Actor | null,
  canSee: (actor: Actor, other: { visibility: string; teamId: string | null; hiddenAt: Date | null }) => boolean,
): Promise<AuditView | undefined> {
  if (!actor || sub.baseline) return undefined;
  if (!actor.isAdmin && !(sub.teamId !== null && actor.teamIds.includes(sub.teamId))) return undefined;
  const row = await db.submissionAudit.findUnique({
    where: { submissionId: sub.id },
    select: { reasons: true, releaseId: true },
  });
  if (!row) return { status: "pending", reasons: [] };
  const hidden = actor.isAdmin
    ? false
    : ((await db.release.findUnique({ where: { id: row.releaseId }, select: { hidden: true } }))?.hidden ?? true);
  const shown = readReasons(row.reasons, sub.id).filter((r) => !(hidden && readsTruth(r)));
  const ids = shown.flatMap((r) => ("submissionId" in r ? [r.submissionId] : []));
  const others = ids.length
    ? await db.submission.findMany({
        where: { id: { in: ids } },
        select: { id: true, visibility: true, teamId: true, hiddenAt: true },
      })
    : [];
  const visible = new Set(others.filter((o) => canSee(actor, o)).map((o) => o.id));
  return {
    status: shown.length ? "flagged" : "clean",
    reasons: shown.map((r) =>
      describeReason(r, "submissionId" in r && visible.has(r.submissionId) ? r.submissionId : null, !hidden),
    ),
  };
}
