import crypto from "node:crypto";

/** Runs one SQL statement with $n parameters and returns its rows (a pg connection, Prisma, a transaction). */
type Query = <T = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

// Secrets never change once made, so a process keeps what it read. (A process that switches
// databases — a test — calls forgetAppSecrets.)
const cache = new Map<string, string>();

/**
 * A server secret kept in the database (`app_secrets`), made by whichever process needs it first:
 * 32 random bytes, hex. INSERT … ON CONFLICT DO NOTHING then SELECT, so that processes racing to
 * make it all end up with the one that was stored first.
 * @example const key = await appSecret(sqlOf(db), "ladder")
 */
export async function appSecret(db: Query, name: string): Promise<string> {
  const known = cache.get(name);
  if (known) return known;
  let [row] = await db<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  if (!row) {
    await db(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
      name,
      crypto.randomBytes(32).toString("hex"),
    ]);
    [row] = await db<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  }
  cache.set(name, row.value);
  return row.value;
}

/** Drops what this process remembered (tests that replace a secret or open another database). */
export function forgetAppSecrets(): void {
  cache.clear();
}
