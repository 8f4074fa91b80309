// Advisory locks: named, held until the caller's transaction ends.
import type { Sql } from "./sql";

/** Waits for and takes the transaction-scoped advisory lock named `key` (e.g. `quota:<release>:<team>`). */
export async function advisoryXactLock(sql: Sql, key: string): Promise<void> {
  await sql(`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))) l`, [key]);
}
