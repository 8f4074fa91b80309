// The statement of instance-stats.ts: the outcome bitsets of a release's counted submissions.
import type { Sql } from "@/lib/server/db";

/** Public, scored, not moderated, not baseline: the systems an instance's share counts. */
export function countedOutcomes(sql: Sql, releaseId: string) {
  return sql<{
    submission_id: string;
    outcomes: Uint8Array | null;
    model: string;
    team_slug: string | null;
    team: string | null;
  }>(
    `SELECT s.submission_id::text, s.outcomes, sub.model, t.slug AS team_slug, t.name AS team
       FROM scores s JOIN submissions sub ON sub.id = s.submission_id LEFT JOIN teams t ON t.id = sub.team_id
      WHERE s.release_id = $1::uuid AND sub.visibility = 'public' AND sub.status = 'scored'
        AND sub.hidden_at IS NULL AND sub.baseline IS NULL
      ORDER BY sub.created_at, sub.id`,
    [releaseId],
  );
}
