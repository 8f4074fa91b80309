// What the readiness probe reports (GET /api/v1/health/ready answers it, timed and given a request
// id by `probe` of lib/server/observability/probes.ts; docs/operations.md, "Metrics and probes"):
// ready only when the database answers (within 2 s) and every migration this build ships is
// applied; otherwise what is not ready, so a load balancer sends no traffic to this process
// meanwhile.
import { getDatabase } from "./client";
import { markDatabaseDown, markDatabaseUp } from "./health";
import { readMigrations } from "./migrations";
import { appliedMigrations } from "./readiness.sql";
import { sqlOf } from "./sql";

/** The longest readiness waits for the database. */
export const READY_CHECK_MS = 2000;

type DatabaseCheck = { ok: true; latencyMs: number } | { ok: false; error: string };
type MigrationsCheck = { ok: boolean; applied: number; pending: string[] } | { ok: false; error: string };

/** Ready, or what is not (`down`), with the checks either way. */
export type ReadinessReport =
  | { ok: true; checks: { database: DatabaseCheck; migrations: MigrationsCheck } }
  | {
      ok: false;
      down: ("database" | "migrations")[];
      checks: { database: DatabaseCheck; migrations?: MigrationsCheck };
    };

let shipped: string[] | null = null;

/** Readiness: the database answers and has every migration of this build. */
export async function readiness(): Promise<ReadinessReport> {
  const started = performance.now();
  const notReady = (
    down: ("database" | "migrations")[],
    checks: Extract<ReadinessReport, { ok: false }>["checks"],
  ) => ({
    ok: false as const,
    down,
    checks,
  });
  let applied: Set<string> | null;
  try {
    applied = await within(READY_CHECK_MS, async () => {
      const database = await getDatabase();
      try {
        return new Set((await appliedMigrations(sqlOf(database))).map((r) => r.migration_name));
      } catch (e) {
        // a database with no migrations table answered: nothing is applied
        if ((e as { code?: unknown }).code === "42P01") return null;
        throw e;
      }
    });
  } catch (e) {
    markDatabaseDown(e);
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
    return notReady(["database"], { database: { ok: false, error: `unreachable: ${error}` } });
  }
  markDatabaseUp();
  const database = { ok: true as const, latencyMs: Math.round(performance.now() - started) };
  try {
    shipped ??= readMigrations().map((m) => m.name);
  } catch (e) {
    const error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
    return notReady(["migrations"], { database, migrations: { ok: false, error: `unreadable: ${error}` } });
  }
  const pending = shipped.filter((m) => !applied?.has(m));
  const migrations = { ok: pending.length === 0, applied: applied?.size ?? 0, pending };
  if (pending.length) return notReady(["migrations"], { database, migrations });
  return { ok: true, checks: { database, migrations } };
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
