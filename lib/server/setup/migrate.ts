import { applyMigrations, type Database } from "@/lib/server/db";
import { backfillNameSkeletons } from "@/lib/server/names";

/**
 * Applies pending migrations (lib/server/db/migrations.ts), then fills what code computes for rows
 * stored before a migration added it: the confusable skeletons of names (lib/server/names) —
 * filled once, then a no-op. Every process that migrates comes here (start-up, the worker,
 * `npm run db:migrate`): db/ sits below names/ and does not call it. Returns the names applied.
 */
export async function migrateDatabase(db: Database): Promise<string[]> {
  const applied = await applyMigrations(db);
  const filled = await backfillNameSkeletons(
    <T>(sql: string, params: unknown[]) => db.query<T & Record<string, unknown>>(sql, params) as Promise<T[]>,
  );
  // on stderr: a CLI command's stdout is its answer (a token, a score)
  if (filled.teams || filled.submissions)
    console.error(`[migrate] name skeletons filled: ${filled.teams} team(s), ${filled.submissions} submission(s)`);
  return applied;
}
