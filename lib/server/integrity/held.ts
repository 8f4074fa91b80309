// Uploads held for review (issue 47), as the public sees them — a list under their board, outside
// the ranking: the model, the team, since when, and the hold's public words (no figures, no names
// of what it resembles) — and the hold of a submission its team makes public after an audit that
// would have held it.
import { sqlOf, type Sql, type SqlSource } from "@/lib/server/db";
import { auditSubject, storedAudit } from "./audit.sql";
import { heldOnRelease } from "./held.sql";
import { HELD_FOR_REVIEW, holdingReasons, settleHold } from "./hold";
import { publicNamed, readReasons } from "./view";

/** A submission held for review, as its board lists it. */
export interface HeldEntry {
  submissionId: string;
  model: string;
  team: string | null;
  teamSlug: string | null;
  since: string;
  reason: string;
}

/** The release's public uploads held for review, oldest hold first. */
export async function heldForReview(db: SqlSource, releaseId: string): Promise<HeldEntry[]> {
  const rows = await heldOnRelease(sqlOf(db), releaseId);
  return rows.map((r) => ({
    submissionId: r.id,
    model: r.model,
    team: r.team,
    teamSlug: r.team_slug,
    since: r.held_at.toISOString(),
    reason: r.hidden_reason ?? HELD_FOR_REVIEW,
  }));
}

/**
 * A submission just made public (in that transaction): held for review when its stored audit has
 * a reason that holds a public upload, as if it had been uploaded public (./hold.ts). Returns
 * whether it is held now.
 */
export async function holdIfFlagged(sql: Sql, submissionId: string): Promise<boolean> {
  const s = await auditSubject(sql, submissionId);
  const stored = s ? await storedAudit(sql, submissionId) : null;
  if (!s || !stored) return false;
  const reasons = readReasons(stored.reasons, submissionId);
  const holding = holdingReasons(reasons, stored.release_hidden, await publicNamed(sql, reasons));
  const done = await settleHold(
    sql,
    { ...s, taskId: s.task_id, teamId: s.team_id, hiddenAt: s.hidden_at, heldAt: s.held_at },
    holding,
  );
  return done === "held" || (done === null && s.held_at !== null);
}
