import fs from "node:fs";
import { dropDatabase } from "./databases.mjs";

/** Drops the e2e database and the temp data folder. */
export default async function globalTeardown() {
  if (process.env.E2E_DATA_DIR) fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  if (process.env.DATABASE_URL && process.env.E2E_DB_NAME)
    await dropDatabase(process.env.DATABASE_URL, process.env.E2E_DB_NAME);
}
