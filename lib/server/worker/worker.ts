// Every job kind the workers run: importing this module registers them all.
import "@/lib/server/leaderboard";
import "@/lib/server/releases";
import "@/lib/server/submissions";
import type { Database } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { EventEmitter } from "node:events";
import type { WorkerEvents } from "graphile-worker";
import { addWorkerIds, startHeartbeat, stopHeartbeat, startWorker } from "@/lib/server/jobs";

export { runDueJobs, migrateQueue } from "@/lib/server/jobs";

/**
 * Starts a job worker in this process on the process-wide database, with its heartbeat: when this
 * process dies, another one unlocks its jobs within a minute (lib/server/jobs/heartbeat.ts).
 */
export async function startJobWorker(db: Database, opts: { concurrency?: number; stopOnSignals?: boolean } = {}) {
  const beat = await startHeartbeat(db, "worker");
  const events = new EventEmitter() as WorkerEvents;
  // graphile-worker names its pools and workers at random, and locks jobs with the pool's id:
  // both are recorded on the heartbeat as they start
  events.on("pool:create", ({ workerPool }) => void addWorkerIds(beat, [workerPool.id]).catch(() => undefined));
  events.on("worker:create", ({ worker }) => void addWorkerIds(beat, [worker.workerId]).catch(() => undefined));
  const runner = await startWorker(db.prisma, db.pool, { concurrency: opts.concurrency ?? getEnv().WORKER_CONCURRENCY, events });
  const stop = async () => {
    await runner.stop().catch(() => undefined);
    await stopHeartbeat(db, "worker");
  };
  if (opts.stopOnSignals) {
    // a job in flight is released for another worker rather than lost
    process.once("SIGTERM", () => void stop());
    process.once("SIGINT", () => void stop());
  }
  return Object.assign(runner, { stopAll: stop });
}
