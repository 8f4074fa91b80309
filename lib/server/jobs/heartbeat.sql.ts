// The statements of heartbeat.ts: beats, and reaping dead processes (graphile-worker's own
// unlock function and its private jobs table: raw SQL is the only way to them).
import type { Sql } from "@/lib/server/db";
import { SUPERSEDED } from "./jobs.sql";

export function upsertHeartbeat(
  sql: Sql,
  b: { id: string; role: string; pid: number; host: string; workerIds: string[] },
) {
  return sql(
    `INSERT INTO process_heartbeats (id, kind, pid, host, worker_ids) VALUES ($1, $2, $3, $4, $5::text[])
     ON CONFLICT (id) DO UPDATE SET last_seen = now(), worker_ids = EXCLUDED.worker_ids`,
    [b.id, b.role, b.pid, b.host, b.workerIds],
  );
}

export function deleteHeartbeat(sql: Sql, id: string) {
  return sql(`DELETE FROM process_heartbeats WHERE id = $1`, [id]);
}

/** Removes the heartbeats older than staleMs and returns them (each is reaped by one process). */
export function takeStaleHeartbeats(sql: Sql, staleMs: number) {
  return sql<{ id: string; worker_ids: string[] }>(
    `DELETE FROM process_heartbeats WHERE last_seen < now() - make_interval(secs => $1::float8 / 1000) RETURNING id, worker_ids`,
    [staleMs],
  );
}

/** Worker ids holding job locks older than staleMs that no live process names (killed before its first beat). */
export function orphanLockHolders(sql: Sql, staleMs: number) {
  return sql<{ locked_by: string }>(
    `SELECT DISTINCT locked_by FROM graphile_worker._private_jobs
      WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1::float8 / 1000)
        AND NOT EXISTS (SELECT 1 FROM process_heartbeats h WHERE locked_by = ANY(h.worker_ids))`,
    [staleMs],
  );
}

/**
 * Deletes the jobs these dead workers were running that a newer job of the same key replaced
 * (marked SUPERSEDED when it was queued): graphile-worker never runs them again, and the newer
 * one does their work. Run before forceUnlockWorkers, which frees the queues they held.
 */
export async function deleteSupersededJobs(sql: Sql, workerIds: string[]) {
  return (
    await sql(
      `DELETE FROM graphile_worker._private_jobs
        WHERE locked_by = ANY($1::text[]) AND key IS NULL AND attempts >= max_attempts AND starts_with(last_error, $2)
        RETURNING id`,
      [workerIds, SUPERSEDED],
    )
  ).length;
}

/** What a job whose last attempt died with its process says (its last_error, a tracked job's row). */
export const LAST_ATTEMPT_DIED = "the process running its last attempt stopped";

/**
 * The other jobs these dead workers were running on their last attempt: failed, saying why (a
 * tracked job's row too, which would otherwise say "running" for good). Returns how many.
 */
export async function failLastAttempts(sql: Sql, workerIds: string[]) {
  const [r] = await sql<{ n: number }>(
    `WITH failed AS (
       UPDATE graphile_worker._private_jobs SET last_error = $2
        WHERE locked_by = ANY($1::text[]) AND attempts >= max_attempts
        RETURNING task_id, payload
     ), tracked AS (
       UPDATE jobs SET status = 'failed', finished_at = now(), error = $2
         FROM failed f JOIN graphile_worker._private_tasks t ON t.id = f.task_id
        WHERE t.identifier = 'tracked' AND jobs.id::text = f.payload->>'jobId' AND jobs.status NOT IN ('done', 'failed')
     )
     SELECT count(*)::int AS n FROM failed`,
    [workerIds, LAST_ATTEMPT_DIED],
  );
  return r?.n ?? 0;
}

export function forceUnlockWorkers(sql: Sql, workerIds: string[]) {
  return sql(`SELECT graphile_worker.force_unlock_workers($1::text[])`, [workerIds]);
}

/** Deletes the queued uploads these (dead) processes were receiving; returns how many. */
export async function deleteUploadsOf(sql: Sql, receiverIds: string[]) {
  return (
    await sql(`DELETE FROM submissions WHERE receiver_id = ANY($1::text[]) AND status = 'queued' RETURNING id`, [
      receiverIds,
    ])
  ).length;
}

/** Job workers that beat within the stale window. */
export async function aliveWorkerCount(sql: Sql, staleMs: number) {
  const [r] = await sql<{ alive: number }>(
    `SELECT count(*)::int AS alive FROM process_heartbeats
      WHERE kind = 'worker' AND last_seen > now() - make_interval(secs => $1::float8 / 1000)`,
    [staleMs],
  );
  return r?.alive ?? 0;
}
