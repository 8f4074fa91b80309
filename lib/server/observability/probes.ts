// Probes for an orchestrator (docs/operations.md, "Metrics and probes"):
// - liveness (GET /api/v1/health/live): 200 while the process runs and answers; it touches
//   nothing else — no database, no session, no token — so a database outage never gets a
//   healthy process restarted;
// - readiness (GET /api/v1/health/ready): 200 only when the database answers (within 2 s) and
//   every migration this build ships is applied; 503 with Retry-After naming what is not ready
//   otherwise, so a load balancer sends no traffic to it meanwhile.
// GET /api/v1/health keeps answering as before (both in one, with the live workers).
// The probes do not go through route(): credentials are not read (a stale cookie must not turn
// a probe into a session lookup), but they carry a request id and are timed like every API answer.
import { requestIdFrom, runWithRequest } from "./context";
import { observeRequest } from "./metrics";
import { appliedMigrations } from "./probes.sql";

const APP = "trustworthy-se-leaderboard";
/** The longest readiness waits for the database. */
export const READY_CHECK_MS = 2000;
const HEADERS = { "cache-control": "no-store" };

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

/** Liveness: the process runs and its event loop answers. */
export function liveness(): Response {
  return Response.json(
    { ok: true, app: APP, pid: process.pid, uptimeSeconds: Math.round(process.uptime()) },
    { headers: HEADERS },
  );
}

let shipped: string[] | null = null;

/** Readiness: the database answers and has every migration of this build. */
export async function readiness(): Promise<Response> {
  const db = await import("@/lib/server/db");
  const started = performance.now();
  const notReady = (down: string[], checks: object) =>
    Response.json(
      { ok: false, app: APP, down, checks },
      { status: 503, headers: { ...HEADERS, "retry-after": String(db.RETRY_AFTER_SECONDS) } },
    );
  let applied: Set<string> | null;
  try {
    applied = await within(READY_CHECK_MS, async () => {
      const database = await db.getDatabase();
      try {
        return new Set((await appliedMigrations(db.sqlOf(database))).map((r) => r.migration_name));
      } catch (e) {
        // a database with no migrations table answered: nothing is applied
        if ((e as { code?: unknown }).code === "42P01") return null;
        throw e;
      }
    });
  } catch (e) {
    db.markDatabaseDown(e);
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
    return notReady(["database"], { database: { ok: false, error: `unreachable: ${error}` } });
  }
  db.markDatabaseUp();
  const database = { ok: true, latencyMs: Math.round(performance.now() - started) };
  try {
    shipped ??= db.readMigrations().map((m) => m.name);
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
    return notReady(["migrations"], { database, migrations: { ok: false, error: `unreadable: ${error}` } });
  }
  const pending = shipped.filter((m) => !applied?.has(m));
  const migrations = { ok: pending.length === 0, applied: applied?.size ?? 0, pending };
  if (pending.length) return notReady(["migrations"], { database, migrations });
  return Response.json({ ok: true, app: APP, checks: { database, migrations } }, { headers: HEADERS });
}

function within<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    fn(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}
