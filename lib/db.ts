import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { dataDir, getEnv } from "@/lib/env";

/** A raw connection used by the migration runner (multi-statement SQL). */
export interface RawConnection {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: "postgres" | "pglite";
  prisma: PrismaClient;
  /** Runs fn on one connection inside a transaction. */
  transaction<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Opens a database: a PostgreSQL server when url is given, else embedded PGlite in dir. */
export async function openDatabase(opts: { url?: string; pgliteDir?: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      kind: "postgres",
      prisma,
      async transaction(fn) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const conn: RawConnection = {
            exec: async (sql) => void (await client.query(sql)),
            query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
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
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  let client: InstanceType<typeof PGlite>;
  if (opts.pgliteDir) {
    // PGlite does not create parent folders.
    fs.mkdirSync(opts.pgliteDir, { recursive: true });
    client = new PGlite(opts.pgliteDir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    kind: "pglite",
    prisma,
    async transaction(fn) {
      return client.transaction(async (tx) =>
        fn({
          exec: async (sql) => void (await tx.exec(sql)),
          query: async (sql, params) => (await tx.query(sql, params as unknown[])).rows as never,
        }),
      );
    },
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows as never,
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

const globalForDb = globalThis as unknown as { __leaderboardDb?: Promise<Database> };

/** The process-wide database (one PGlite instance per process: it takes one connection). */
export function getDatabase(): Promise<Database> {
  if (!globalForDb.__leaderboardDb) {
    const env = getEnv();
    globalForDb.__leaderboardDb = openDatabase(
      env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: path.join(dataDir(), "pglite") },
    ).catch((e) => {
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
