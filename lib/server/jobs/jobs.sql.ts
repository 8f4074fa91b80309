// The statements of jobs.ts: a tracked job's row and graphile-worker's add_job, both in the
// caller's transaction (a job exists exactly when what queued it committed).
import type pg from "pg";
import type { Sql } from "@/lib/server/db";

export function insertJobRow(
  sql: Sql,
  j: { id: string; name: string; payload: unknown; total: number; createdBy: string | null; teamId: string | null },
) {
  return sql(
    `INSERT INTO jobs (id, kind, status, payload, total, created_by, team_id) VALUES ($1::uuid, $2, 'queued', $3::jsonb, $4, $5::uuid, $6::uuid)`,
    [j.id, j.name, JSON.stringify(j.payload), j.total, j.createdBy, j.teamId],
  );
}

/** What a job that lost its key to a newer one while it ran says in last_error (the reaper deletes it). */
export const SUPERSEDED = "superseded by job ";

/**
 * graphile-worker's add_job (a job key replaces the waiting job of that key). A job of that key
 * that is running meanwhile loses its key and its retries (graphile-worker's replace mode); it is
 * marked SUPERSEDED here, so that if its worker dies the reaper deletes it instead of leaving a
 * job that never runs again and counts as failed.
 */
export async function addGraphileJob(
  sql: Sql,
  name: string,
  payload: unknown,
  opts: {
    queue: string | null;
    jobKey: string | null;
    keyMode?: "replace" | "preserve_run_at";
    maxAttempts: number;
    runAt?: Date | null;
    priority?: number;
  },
) {
  // the key's job, locked for this transaction (a worker's get_job skips it until then): it is
  // running now or it will not be before add_job has replaced it in place
  const running = opts.jobKey
    ? (
        await sql<{ id: string; running: boolean }>(
          `SELECT id::text AS id, locked_at IS NOT NULL AS running FROM graphile_worker._private_jobs WHERE key = $1 FOR UPDATE`,
          [opts.jobKey],
        )
      ).filter((r) => r.running)
    : [];
  const added = await sql<{ id: string }>(
    // the job's id as text: every driver (pg, Prisma's raw queries) can read it back
    `SELECT (graphile_worker.add_job($1, $2::json, queue_name => $3, job_key => $4, job_key_mode => CASE WHEN $4::text IS NULL THEN NULL ELSE $8 END, max_attempts => $5::int, run_at => coalesce($6::timestamptz, now()), priority => $7::int)).id::text AS id`,
    [
      name,
      JSON.stringify(payload),
      opts.queue,
      opts.jobKey,
      opts.maxAttempts,
      opts.runAt ?? null,
      opts.priority ?? 0,
      opts.keyMode ?? "replace",
    ],
  );
  if (running.length)
    await sql(
      `UPDATE graphile_worker._private_jobs SET last_error = $2 WHERE id = ANY($1::bigint[]) AND key IS NULL AND locked_at IS NOT NULL`,
      [running.map((r) => r.id), SUPERSEDED + added[0].id],
    );
  return added;
}

/**
 * Whether a job of these names is due and free: not locked, attempts left, and its named queue
 * free or held by a run-once pool ("otpool-…", graphile-worker's name for one; such a pool has
 * stopped by the time its caller asks, so its hold is a completion about to commit).
 */
export async function dueJobLeft(pool: pg.Pool, names: string[]): Promise<boolean> {
  const { rows } = await pool.query<{ left: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
       WHERE j.is_available AND j.run_at <= now() AND t.identifier = ANY($1::text[])
         AND (q.id IS NULL OR q.is_available OR q.locked_by LIKE 'otpool-%')
     ) AS left`,
    [names],
  );
  return rows[0].left;
}
