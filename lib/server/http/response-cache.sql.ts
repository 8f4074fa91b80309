// The statement of response-cache.ts: what a task's cached responses depend on.
import type { Sql } from "@/lib/server/db";

/** Every release of a task as id:status:board_version, in one string. */
export async function releaseSignature(sql: Sql, fullSlug: string) {
  const [r] = await sql<{ sig: string | null }>(
    `SELECT string_agg(r.id || ':' || r.status || ':' || r.board_version, ',' ORDER BY r.id) AS sig
       FROM releases r JOIN tasks t ON t.id = r.task_id WHERE t.full_slug = $1`,
    [fullSlug],
  );
  return r?.sig ?? "";
}
