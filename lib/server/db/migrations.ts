import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./client";

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Prisma's advisory lock key, so `prisma migrate deploy` and this runner exclude each other. */
const LOCK_KEY = 72707369;

export function migrationsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
}

/** Reads prisma/migrations/<timestamp>_<name>/migration.sql in order. */
export function readMigrations(dir = migrationsDir()): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies pending migrations — all in one transaction, under Prisma's advisory lock, so that of
 * several processes starting at once one applies them and the others wait, then find them
 * applied — recording them in `_prisma_migrations` as `prisma migrate deploy` does (migrations
 * this code does not know, applied by a newer release, are left alone). Returns the names applied.
 * What code fills in afterwards (names' skeletons) is `migrateDatabase`'s (lib/server/setup).
 * @throws when an applied migration's file was edited afterwards (checksum mismatch)
 */
export async function applyMigrations(db: Database, files = readMigrations()): Promise<string[]> {
  const applied: string[] = [];
  // on a direct connection (DATABASE_DIRECT_URL): DDL and the lock need no pooler in between
  await db.transaction(
    async (conn) => {
      await conn.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
      await conn.exec(CREATE_TABLE);
      const rows = await conn.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
      );
      const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
      for (const m of files) {
        const prev = done.get(m.name);
        if (prev !== undefined) {
          if (prev !== m.checksum) {
            throw new Error(`Migration ${m.name} was changed after it was applied (checksum mismatch).`);
          }
          continue;
        }
        await conn.exec(m.sql);
        await conn.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at)
         VALUES ($1, $2, now(), $3, 1, now())`,
          [crypto.randomUUID(), m.checksum, m.name],
        );
        applied.push(m.name);
      }
    },
    { direct: true },
  );
  return applied;
}
