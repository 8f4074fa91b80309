// The statement of readiness.ts: the migrations the database has applied.
import type { Sql } from "./sql";

/** Names of the migrations applied and not rolled back (the `_prisma_migrations` the runner writes). */
export function appliedMigrations(sql: Sql) {
  return sql<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    [],
  );
}

/** The cheapest round trip: whether the server answers at all (the probe while it is marked down). */
export function ping(sql: Sql) {
  return sql<{ one: number }>(`SELECT 1 AS one`, []);
}
