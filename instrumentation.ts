// Runs once when the Next.js server starts: migrate, seed on first run, ensure the admin, start
// this process's heartbeat, and (unless WORKER=0) run a job worker inside this process.
// `npm start` sets WORKER=0 here and runs the worker as a child process of its own (its heap is
// not the web process's); more workers: `npm run worker`.
// Observability: every request this server answers is timed by route pattern (pages too, and
// those the proxy answers from its cache: lib/server/observability/http-server.ts), a worker in
// this process counts its jobs, and errors Next.js meets while rendering are logged with the
// request id (onRequestError below). docs/operations.md, "Metrics and probes".
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { instrumentJobs, observeHttpServer } = await import("@/lib/server/observability");
  const { cacheRouteName } = await import("@/lib/server/http");
  // before the first request: paths no build manifest names yet are labelled by the cache's ROUTES
  observeHttpServer(cacheRouteName);
  const { getDatabase } = await import("@/lib/server/db");
  const { startUp } = await import("@/lib/server/setup");
  const { startJobWorker } = await import("@/lib/server/worker");
  const { startHeartbeat } = await import("@/lib/server/jobs");
  const db = await getDatabase();
  await startUp(db);
  // this process's heartbeat: uploads it receives name it, and it reaps dead processes' jobs and uploads
  await startHeartbeat(db, "web");
  // the upload scoring threads start and connect now, not on the first upload (issue 46)
  const { warmScoringPool } = await import("@/lib/server/submissions");
  void warmScoringPool();
  if (process.env.WORKER !== "0") {
    const runner = await startJobWorker(db, { stopOnSignals: true });
    instrumentJobs(runner.events);
    console.log("[jobs] a worker runs inside this process");
  }
}

/** A page render, route handler, server action or proxy that threw: logged with its request id. */
export const onRequestError: Instrumentation.onRequestError = async (err, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordRequestError } = await import("@/lib/server/observability");
  recordRequestError(err, { request, context });
};
