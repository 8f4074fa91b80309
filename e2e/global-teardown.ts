import fs from "node:fs";
import pg from "pg";

/** Drops the e2e database and the temp data folder. */
export default async function globalTeardown() {
  if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  if (!process.env.DATABASE_URL) return;
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${process.env.E2E_DB_NAME} WITH (FORCE)`).catch(() => undefined);
  await c.end();
}
