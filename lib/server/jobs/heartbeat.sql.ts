// The statements of heartbeat.ts: beats, and reaping dead processes (graphile-worker's own
// unlock function and its private jobs table: raw SQL is the only way to them).
import type { Sql } from "@/lib/server/db";

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
