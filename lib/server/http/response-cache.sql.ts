// The statement of response-cache.ts: what a task's cached responses depend on.
import type { Sql } from "@/lib/server/db";

/**
 * What a task's pages show of the task and its benchmark (md5 of their rows: name, description,
 * quotas, the approved-teams switch …), its newest snapshot (and the board version it is known to
 * hold: the cite card names it once it holds the board on screen) and how many were taken down, and
 * every release of it as
 * id:status:board_version:hidden:version, in one string; "" for no such task.
 */
export async function releaseSignature(sql: Sql, fullSlug: string) {
  const [r] = await sql<{ sig: string | null }>(
    `SELECT md5(t::text) || ':' || md5(b::text) || '|' ||
            coalesce((SELECT s.id || ':' || s.board_version || ':' || (s.taken_down_at IS NOT NULL) FROM snapshots s WHERE s.task_id = t.id
                       ORDER BY s.created_at DESC LIMIT 1), '') || '|' ||
            coalesce((SELECT count(*)::text FROM snapshots s WHERE s.task_id = t.id AND s.taken_down_at IS NOT NULL), '') || '|' ||
            coalesce((SELECT string_agg(r.id || ':' || r.status || ':' || r.board_version || ':' || r.hidden || ':' || r.version, ',' ORDER BY r.id)
                        FROM releases r WHERE r.task_id = t.id), '') AS sig
       FROM tasks t JOIN benchmarks b ON b.id = t.benchmark_id WHERE t.full_slug = $1`,
    [fullSlug],
  );
  return r?.sig ?? "";
}

/** The task of a submission that is scored (a scored submission stays scored), else null. */
export async function scoredSubmissionTask(sql: Sql, id: string): Promise<string | null> {
  const [r] = await sql<{ task: string }>(
    `SELECT t.full_slug AS task FROM submissions s JOIN tasks t ON t.id = s.task_id
      WHERE s.id = $1::uuid AND s.status = 'scored'`,
    [id],
  );
  return r?.task ?? null;
}

/** Every task and benchmark (md5 of their rows), and every release of every task: what the home page and the benchmark list show. */
export async function allTasksSignature(sql: Sql) {
  const [r] = await sql<{ sig: string | null }>(
    `SELECT coalesce((SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) FROM tasks t), '') || '|' ||
            coalesce((SELECT md5(string_agg(b::text, ',' ORDER BY b.id)) FROM benchmarks b), '') || '|' ||
            coalesce((SELECT string_agg(r.id || ':' || r.status || ':' || r.board_version || ':' || r.hidden || ':' || r.version, ',' ORDER BY r.id) FROM releases r), '') AS sig`,
    [],
  );
  return r?.sig ?? "";
}

/** A team's identity, name and members_version (moved by triggers on memberships and users' names), or "" for no such team. */
export async function teamSignature(sql: Sql, slug: string) {
  const [r] = await sql<{ sig: string }>(
    `SELECT t.id || ':' || t.members_version || ':' || md5(t.name) AS sig FROM teams t WHERE t.slug = $1`,
    [slug],
  );
  return r?.sig ?? "";
}
