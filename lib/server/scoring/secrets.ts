import crypto from "node:crypto";
import type { Sql } from "@/lib/server/db";
import { insertSecretIfAbsent, readSecret } from "./secrets.sql";

// Secrets never change once made, so a process keeps what it read. (A process that switches
// databases — a test — calls forgetAppSecrets.)
const cache = new Map<string, string>();

/**
 * A server secret kept in the database (`app_secrets`), made by whichever process needs it first:
 * 32 random bytes, hex. INSERT … ON CONFLICT DO NOTHING then SELECT, so that processes racing to
 * make it all end up with the one that was stored first.
 * @example const key = await appSecret(sqlOf(db), "ladder")
 */
export async function appSecret(db: Sql, name: string): Promise<string> {
  const known = cache.get(name);
  if (known) return known;
  let value = await readSecret(db, name);
  if (value === null) {
    await insertSecretIfAbsent(db, name, crypto.randomBytes(32).toString("hex"));
    value = (await readSecret(db, name))!;
  }
  cache.set(name, value);
  return value;
}

/** Drops what this process remembered (tests that replace a secret or open another database). */
export function forgetAppSecrets(): void {
  cache.clear();
}
