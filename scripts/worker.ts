// `npm run worker`: an extra job worker (scoring large uploads, re-scoring, board refreshes)
// against the same database as the app: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR
// (joined when the app runs it). Any number may run, on any machine that reaches the database:
// each job is claimed in the database and runs once. Stops cleanly on SIGINT/SIGTERM.
import { provideDatabaseUrl } from "./database-url";

const stopPg = await provideDatabaseUrl((m) => console.log(m));
const { getDatabase, closeDatabase } = await import("@/lib/server/db");
const { migrateDatabase, registerCollectors } = await import("@/lib/server/setup");
const { migrateQueue, startJobWorker } = await import("@/lib/server/worker");
const db = await getDatabase();
await migrateDatabase(db);
await migrateQueue(db.pool);
// no request waits on this process's event loop: a board refresh takes it in 250 ms slices
const { setRefreshSlice } = await import("@/lib/server/leaderboard");
setRefreshSlice(250);
const runner = await startJobWorker(db);
// its own metrics (jobs by task and outcome, durations, its pool and scoring threads) on
// GET /metrics of WORKER_METRICS_PORT when set (docs/operations.md, "Metrics and probes")
const { instrumentJobs, serveWorkerMetrics } = await import("@/lib/server/observability");
instrumentJobs(runner.events);
registerCollectors();
await serveWorkerMetrics();
console.log(`[worker] pid ${process.pid} running jobs (concurrency ${process.env.WORKER_CONCURRENCY ?? 2})`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // jobs in flight finish or are released, and the heartbeat goes (nothing left to reap)
  await runner.stopAll().catch(() => undefined);
  await closeDatabase();
  stopPg();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await runner.promise;
