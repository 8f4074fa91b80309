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
  kind: "postgres";
  prisma: PrismaClient;
  pool: pg.Pool;
  url: string;
  /** Runs fn on one connection inside a transaction. */
  transaction<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Opens a PostgreSQL database (a server, or the embedded one `npm start` runs). */
export async function openDatabase(opts: { url: string; poolSize?: number }): Promise<Database> {
  // a connection that cannot be made in time fails (503) rather than holding the request
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? getEnv().DATABASE_POOL_SIZE,
    connectionTimeoutMillis: getEnv().DATABASE_CONNECT_TIMEOUT_MS,
  });
  // an idle client's error (server restart) must not crash the process; it marks the database
  // down (lib/server/db/health.ts) so that requests get a 503 at once until it is back
  const lost = (e: Error) => {
    if (isConnectionError(e)) markDatabaseDown(e);
    else log.error({ err: e }, "database connection error");
  };
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  // a connection that cannot be opened marks it down too (callback and promise forms: pg-pool's
  // own query() uses the first, Prisma's adapter the second)
  const connect = pool.connect.bind(pool) as (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | void;
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    if (cb)
      return connect((err, client, done) => {
        if (err && isConnectionError(err)) markDatabaseDown(err);
        cb(err, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).catch((e: unknown) => {
      if (isConnectionError(e)) markDatabaseDown(e);
      throw e;
    });
  };
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    pool,
    url: opts.url,
    async transaction(fn) {
      const client = await pool.connect();
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
    },
  };
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
    globalForDb.__leaderboardDb = openDatabase({ url: env.DATABASE_URL }).catch((e) => {
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
