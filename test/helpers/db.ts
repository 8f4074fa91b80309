import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, setDatabase, closeDatabase, type Database, applyMigrations } from "@/lib/server/db";
import { migrateQueue } from "@/lib/server/jobs";
import { stopReleaseSignatures } from "@/lib/server/http";
import { runDueJobs } from "@/lib/server/worker";

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * DATABASE_URL (CI, and `npm test`, which starts a throwaway server). A real PostgreSQL is
 * required: the job queue needs one.
 * It also becomes the process-wide database that the route handlers use.
 */
export async function createTestDatabase(): Promise<
  Database & { name: string; url?: string; runJobs(): Promise<void>; drop(): Promise<void> }
> {
  const server = process.env.DATABASE_URL;
  if (!server)
    throw new Error("integration tests need a PostgreSQL server: run them through `npm test`, or set DATABASE_URL");
  const name = `lb_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  const db = await openDatabase({ url: u.toString() });
  await applyMigrations(db);
  await migrateQueue(db.pool);
  setDatabase(db);
  return Object.assign(db, {
    name,
    /** runs every queued job (board refreshes, re-scores) in this process */
    runJobs: () => runDueJobs(db.prisma, db.pool),
    url: u.toString(),
    async drop() {
      stopReleaseSignatures(); // its LISTEN connection would otherwise try the dropped database again
      await closeDatabase();
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
}

/** Row counts of the tables an upload or import writes. */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ["submissions", "predictions", "scores", "releases", "instances"]) {
    const r = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${t}"`);
    out[t] = Number(r[0].n);
  }
  return out;
}
