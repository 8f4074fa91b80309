// Databases of their own for the e2e runs, on the PostgreSQL server a URL points at (any of its
// databases: the statements run in its maintenance database, `postgres`). Plain ESM, so that
// e2e/serve.mjs (run by node before Playwright) and the specs share it.
import pg from "pg";

/** The URL of database `name` on the server `url` points at. */
export function databaseUrl(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `statements` one by one in the server's maintenance database. */
async function onServer(url, statements) {
  const c = new pg.Client({ connectionString: databaseUrl(url, "postgres") });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

/** Database `name`, dropped (with whoever is connected) if it was there and created empty; its URL. */
export async function freshDatabase(url, name) {
  await onServer(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  return databaseUrl(url, name);
}

/** Drops database `name` (teardown: a failure to drop is left for the next run's freshDatabase). */
export async function dropDatabase(url, name) {
  await onServer(url, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]).catch(() => undefined);
}
