// The statement of response-cache.ts: what a task's cached responses depend on.
import type { Sql } from "@/lib/server/db";

/** Every release of a task as id:status:board_version:hidden:version, in one string. */
export async function releaseSignature(sql: Sql, fullSlug: string) {
  const [r] = await sql<{ sig: string | null }>(
    `SELECT string_agg(r.id || ':' || r.status || ':' || r.board_version || ':' || r.hidden || ':' || r.version, ',' ORDER BY r.id) AS sig
       FROM releases r JOIN tasks t ON t.id = r.task_id WHERE t.full_slug = $1`,
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

/** Every task, and every release of every task as id:status:board_version: what the home page and the benchmark list show. */
export async function allTasksSignature(sql: Sql) {
  const [r] = await sql<{ sig: string | null }>(
    `SELECT coalesce((SELECT string_agg(t.id::text, ',' ORDER BY t.id) FROM tasks t), '') || '|' ||
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
