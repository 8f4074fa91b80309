// Runs once when the Next.js server starts: migrate, seed on first run, ensure the admin, and
// (unless WORKER=0) run a job worker inside this process. More workers: `npm run worker`.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDatabase } = await import("./lib/db");
  const { bootstrap } = await import("./lib/server/bootstrap");
  const { startJobWorker } = await import("./lib/server/worker");
  const db = await getDatabase();
  await bootstrap(db);
  if (process.env.WORKER !== "0") {
    await startJobWorker(db, { stopOnSignals: true });
    console.log("[jobs] a worker runs inside this process");
  }
}
