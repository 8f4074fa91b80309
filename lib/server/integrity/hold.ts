// Held before ranked (issue 47): which of an audit's reasons hold a public upload off the ranking,
// which of them a reader who is not an admin may be told, and the hold itself.
//
// One rule decides both: a reason is told to a team — and may hold its upload — only when it is a
// function of what that team could read anyway. A near-copy is named only when the other
// submission is one the reader may open; a reason that reads a hidden release's truth (agreement of
// outcomes, the truth in traces or in predictions) is never told on a hidden release. So an upload
// is held only for a near-copy of another team's PUBLIC submission, or for reproducing a PUBLIC
// release's truth; what an audit finds against a private submission or hidden labels goes to the
// admins alone, and the uploader's answer, page and API read the same whether or not it was found
// (docs/security.md, "Integrity audit").
//
// A hold is the moderation's "hidden with a reason" (every public read already leaves hidden
// submissions out: boards, rank intervals, instance pages, badges) plus `held_at`, which says the
// audit did it and lists it under its board as "held for review". Holding and clearing are events
// of the public moderation ledger, written in the audit's transaction.
import { logActivity } from "@/lib/server/activity";
import type { Sql } from "@/lib/server/db";
import { queueBoardRefresh } from "@/lib/server/scoring";
import { holdRow, releaseHoldRow, scoredReleasesOf } from "./audit.sql";
import type { StoredReason } from "./reasons";

/** How the ledger and the admins' views name the audit as the one who decided. */
export const AUDIT_ROLE = "integrity audit";
/** The public words of a hold begin so (`hidden_reason`; the board's list and the ledger show them). */
export const HELD_FOR_REVIEW = "held for review";

/**
 * May a reader who is not an admin be told of this reason? `visible(id)`: may they open the
 * submission it names. Never one about a submission they may not open (not its figures, not that it
 * exists), never one that reads a hidden release's truth.
 */
export function tellable(r: StoredReason, releaseHidden: boolean, visible: (id: string) => boolean): boolean {
  switch (r.kind) {
    case "near-duplicate":
      return visible(r.submissionId) && !(releaseHidden && r.by === "outcomes");
    case "trace-overlap":
      return visible(r.submissionId);
    case "truth-in-trace":
    case "truth-match":
      return !releaseHidden;
    case "probing":
      return true;
  }
}

const HOLDING = new Set<StoredReason["kind"]>(["near-duplicate", "trace-overlap", "truth-match"]);

/**
 * The reasons that hold a public upload: a near-copy (the same predictions or outcomes, or the same
 * traces) of another team's submission anyone may open, or predictions that reproduce a public
 * release's truth. `isPublic(id)`: the named submission is public and not hidden.
 */
export function holdingReasons(
  reasons: StoredReason[],
  releaseHidden: boolean,
  isPublic: (id: string) => boolean,
): StoredReason[] {
  return reasons.filter((r) => HOLDING.has(r.kind) && tellable(r, releaseHidden, isPublic));
}

/** The public words of a hold: that it is held, and which kind of cause (no figures, no names). */
export function holdWords(holding: StoredReason[]): string {
  const why: string[] = [];
  if (holding.some((r) => r.kind === "near-duplicate" || r.kind === "trace-overlap"))
    why.push("the integrity audit found it nearly identical to an earlier public submission of another team");
  if (holding.some((r) => r.kind === "truth-match"))
    why.push(
      "the integrity audit found its predictions matching the release's ground truth beyond what the best honest systems reach",
    );
  return `${HELD_FOR_REVIEW}: ${why.join("; ")}`;
}

/** The submission as a hold reads and writes it. */
export interface HoldSubject {
  id: string;
  taskId: string;
  teamId: string | null;
  team: string | null;
  model: string;
  visibility: string;
  hiddenAt: Date | null;
  heldAt: Date | null;
}

/** A hold's or a clearance's entry in the activity log, public as the moderation ledger's. */
function ledger(sql: Sql, s: HoldSubject, action: "submission.hold" | "submission.clear", reason: string) {
  return logActivity(sql, {
    actor: { label: AUDIT_ROLE },
    action,
    target: { type: "submission", id: s.id },
    taskId: s.taskId,
    teamId: s.teamId,
    public: s.visibility === "public",
    before: { held: s.heldAt ? s.heldAt.toISOString() : null, model: s.model },
    after: { model: s.model, team: s.team, role: AUDIT_ROLE, reason },
  });
}

async function refreshBoards(sql: Sql, id: string) {
  await queueBoardRefresh(
    sql,
    (await scoredReleasesOf(sql, id)).map((r) => r.release_id),
  );
}

/**
 * After an audit, in its transaction: holds a public upload its holding reasons name (unless it is
 * already off the boards: hidden, withdrawn), or ends a hold of the audit's whose cause a later
 * audit no longer finds. Returns what changed.
 */
export async function settleHold(
  sql: Sql,
  s: HoldSubject,
  holding: StoredReason[],
): Promise<"held" | "cleared" | null> {
  if (holding.length && s.visibility === "public" && !s.hiddenAt) {
    const words = holdWords(holding);
    await holdRow(sql, s.id, words);
    await ledger(sql, s, "submission.hold", words);
    await refreshBoards(sql, s.id);
    return "held";
  }
  if (!holding.length && s.heldAt) {
    await releaseHoldRow(sql, s.id);
    await ledger(sql, s, "submission.clear", "a later integrity audit no longer finds what held it");
    await refreshBoards(sql, s.id);
    return "cleared";
  }
  return null;
}
