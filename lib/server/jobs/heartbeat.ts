import crypto from "node:crypto";
import os from "node:os";
import type { Database } from "@/lib/server/db";
import { log } from "@/lib/server/observability";

// Every web process and job worker beats here (process_heartbeats.last_seen) every few seconds.
// Any process that finds another's heartbeat stale (the process was killed, or its machine
// went away) reaps it in one transaction: the graphile-worker jobs that process had locked are
// unlocked for the others (graphile_worker.force_unlock_workers — otherwise they wait 4 hours),
// and the large uploads it was still receiving are deleted, which frees their quota. A kill -9
// therefore stalls a job for at most STALE_AFTER_MS plus one beat plus one poll.

export const BEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

interface Beat {
  id: string;
  kind: "web" | "worker";
  db: Database;
  workerIds: Set<string>;
  timer: NodeJS.Timeout;
}

const g = globalThis as unknown as { __heartbeats?: Map<string, Promise<Beat>> };
const beats = (g.__heartbeats ??= new Map());

async function beat(b: Beat): Promise<void> {
  await b.db.query(
    `INSERT INTO process_heartbeats (id, kind, pid, host, worker_ids) VALUES ($1, $2, $3, $4, $5::text[])
     ON CONFLICT (id) DO UPDATE SET last_seen = now(), worker_ids = EXCLUDED.worker_ids`,
    [b.id, b.kind, process.pid, os.hostname(), [...b.workerIds]],
  );
}

/**
 * Starts this process's heartbeat of this kind (once; later calls return the same) and reaps
 * stale ones at every beat. Returns the heartbeat's id (uploads record it as their receiver).
 */
export function startHeartbeat(db: Database, kind: "web" | "worker"): Promise<Beat> {
  const key = `${kind}|${db.url}`;
  let p = beats.get(key);
  if (!p) {
    p = (async () => {
      const b: Beat = {
        id: `${kind}:${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`,
        kind,
        db,
        workerIds: new Set(),
        timer: undefined as unknown as NodeJS.Timeout,
      };
      await beat(b);
      b.timer = setInterval(() => {
        beat(b)
          .then(() => reapStale(db))
          .catch((e) => log.error({ err: e, heartbeat: b.id }, "heartbeat failed"));
      }, BEAT_MS);
      b.timer.unref();
      return b;
    })();
    p.catch(() => beats.delete(key));
    beats.set(key, p);
  }
  return p;
}

/** Adds graphile-worker ids to this process's worker heartbeat (written at the next beat, and now). */
export async function addWorkerIds(b: Beat, ids: string[]): Promise<void> {
  for (const id of ids) b.workerIds.add(id);
  await beat(b);
}

/** Stops beating and removes the heartbeat (a clean shutdown: nothing to reap). */
export async function stopHeartbeat(db: Database, kind: "web" | "worker"): Promise<void> {
  const key = `${kind}|${db.url}`;
  const p = beats.get(key);
  if (!p) return;
  beats.delete(key);
  const b = await p.catch(() => null);
  if (!b) return;
  clearInterval(b.timer);
  await db.query(`DELETE FROM process_heartbeats WHERE id = $1`, [b.id]).catch(() => undefined);
}

/**
 * Reaps every heartbeat older than `staleMs`: unlocks the jobs of its workers and deletes the
 * uploads it was receiving. Any process may run it at any time; each dead process is reaped once.
 */
export async function reapStale(
  db: Database,
  staleMs = STALE_AFTER_MS,
): Promise<{ processes: string[]; uploads: number }> {
  return db.transaction(async (conn) => {
    const dead = await conn.query<{ id: string; worker_ids: string[] }>(
      `DELETE FROM process_heartbeats WHERE last_seen < now() - make_interval(secs => $1::float8 / 1000) RETURNING id, worker_ids`,
      [staleMs],
    );
    // locks older than staleMs held by no live process: a worker killed before its heartbeat
    // named the id it locks with
    const orphans = await conn.query<{ locked_by: string }>(
      `SELECT DISTINCT locked_by FROM graphile_worker._private_jobs
        WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1::float8 / 1000)
          AND NOT EXISTS (SELECT 1 FROM process_heartbeats h WHERE locked_by = ANY(h.worker_ids))`,
      [staleMs],
    );
    if (!dead.length && !orphans.length) return { processes: [], uploads: 0 };
    const workerIds = [...new Set([...dead.flatMap((d) => d.worker_ids), ...orphans.map((o) => o.locked_by)])];
    if (workerIds.length) await conn.query(`SELECT graphile_worker.force_unlock_workers($1::text[])`, [workerIds]);
    const uploads = await conn.query(
      `DELETE FROM submissions WHERE receiver_id = ANY($1::text[]) AND status = 'queued' RETURNING id`,
      [dead.map((d) => d.id)],
    );
    log.info(
      { reaped: dead.map((d) => d.id), workersUnlocked: workerIds.length, uploadsDeleted: uploads.length },
      "reaped stale processes",
    );
    return { processes: dead.map((d) => d.id), uploads: uploads.length };
  });
}
