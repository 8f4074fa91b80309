// Probes for an orchestrator (docs/operations.md, "Metrics and probes"):
// - liveness (GET /api/v1/health/live): 200 while the process runs and answers; it touches
//   nothing else — no database, no session, no token — so a database outage never gets a
//   healthy process restarted;
// - readiness (GET /api/v1/health/ready): the database's to tell (`readiness` of
//   lib/server/db/readiness.ts), run through `probe` here.
// GET /api/v1/health keeps answering as before (both in one, with the live workers).
// The probes do not go through route(): credentials are not read (a stale cookie must not turn
// a probe into a session lookup), but they carry a request id and are timed like every API answer.
import { requestIdFrom, runWithRequest } from "./context";
import { observeRequest } from "./metrics";

const APP = "trustworthy-se-leaderboard";

/** A probe's handler: a request id (X-Request-Id), the request timed under `route`, never cached. */
export function probe(route: string, handler: () => Promise<Response> | Response) {
  return (req: Request): Promise<Response> => {
    const started = performance.now();
    const ctx = { requestId: requestIdFrom(req.headers), method: req.method, route };
    return runWithRequest(ctx, async () => {
      const res = await handler();
      res.headers.set("x-request-id", ctx.requestId);
      observeRequest(ctx.method, route, res.status, (performance.now() - started) / 1000);
      return res;
    });
  };
}

/** Liveness: the process runs and its event loop answers (the body; the route answers it with its contract). */
export function liveness() {
  return { ok: true as const, app: APP, pid: process.pid, uptimeSeconds: Math.round(process.uptime()) };
}
