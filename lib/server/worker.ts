// Every job kind the workers run: importing this module registers them all.
import "./board";
import "./releases";
import "./upload-jobs";
import type { Database } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { startWorker } from "./jobs";

export { runDueJobs, migrateQueue } from "./jobs";

/** Starts a job worker in this process on the process-wide database. */
export async function startJobWorker(db: Database, opts: { concurrency?: number; stopOnSignals?: boolean } = {}) {
  const runner = await startWorker(db.prisma, db.pool, { concurrency: opts.concurrency ?? getEnv().WORKER_CONCURRENCY });
  if (opts.stopOnSignals) {
    // a job in flight is released for another worker rather than lost
    const stop = () => void runner.stop().catch(() => undefined);
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
  return runner;
}
