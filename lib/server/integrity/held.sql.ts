// The statements of held.ts: a release's uploads held for review, as its board lists them.
import type { Sql } from "@/lib/server/db";

/** Public, scored submissions with a score on the release that are held for review, oldest hold first. */
export function heldOnRelease(sql: Sql, releaseId: string) {
  return sql<{
    id: string;
    model: string;
    team: string | null;
    team_slug: string | null;
    held_at: Date;
    hidden_reason: string | null;
  }>(
    `SELECT sub.id::text, sub.model, t.name AS team, t.slug AS team_slug, sub.held_at, sub.hidden_reason
       FROM scores s
       JOIN submissions sub ON sub.id = s.submission_id
       LEFT JOIN teams t ON t.id = sub.team_id
      WHERE s.release_id = $1::uuid AND sub.held_at IS NOT NULL AND sub.visibility = 'public'
        AND sub.status = 'scored' AND sub.withdrawn_at IS NULL
      ORDER BY sub.held_at, sub.id`,
    [releaseId],
  );
}
