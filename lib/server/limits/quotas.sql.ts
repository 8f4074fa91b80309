// The statements of quotas.ts.
import type { Sql } from "@/lib/server/db";

/** A team's live uploads to a release: today (UTC) and in all. */
export async function uploadCounts(sql: Sql, teamId: string, releaseId: string) {
  const [r] = await sql<{ today: number; total: number }>(
    `SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today, count(*)::int AS total
       FROM submissions WHERE team_id = $1::uuid AND upload_release_id = $2::uuid AND status <> 'failed'`,
    [teamId, releaseId],
  );
  return r;
}
