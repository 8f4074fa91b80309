// The statements of teams.ts: a row lock Prisma cannot take, and the attempts ledger.
import type { Sql } from "@/lib/server/db";

/** Locks the team's row until the transaction ends (membership changes of one team, one at a time). */
export async function lockTeam(sql: Sql, teamId: string) {
  await sql(`SELECT 1 FROM teams WHERE id = $1::uuid FOR UPDATE`, [teamId]);
}

/** The attempts ledger: per task and release, a team's scored uploads (all of them), the public and the withdrawn ones. */
export function teamAttempts(sql: Sql, teamId: string) {
  return sql<{
    task: string;
    task_name: string;
    version: string;
    hidden: boolean;
    status: string;
    uploads: number;
    public: number;
    withdrawn: number;
  }>(
    `SELECT t.full_slug AS task, t.name AS task_name, r.version, r.hidden, r.status::text AS status,
            count(*)::int AS uploads,
            count(*) FILTER (WHERE s.visibility = 'public' AND s.hidden_at IS NULL)::int AS public,
            count(*) FILTER (WHERE s.withdrawn_at IS NOT NULL)::int AS withdrawn
       FROM submissions s
       JOIN releases r ON r.id = s.upload_release_id
       JOIN tasks t ON t.id = s.task_id
      WHERE s.team_id = $1::uuid AND s.status = 'scored' AND s.baseline IS NULL AND r.status IN ('published', 'archived')
      GROUP BY 1, 2, 3, 4, 5
      ORDER BY 1, max(r.created_at) DESC`,
    [teamId],
  );
}
