import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";

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
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? getEnv().DATABASE_POOL_SIZE });
  // an idle client's error (server restart) must not crash the process
  pool.on("error", (e) => console.error("[db] idle connection error:", e.message));
  pool.on("connect", (client) => client.on("error", (e) => console.error("[db] connection error:", e.message)));
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
      return Promise.reject(new Error("no database: set DATABASE_URL, or run the app with `npm start`, which starts the embedded PostgreSQL"));
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
