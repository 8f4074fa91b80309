// The statements of standing.ts: a submission's stored score on a release, and the primary values
// of its system's complete scored submissions there (any visibility).
import type { Sql } from "@/lib/server/db";

export function scoreOnRelease(sql: Sql, submissionId: string, releaseId: string) {
  return sql<{
    team_id: string | null;
    model: string;
    primary_value: number | null;
    partial: boolean;
    baseline: string | null;
    task_id: string;
  }>(
    `SELECT sub.team_id, sub.model, s.primary_value, s.partial, sub.baseline, sub.task_id::text
       FROM scores s JOIN submissions sub ON sub.id = s.submission_id
      WHERE s.submission_id = $1::uuid AND s.release_id = $2::uuid`,
    [submissionId, releaseId],
  );
}

export function systemPrimaryValues(sql: Sql, releaseId: string, model: string, teamId: string | null) {
  return sql<{ v: number | null }>(
    `SELECT s.primary_value AS v FROM scores s JOIN submissions sub ON sub.id = s.submission_id
      WHERE s.release_id = $1::uuid AND sub.model = $2 AND sub.team_id IS NOT DISTINCT FROM $3::uuid
        AND sub.status = 'scored' AND NOT s.partial AND sub.baseline IS NULL`,
    [releaseId, model, teamId],
  );
}

export function teamSlug(sql: Sql, teamId: string) {
  return sql<{ slug: string }>(`SELECT slug FROM teams WHERE id = $1::uuid`, [teamId]);
}
