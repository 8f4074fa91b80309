// The statements of metrics.ts: the job gauges (graphile-worker's private tables and ours).
import type { Sql } from "@/lib/server/db";

export function graphileJobCounts(sql: Sql) {
  return sql<{ task: string; state: string; n: number }>(
    `SELECT t.identifier AS task, CASE WHEN j.locked_by IS NOT NULL THEN 'locked' WHEN j.attempts >= j.max_attempts THEN 'failed' ELSE 'waiting' END AS state, count(*)::int AS n
       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id GROUP BY 1, 2`,
    [],
  );
}

export function trackedJobsLastHour(sql: Sql) {
  return sql<{ kind: string; status: string; n: number; mean: number | null }>(
    `SELECT kind, status::text AS status, count(*)::int AS n, avg(extract(epoch FROM finished_at - created_at))::float8 AS mean
       FROM jobs WHERE finished_at > now() - interval '1 hour' GROUP BY 1, 2`,
    [],
  );
}
