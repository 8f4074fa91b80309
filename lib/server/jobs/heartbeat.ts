import crypto from "node:crypto";
import os from "node:os";
import { sqlOf, type Database } from "@/lib/server/db";
import {
  aliveWorkerCount,
  deleteHeartbeat,
  deleteSupersededJobs,
  deleteUploadsOf,
  settleLastAttempts,
  forceUnlockWorkers,
  orphanLockHolders,
  takeStaleHeartbeats,
  upsertHeartbeat,
} from "./heartbeat.sql";
import { log } from "@/lib/server/observability";

// Every web process and job worker beats here (process_heartbeats.last_seen) every few seconds.
// Any process that finds another's heartbeat stale (the process was killed, or its machine
// went away) reaps it in one transaction: the graphile-worker jobs that process had locked are
// unlocked for the others (graphile_worker.force_unlock_workers — otherwise they wait 4 hours),
// and the large uploads it was still receiving are deleted, which frees their quota. A job it ran
// that a newer job of its key replaced meanwhile is deleted (graphile-worker would never run it
// again), and one on its last attempt gets one attempt more (a second death there fails it and
// the `jobs` row it names: never left "running"). A kill -9
// therefore stalls a job for at most STALE_AFTER_MS plus one beat plus one poll.

/** What a process does: serve requests, or run jobs (process_heartbeats.kind in the database). */
export type Role = "web" | "worker";

export const BEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

interface Beat {
  id: string;
  role: Role;
  db: Database;
  workerIds: Set<string>;
  timer: NodeJS.Timeout;
}

const g = globalThis as unknown as { __heartbeats?: Map<string, Promise<Beat>> };
const beats = (g.__heartbeats ??= new Map());

async function beat(b: Beat): Promise<void> {
  await upsertHeartbeat(sqlOf(b.db), {
    id: b.id,
    role: b.role,
    pid: process.pid,
    host: os.hostname(),
    workerIds: [...b.workerIds],
  });
}

/**
 * Starts this process's heartbeat in this role (once; later calls return the same) and reaps
 * stale ones at every beat. Returns the heartbeat's id (uploads record it as their receiver).
 */
export function startHeartbeat(db: Database, role: Role): Promise<Beat> {
  const key = `${role}|${db.url}`;
  let p = beats.get(key);
  if (!p) {
    p = (async () => {
      const b: Beat = {
        id: `${role}:${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`,
        role,
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
export async function stopHeartbeat(db: Database, role: Role): Promise<void> {
  const key = `${role}|${db.url}`;
  const p = beats.get(key);
  if (!p) return;
  beats.delete(key);
  const b = await p.catch(() => null);
  if (!b) return;
  clearInterval(b.timer);
  await deleteHeartbeat(sqlOf(db), b.id).catch(() => undefined);
}

/**
 * Reaps every heartbeat older than `staleMs`: unlocks the jobs of its workers and deletes the
 * uploads it was receiving. Any process may run it at any time; each dead process is reaped once.
 */
export async function reapStale(
  db: Database,
  staleMs = STALE_AFTER_MS,
): Promise<{ processes: string[]; uploads: number; superseded: number; retried: number; failed: number }> {
  return db.transaction(async (conn) => {
    const sql = sqlOf(conn);
    const dead = await takeStaleHeartbeats(sql, staleMs);
    // locks older than staleMs held by no live process: a worker killed before its heartbeat
    // named the id it locks with
    const orphans = await orphanLockHolders(sql, staleMs);
    if (!dead.length && !orphans.length) return { processes: [], uploads: 0, superseded: 0, retried: 0, failed: 0 };
    const workerIds = [...new Set([...dead.flatMap((d) => d.worker_ids), ...orphans.map((o) => o.locked_by)])];
    let superseded = 0;
    let last = { retried: 0, failed: 0 };
    if (workerIds.length) {
      superseded = await deleteSupersededJobs(sql, workerIds);
      last = await settleLastAttempts(sql, workerIds);
      await forceUnlockWorkers(sql, workerIds);
    }
    const uploads = await deleteUploadsOf(
      sql,
      dead.map((d) => d.id),
    );
    log.info(
      {
        reaped: dead.map((d) => d.id),
        workersUnlocked: workerIds.length,
        uploadsDeleted: uploads,
        supersededDeleted: superseded,
        lastAttemptsRetried: last.retried,
        lastAttemptsFailed: last.failed,
      },
      "reaped stale processes",
    );
    return { processes: dead.map((d) => d.id), uploads, superseded, ...last };
  });
}

/** How many job workers are alive (their heartbeat is fresh): the health route reports it. */
export function aliveWorkers(db: Database): Promise<number> {
  return aliveWorkerCount(sqlOf(db), STALE_AFTER_MS);
}
