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

/** What a job whose last attempt died with its process says: it gets one attempt more. */
export const LAST_ATTEMPT_DIED = "the process running its last attempt stopped: one attempt more";
/** ... and what it says when that one died too: it has failed. */
export const DIED_TWICE = "the process running its last attempt stopped, twice";

/**
 * The jobs these dead workers were running on their last attempt (graphile-worker would never
 * run them again): a death is no failure of the job, so each gets one attempt more — its own
 * code then handles a last failure as it would (a re-score part fails its re-score and still
 * queues the board's refresh). One that died on that attempt too has failed: so has the `jobs`
 * row its payload names (a tracked job, or a re-score part's re-score), never "running" for
 * good. Returns how many of each.
 */
export async function settleLastAttempts(sql: Sql, workerIds: string[]) {
  const [r] = await sql<{ retried: number; failed: number }>(
    `WITH dead AS (
       SELECT id, starts_with(coalesce(last_error, ''), $2) AS again FROM graphile_worker._private_jobs
        WHERE locked_by = ANY($1::text[]) AND attempts >= max_attempts
     ), retried AS (
       UPDATE graphile_worker._private_jobs j SET max_attempts = j.attempts + 1, last_error = $2
         FROM dead d WHERE j.id = d.id AND NOT d.again
       RETURNING j.id
     ), failed AS (
       UPDATE graphile_worker._private_jobs j SET last_error = $3
         FROM dead d WHERE j.id = d.id AND d.again
       RETURNING j.payload
     ), rows AS (
       UPDATE jobs SET status = 'failed', finished_at = now(), error = $3
         FROM failed f
        WHERE jobs.id::text = f.payload->>'jobId' AND jobs.status NOT IN ('done', 'failed')
     )
     SELECT (SELECT count(*) FROM retried)::int AS retried, (SELECT count(*) FROM failed)::int AS failed`,
    [workerIds, LAST_ATTEMPT_DIED, DIED_TWICE],
  );
  return r ?? { retried: 0, failed: 0 };
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
