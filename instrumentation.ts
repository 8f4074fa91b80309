// Runs once when the Next.js server starts: migrate, seed on first run, ensure the admin.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDatabase } = await import("./lib/db");
  const { bootstrap } = await import("./lib/server/bootstrap");
  const { resumeJobs } = await import("./lib/server/jobs");
  const db = await getDatabase();
  await bootstrap(db);
  // re-scoring interrupted by a restart picks up where it left off
  const resumed = await resumeJobs(db.prisma);
  if (resumed) console.log(`[jobs] resumed ${resumed} background job(s)`);
}
