// The statements of sitemap.ts: what a visitor may open, newest first.
import type { Sql } from "@/lib/server/db";

/** Tasks with a published release (their boards), with the newest publication. */
export function publishedTasks(sql: Sql) {
  return sql<{ slug: string; at: Date }>(
    `SELECT t.full_slug AS slug, max(r.published_at) AS at
       FROM tasks t JOIN releases r ON r.task_id = t.id AND r.status = 'published'
      GROUP BY t.full_slug ORDER BY t.full_slug`,
    [],
  );
}

/** Scored public submissions anyone may open (not hidden, not withdrawn), newest first. */
export function publicSubmissions(sql: Sql, limit: number) {
  return sql<{ id: string; at: Date }>(
    `SELECT s.id::text AS id, s.created_at AS at FROM submissions s
      WHERE s.visibility = 'public' AND s.status = 'scored' AND s.hidden_at IS NULL
      ORDER BY s.created_at DESC, s.id LIMIT $1`,
    [limit],
  );
}

/** Teams with at least one such submission. */
export function teamsWithPublicSubmissions(sql: Sql) {
  return sql<{ slug: string }>(
    `SELECT t.slug FROM teams t
      WHERE EXISTS (SELECT 1 FROM submissions s WHERE s.team_id = t.id AND s.visibility = 'public'
                       AND s.status = 'scored' AND s.hidden_at IS NULL)
      ORDER BY t.slug`,
    [],
  );
}

/** Live snapshots (their frozen boards), newest first. */
export function liveSnapshots(sql: Sql, limit: number) {
  return sql<{ id: string; slug: string; at: Date }>(
    `SELECT s.id, t.full_slug AS slug, s.created_at AS at FROM snapshots s JOIN tasks t ON t.id = s.task_id
      WHERE s.taken_down_at IS NULL ORDER BY s.created_at DESC LIMIT $1`,
    [limit],
  );
}
