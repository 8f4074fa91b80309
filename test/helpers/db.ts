import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, setDatabase, closeDatabase, type Database } from "@/lib/db";
import { applyMigrations } from "@/lib/server/migrations";

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * DATABASE_URL (CI, and `npm test`, which starts a throwaway server), else in-memory PGlite.
 * It also becomes the process-wide database that the route handlers use.
 */
export async function createTestDatabase(): Promise<Database & { name: string; url?: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const db = await openDatabase({});
    await applyMigrations(db);
    setDatabase(db);
    return Object.assign(db, { name: "pglite", drop: async () => closeDatabase() });
  }
  const name = `lb_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  const db = await openDatabase({ url: u.toString() });
  await applyMigrations(db);
  setDatabase(db);
  return Object.assign(db, {
    name,
    url: u.toString(),
    async drop() {
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
