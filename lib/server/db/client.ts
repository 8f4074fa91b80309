import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { isConnectionError, markDatabaseDown } from "./health";
import { log } from "@/lib/server/observability";

/** A raw connection used by the migration runner (multi-statement SQL) and the bulk writers. */
export interface RawConnection {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** the underlying pg client (COPY streams) */
  client: pg.PoolClient;
}

export interface Database {
  /** Prisma on `pool`: every request's queries (unnamed statements, no session state) */
  prisma: PrismaClient;
  /** connections of `url` — DATABASE_URL, which may be a transaction-mode pooler (PgBouncer) */
  pool: pg.Pool;
  url: string;
  /**
   * A direct (session) connection's URL — DATABASE_DIRECT_URL, else `url` — for what needs a
   * session: LISTEN (release-signatures.ts), migrations, graphile-worker (LISTEN, named
   * statements), session-level advisory locks, and named prepared statements (the rate limits'
   * store is `directPool`).
   */
  directUrl: string;
  /** connections of `directUrl` (the same pool as `pool` when the URLs are equal) */
  directPool: pg.Pool;
  /** the read replica for leaderboard reads (DATABASE_REPLICA_URL; see ./replica.ts), or null */
  replica: Database | null;
  /** Runs fn on one connection inside a transaction; `direct`: on a direct connection (migrations). */
  transaction<T>(fn: (conn: RawConnection) => Promise<T>, opts?: { direct?: boolean }): Promise<T>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const g = globalThis as unknown as {
  __sessionPools?: WeakMap<pg.Pool, pg.Pool>;
  __sessionUrls?: Map<string, string>;
  __replicas?: WeakMap<object, Database>;
};
const sessionPools = (g.__sessionPools ??= new WeakMap());
const sessionUrls = (g.__sessionUrls ??= new Map());
const replicas = (g.__replicas ??= new WeakMap());

/**
 * The pool to hold sessions on for a database's pool (graphile-worker's): its direct pool when
 * DATABASE_DIRECT_URL differs, else the pool itself.
 */
export function sessionPool(pool: pg.Pool): pg.Pool {
  return sessionPools.get(pool) ?? pool;
}

/** The URL to open a session on (a LISTEN connection) for a database opened on `url`. */
export function sessionUrl(url: string): string {
  return sessionUrls.get(url) ?? url;
}

/** The read replica of the database this Prisma client belongs to (null: none, or a transaction client). */
export function replicaOf(prisma: object): Database | null {
  return replicas.get(prisma) ?? null;
}

/**
 * The pool's connections of a database whose health requests follow: a connection that cannot be
 * opened marks the database down (lib/server/db/health.ts), so requests get a 503 at once until it
 * is back. It comes in through pg-pool's documented `Client` option; pg-pool connects it with a
 * callback, `Client#connect`'s promise form is kept for whoever else opens one.
 */
class WatchedClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: Connected): void;
  override connect(callback?: Connected): Promise<pg.Client> | void {
    if (callback)
      return super.connect((err: Error | null, client?: pg.Client) => {
        if (err && isConnectionError(err)) markDatabaseDown(err);
        callback(err, client);
      });
    return super.connect().catch((e: unknown) => {
      if (isConnectionError(e)) markDatabaseDown(e);
      throw e;
    });
  }
}
/** pg calls back with the error, or with null and the client */
type Connected = (err: Error | null, client?: pg.Client) => void;

function newPool(url: string, max: number, health: boolean): pg.Pool {
  // a connection that cannot be made in time fails (503) rather than holding the request; a
  // replica's connections never mark the database down (its reads fall back to the primary,
  // ./replica.ts), so they are plain clients
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: getEnv().DATABASE_CONNECT_TIMEOUT_MS,
    ...(health ? { Client: WatchedClient } : {}),
  });
  // an idle client's error (server restart) must not crash the process; it marks the database
  // down too
  const lost = (e: Error) => {
    if (health && isConnectionError(e)) markDatabaseDown(e);
    else log.error({ err: e }, "database connection error");
  };
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return pool;
}

/**
 * Opens a PostgreSQL database (a server, or the embedded one `npm start` runs). `url` carries the
 * requests' queries and may be a transaction-mode pooler; `directUrl` (default: DATABASE_DIRECT_URL
 * when `url` is DATABASE_URL, else `url`) the sessions; `replicaUrl` a read replica.
 */
export async function openDatabase(opts: {
  url: string;
  directUrl?: string;
  replicaUrl?: string;
  poolSize?: number;
  /** false: a replica — its connection errors never mark the database down */
  health?: boolean;
}): Promise<Database> {
  const env = getEnv();
  const max = opts.poolSize ?? env.DATABASE_POOL_SIZE;
  const health = opts.health ?? true;
  const pool = newPool(opts.url, max, health);
  const directUrl =
    opts.directUrl ?? (opts.url === env.DATABASE_URL ? configured("DATABASE_DIRECT_URL") : undefined) ?? opts.url;
  const directPool = directUrl === opts.url ? pool : newPool(directUrl, max, health);
  if (directPool !== pool) {
    sessionPools.set(pool, directPool);
    sessionUrls.set(opts.url, directUrl);
  }
  const replica = opts.replicaUrl
    ? await openDatabase({ url: opts.replicaUrl, directUrl: opts.replicaUrl, poolSize: max, health: false })
    : null;
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  if (replica) replicas.set(prisma, replica);
  return {
    prisma,
    pool,
    url: opts.url,
    directUrl,
    directPool,
    replica,
    async transaction(fn, topts) {
      const client = await (topts?.direct ? directPool : pool).connect();
      try {
        await client.query("BEGIN");
        const conn: RawConnection = {
          exec: async (sql) => void (await client.query(sql)),
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          client,
        };
        const out = await fn(conn);
        await client.query("COMMIT");
        return out;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
      if (directPool !== pool) await directPool.end().catch(() => undefined);
      await replica?.close();
    },
  };
}

/**
 * DATABASE_DIRECT_URL or DATABASE_REPLICA_URL — not with the embedded PostgreSQL `npm start` runs
 * when no DATABASE_URL is set: they would name another server than the one requests go to.
 */
function configured(name: "DATABASE_DIRECT_URL" | "DATABASE_REPLICA_URL"): string | undefined {
  const v = getEnv()[name];
  if (v && process.env.EMBEDDED_DATABASE === "1") {
    log.warn({ variable: name }, "ignored: it needs DATABASE_URL (the app runs the embedded PostgreSQL)");
    return undefined;
  }
  return v;
}

const globalForDb = globalThis as unknown as { __leaderboardDb?: Promise<Database> };

/**
 * The process-wide database. `npm start`, `npm run worker` and the CLI set DATABASE_URL to the
 * embedded PostgreSQL when none is configured (scripts/embedded-pg.mjs).
 */
export function getDatabase(): Promise<Database> {
  if (!globalForDb.__leaderboardDb) {
    const env = getEnv();
    if (!env.DATABASE_URL) {
      return Promise.reject(
        new Error(
          "no database: set DATABASE_URL, or run the app with `npm start`, which starts the embedded PostgreSQL",
        ),
      );
    }
    globalForDb.__leaderboardDb = openDatabase({
      url: env.DATABASE_URL,
      directUrl: configured("DATABASE_DIRECT_URL"),
      replicaUrl: configured("DATABASE_REPLICA_URL"),
    }).catch((e) => {
      globalForDb.__leaderboardDb = undefined;
      throw e;
    });
  }
  return globalForDb.__leaderboardDb;
}

/** The process-wide Prisma client. */
export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** For tests and scripts: use this database as the process-wide one. */
export function setDatabase(db: Database): void {
  globalForDb.__leaderboardDb = Promise.resolve(db);
}

export async function closeDatabase(): Promise<void> {
  const p = globalForDb.__leaderboardDb;
  globalForDb.__leaderboardDb = undefined;
  if (p) await (await p).close();
}
