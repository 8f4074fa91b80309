// Whether this process can reach PostgreSQL (docs/operations.md "When PostgreSQL is down").
// lib/server/db/client.ts marks the database down when a connection fails or is cut, the error mapper turns
// such errors into 503 + Retry-After, and the front door answers 503 at once while the database is
// down, probing it at most once a second; the first probe that succeeds marks it up again. The
// state lives on globalThis, which the front door and the app's routes share in one process.
import { log } from "@/lib/server/observability";

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

interface Health {
  down: boolean;
  since: number;
  reason: string;
  probe: Promise<boolean> | null;
  lastProbe: number;
}

const g = globalThis as unknown as { __leaderboardDbHealth?: Health };
function state(): Health {
  return (g.__leaderboardDbHealth ??= { down: false, since: 0, reason: "", probe: null, lastProbe: 0 });
}

// node-postgres and the OS: the server refused, reset or dropped the connection, or is starting
// or stopping; PostgreSQL SQLSTATEs of class 08 (connection exception), 57P01–57P03 (shutdown,
// cannot connect now) and 53300 (too many connections).
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);
const MESSAGES =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|connect ECONNREFUSED|can't reach database server|server closed the connection|Connection refused/i;
// Prisma's driver-adapter errors carry a kind instead of a code
const KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "DatabaseDoesNotExist",
]);

/** Whether an error (or any error in its cause chain) says the database cannot be reached. */
export function isConnectionError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 6; depth++) {
    if (typeof cur !== "object") return false;
    const o = cur as { code?: unknown; message?: unknown; kind?: unknown; cause?: unknown; errors?: unknown };
    if (typeof o.code === "string" && (CODES.has(o.code) || o.code.startsWith("08"))) return true;
    if (typeof o.kind === "string" && KINDS.has(o.kind)) return true;
    if (typeof o.message === "string" && MESSAGES.test(o.message)) return true;
    // AggregateError (a host with several addresses refused on each)
    if (Array.isArray(o.errors) && o.errors.some((x) => isConnectionError(x))) return true;
    cur = o.cause;
  }
  return false;
}

/** Notes that the database could not be reached. */
export function markDatabaseDown(e: unknown): void {
  const s = state();
  if (!s.down) {
    s.down = true;
    s.since = Date.now();
    s.reason = e instanceof Error ? e.message : String(e);
    log.error({ reason: s.reason }, "the database is unreachable; answering 503 until it returns");
  }
}

export function markDatabaseUp(): void {
  const s = state();
  if (s.down) log.warn({ downSeconds: Math.round((Date.now() - s.since) / 1000) }, "the database is back");
  s.down = false;
}

/** What this process last saw. */
export function databaseHealth(): { down: boolean; since: number; reason: string } {
  const s = state();
  return { down: s.down, since: s.since, reason: s.reason };
}

/**
 * While the database is marked down: whether it is back, asking it at most once a second with
 * one probe shared by every request meanwhile (`probe` runs one cheap query). Requests never
 * wait on a probe longer than `waitMs`: until it answers they are told "not yet".
 */
export async function databaseBack(probe: () => Promise<unknown>, waitMs = 500): Promise<boolean> {
  const s = state();
  if (!s.down) return true;
  if (s.probe) return false;
  if (Date.now() - s.lastProbe < 1000) return false;
  s.lastProbe = Date.now();
  const p = (s.probe = (async () => {
    try {
      await probe();
      markDatabaseUp();
      return true;
    } catch {
      return false;
    } finally {
      s.probe = null;
    }
  })());
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), waitMs)))]).finally(() =>
    clearTimeout(timer),
  );
}
