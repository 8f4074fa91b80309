// The statements of secrets.ts (app_secrets: made once by whichever process needs it first).
import type { Sql } from "@/lib/server/db";

export async function readSecret(sql: Sql, name: string) {
  const [row] = await sql<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return row?.value ?? null;
}

/** Stores the secret unless another process stored one first (then that one stays). */
export function insertSecretIfAbsent(sql: Sql, name: string, value: string) {
  return sql(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, value]);
}
