// A job worker in this process (the web process in development, `npm run worker` and the worker
// child of `npm start`), running the jobs of ./registry.ts.
import type { Database } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { EventEmitter } from "node:events";
import type { WorkerEvents } from "graphile-worker";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type pg from "pg";
import {
  addWorkerIds,
  runJobsOnce,
  startHeartbeat,
  stopHeartbeat,
  startWorker,
  type JobRegistry,
} from "@/lib/server/jobs";
import { JOBS } from "./registry";
import { scoredPredictions } from "@/lib/server/judging";
import { setScoredPredictions } from "@/lib/server/scoring";

/** The jobs of the judge's runner (lib/server/judging). */
const JUDGE_JOBS = new Set(["judge-comments", "judge-labels"]);
/**
 * The jobs of the boards' runner: a new upload's rank interval never waits for a free slot behind
 * a snapshot of 10,000 submissions or a back-fill's batch (each minutes at that size: with two
 * slots, a fresh upload's interval waited over a minute at 10,110 submissions).
 */
const BOARD_JOBS = new Set(["refresh-board"]);

export { migrateQueue } from "@/lib/server/jobs";

/** Runs every job that is due now in this process, then returns (scripts, seeding, tests); `registry` overrides handlers in tests. */
export function runDueJobs(db: PrismaClient, pool: pg.Pool, registry: JobRegistry = JOBS): Promise<void> {
  wireJobs();
  return runJobsOnce(db, pool, registry);
}

/** What the features' jobs take from higher ones: the back-fills read scores as the judge made them. */
function wireJobs(): void {
  setScoredPredictions(scoredPredictions);
}

/**
 * Starts a job worker in this process on the process-wide database, with its heartbeat: when this
 * process dies, another one unlocks its jobs within a minute (lib/server/jobs/heartbeat.ts).
 */
export async function startJobWorker(db: Database, opts: { concurrency?: number; stopOnSignals?: boolean } = {}) {
  wireJobs();
  const beat = await startHeartbeat(db, "worker");
  const events = new EventEmitter() as WorkerEvents;
  // graphile-worker names its pools and workers at random, and locks jobs with the pool's id:
  // both are recorded on the heartbeat as they start
  events.on("pool:create", ({ workerPool }) => void addWorkerIds(beat, [workerPool.id]).catch(() => undefined));
  events.on("worker:create", ({ worker }) => void addWorkerIds(beat, [worker.workerId]).catch(() => undefined));
  const runner = await startWorker(db.prisma, db.pool, JOBS, {
    concurrency: opts.concurrency ?? getEnv().WORKER_CONCURRENCY,
    events,
    only: (name) => !JUDGE_JOBS.has(name) && !BOARD_JOBS.has(name),
  });
  // one board at a time (a refresh at 10,000 systems uses every core: pair-threads.ts)
  const boards = await startWorker(db.prisma, db.pool, JOBS, {
    concurrency: 1,
    events,
    only: (name) => BOARD_JOBS.has(name),
  });
  // the judge's requests (seconds each, to an outside service) run beside the other jobs, on
  // runners of their own: a CR-Bench upload being judged never holds an upload's scoring slot
  const judge = await startWorker(db.prisma, db.pool, JOBS, {
    concurrency: getEnv().JUDGE_CONCURRENCY,
    events,
    only: (name) => JUDGE_JOBS.has(name),
  });
  const stop = async () => {
    await Promise.all([runner, boards, judge].map((r) => r.stop().catch(() => undefined)));
    await stopHeartbeat(db, "worker");
  };
  if (opts.stopOnSignals) {
    // a job in flight is released for another worker rather than lost
    process.once("SIGTERM", () => void stop());
    process.once("SIGINT", () => void stop());
  }
  return Object.assign(runner, { stopAll: stop });
}
