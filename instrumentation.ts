// Runs once when the Next.js server starts: migrate, seed on first run, ensure the admin, start
// this process's heartbeat, and (unless WORKER=0) run a job worker inside this process.
// `npm start` sets WORKER=0 here and runs the worker as a child process of its own (its heap is
// not the web process's); more workers: `npm run worker`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDatabase } = await import("@/lib/server/db");
  const { bootstrap } = await import("@/lib/server/setup");
  const { startJobWorker } = await import("@/lib/server/worker");
  const { startHeartbeat } = await import("@/lib/server/jobs");
  const db = await getDatabase();
  await bootstrap(db);
  // this process's heartbeat: uploads it receives name it, and it reaps dead processes' jobs and uploads
  await startHeartbeat(db, "web");
  if (process.env.WORKER !== "0") {
    await startJobWorker(db, { stopOnSignals: true });
    console.log("[jobs] a worker runs inside this process");
  }
}
