// What people see of integrity audits (issue 34, 47): a submission's audit for its team and admins
// (the upload's answer, GET /api/v1/submissions/{id}, the submission page) and the sentences the
// admins' queue shows. A team is told only what ./hold.ts's `tellable` allows — nothing about a
// submission it may not open, nothing that reads a hidden release's truth — so what it reads is
// the same whether or not the audit found anything there (docs/security.md, "Integrity audit").
// The public reads no audit: only that a submission is held for review, and the ledger.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AuditReason, AuditView } from "@/lib/contracts/submissions";
import type { Actor } from "@/lib/server/auth";
import { sqlOf, type Sql } from "@/lib/server/db";
import { log } from "@/lib/server/observability";
import { fixed, formatDate, formatInt, percent } from "@/lib/format";
import { namedSubmissions, storedAudit } from "./audit.sql";
import { HELD_FOR_REVIEW, holdingReasons, tellable } from "./hold";
import { StoredReasons, TRUTH_MATCH, type StoredReason } from "./reasons";

export type { AuditReason as AuditReasonView, AuditView } from "@/lib/contracts/submissions";

/** A submission an audit names, as it is told of (audit.sql.ts namedSubmissions). */
export type Named = Awaited<ReturnType<typeof namedSubmissions>>[number];

/** Stored reasons, parsed (a row that does not parse is logged and read as none). */
export function readReasons(stored: unknown, submissionId: string): StoredReason[] {
  const r = StoredReasons.safeParse(stored);
  if (r.success) return r.data;
  log.error({ submissionId, issues: r.error.issues.slice(0, 3) }, "stored audit reasons do not match their schema");
  return [];
}

const FOUND = {
  link: "a link to the pull request that fixed the issue",
  source: "a dataset's answer file",
  text: "text of the ground truth",
} as const;

const isPublic = (o: Named | undefined) => !!o && o.visibility === "public" && !o.hidden;

/** "claude-3.7-sonnet by BouncerBench authors (public since 2025-06-01)"; admins also read private ones' state. */
function nameOf(o: Named | null): string {
  if (!o) return "an earlier submission of another team (since deleted)";
  const who = `${o.model} by ${o.team ?? "no team"}`;
  return isPublic(o)
    ? `${who} (public since ${formatDate(o.public_since)})`
    : `${who} (${o.visibility}${o.hidden ? ", hidden" : ""})`;
}

/** The other submission as a reader is told of it: its id, model, team and link. */
function otherOf(o: Named | null): Pick<AuditReason, "submissionId" | "submission"> {
  if (!o) return {};
  const publicSince = isPublic(o) ? o.public_since.toISOString() : null;
  return {
    submissionId: o.id,
    submission: { id: o.id, model: o.model, team: o.team, url: `/submissions/${o.id}`, publicSince },
  };
}

/**
 * One sentence for a reason. `other`: the submission it names (never one the reader may not
 * open); `truth`: outcome agreement may be said (not to a team on a hidden release); `holds`: the
 * reason holds the upload.
 */
export function describeReason(
  r: StoredReason,
  other: Named | null,
  opts: { truth: boolean; holds: boolean },
): AuditReason {
  const base = { kind: r.kind, holds: opts.holds };
  switch (r.kind) {
    case "near-duplicate": {
      const preds = r.predictions === null ? null : `${percent(r.predictions)} identical predictions`;
      const outs =
        r.outcomes === null || !opts.truth ? null : `${percent(r.outcomes)} identical outcomes (right or wrong)`;
      const [first, second] = r.by === "predictions" ? [preds, outs] : [outs, preds];
      const detail = `${first} to ${nameOf(other)} on ${formatInt(r.shared)} shared instances${second ? `; ${second}` : ""}`;
      return { ...base, detail, similarity: r.similarity, ...otherOf(other) };
    }
    case "trace-overlap":
      return {
        ...base,
        detail: `traces overlap with ${nameOf(other)} (estimated Jaccard similarity ${fixed(r.similarity, 2)} of their distinctive 5-word shingles)`,
        similarity: r.similarity,
        ...otherOf(other),
      };
    case "truth-in-trace":
      return {
        ...base,
        detail: `the traces of ${formatInt(r.instances)} instances contain ${r.found.map((f) => FOUND[f]).join(", ")} (e.g. ${r.examples.join(", ")})`,
      };
    case "truth-match":
      return {
        ...base,
        detail: `right on ${formatInt(r.right)} of ${formatInt(r.covered)} covered instances (${percent(r.right / r.covered)}): beyond what the best honest systems reach (the audit holds a complete file right on ${percent(TRUTH_MATCH.share, 0)} or more)`,
      };
    case "probing":
      return {
        ...base,
        detail: `${r.steps} of this team's ${r.uploads} uploads to this hidden release each changed only 1–3 predictions from the one before (this one: ${r.lastDiff}): the pattern of probing hidden labels one instance at a time`,
      };
  }
}

/** Who reads an audit: an admin (everything), or someone who may open only some submissions. */
export interface AuditReader {
  admin: boolean;
  mayOpen(o: Named): boolean;
}

/** The submissions reasons name, by id. */
export async function namedIn(sql: Sql, reasons: StoredReason[]): Promise<Map<string, Named>> {
  const ids = [...new Set(reasons.flatMap((r) => ("submissionId" in r ? [r.submissionId] : [])))];
  return new Map((ids.length ? await namedSubmissions(sql, ids) : []).map((n) => [n.id, n]));
}

/** Whether each submission the reasons name is public and not hidden: what a hold may rest on (./hold.ts). */
export async function publicNamed(sql: Sql, reasons: StoredReason[]): Promise<(id: string) => boolean> {
  const named = await namedIn(sql, reasons);
  return (id) => isPublic(named.get(id));
}

/**
 * A submission's audit as `reader` may see it, read through `sql` (the upload's own transaction,
 * or the database). Pending until its audit row exists.
 */
export async function readAuditView(sql: Sql, submissionId: string, reader: AuditReader): Promise<AuditView> {
  const row = await storedAudit(sql, submissionId);
  if (!row) return { status: "pending", held: null, reasons: [] };
  const all = readReasons(row.reasons, submissionId);
  const named = await namedIn(sql, all);
  const other = (r: StoredReason) => ("submissionId" in r ? (named.get(r.submissionId) ?? null) : null);
  const visible = (id: string) => reader.admin || (named.has(id) && reader.mayOpen(named.get(id)!));
  const shown = reader.admin ? all : all.filter((r) => tellable(r, row.release_hidden, visible));
  const holding = new Set(holdingReasons(all, row.release_hidden, (id) => isPublic(named.get(id))));
  const held = row.held_at ? { since: row.held_at.toISOString(), reason: row.hidden_reason ?? HELD_FOR_REVIEW } : null;
  return {
    status: held ? "held" : shown.length ? "flagged" : "clean",
    held,
    reasons: shown.map((r) =>
      describeReason(r, other(r), { truth: reader.admin || !row.release_hidden, holds: holding.has(r) }),
    ),
  };
}

/** What an uploader's answer says: what anyone of the team may read (others named when public). */
export const UPLOADER: AuditReader = { admin: false, mayOpen: isPublic };

/**
 * A submission's audit as its team and admins see it; undefined for everyone else (and for
 * baselines, which are not audited). `canSee` is the submissions' visibility rule: another
 * submission is named only to those who may open it, and otherwise not mentioned at all.
 */
export async function submissionAuditView(
  db: PrismaClient,
  sub: { id: string; teamId: string | null; baseline: string | null },
  actor: Actor | null,
  canSee: (actor: Actor, other: { visibility: string; teamId: string | null; hiddenAt: Date | null }) => boolean,
): Promise<AuditView | undefined> {
  if (!actor || sub.baseline) return undefined;
  if (!actor.isAdmin && !(sub.teamId !== null && actor.teamIds.includes(sub.teamId))) return undefined;
  return readAuditView(sqlOf(db), sub.id, {
    admin: actor.isAdmin,
    mayOpen: (o) =>
      canSee(actor, { visibility: o.visibility, teamId: o.team_id, hiddenAt: o.hidden ? new Date(0) : null }),
  });
}
