// For scripts run outside `npm start`: DATABASE_URL when set, else the embedded PostgreSQL of
// DATA_DIR (joined when it runs, started otherwise). Returns a function that stops the server
// again if this script started it.
import path from "node:path";
import { ensureEmbeddedPostgres } from "./embedded-pg.mjs";

export async function provideDatabaseUrl(log: (m: string) => void = (m) => console.error(m)): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => undefined;
  const pg = await ensureEmbeddedPostgres(path.resolve(process.env.DATA_DIR ?? ".data"), { log });
  process.env.DATABASE_URL = pg.url;
  return () => pg.stop();
}
