// The statements of releases.ts' re-score: claims on the parent job's row (jsonb conditions and
// arithmetic Prisma cannot say), in the caller's transaction.
import type { Sql } from "@/lib/server/db";

/** Marks the re-score job as fanned out (once): true when this call did it. */
export async function claimFanOut(sql: Sql, jobId: string, total: number) {
  const rows = await sql(
    `UPDATE jobs SET total = $2, progress = 0, result = '{"parts":true}'::jsonb
      WHERE id = $1::uuid AND (result IS NULL OR NOT result ? 'parts') RETURNING 1`,
    [jobId, total],
  );
  return rows.length > 0;
}

/** Records part `part` as done and counts its submissions (once): true when this call did it. */
export async function claimPart(sql: Sql, jobId: string, part: string, count: number) {
  const rows = await sql(
    `UPDATE jobs SET progress = progress + $2,
            result = jsonb_set(COALESCE(result, '{}'::jsonb) || jsonb_build_object('done', COALESCE(result->'done', '{}'::jsonb)), ARRAY['done', $3::text], 'true'::jsonb)
      WHERE id = $1::uuid AND NOT COALESCE(result->'done' ? $3::text, false) RETURNING 1`,
    [jobId, count, part],
  );
  return rows.length > 0;
}

/** Marks the job done once every part is counted: true when this call did it. */
export async function finishWhenComplete(sql: Sql, jobId: string, version: string) {
  const rows = await sql(
    `UPDATE jobs SET status = 'done'::"JobStatus", finished_at = now(),
            result = jsonb_build_object('rescored', total, 'release', $2::text)
      WHERE id = $1::uuid AND progress >= total AND status <> 'done' RETURNING 1`,
    [jobId, version],
  );
  return rows.length > 0;
}

/**
 * Releases (not drafts) with a score ranked by another primary metric than their task's — the
 * catalog changed the task's primary metric since they were scored — and no re-score waiting.
 */
export function releasesWithStalePrimary(sql: Sql, metricsVersion: string) {
  return sql<{ id: string; full_slug: string; version: string; task_id: string }>(
    `SELECT r.id, t.full_slug, r.version, t.id AS task_id
       FROM releases r JOIN tasks t ON t.id = r.task_id
      WHERE r.status <> 'draft'
        AND EXISTS (SELECT 1 FROM scores s WHERE s.release_id = r.id
                       AND (s.primary_metric <> t.primary_metric OR s.metrics_version <> $1))
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = 'rescore' AND j.status IN ('queued', 'running')
                           AND j.payload->>'releaseId' = r.id::text)
      ORDER BY r.created_at`,
    [metricsVersion],
  );
}
