// The statements of snapshot signing (issue 48): the public keys and the detached signatures.
import type { Sql } from "@/lib/server/db";

export interface SigningKeyRow {
  key_id: string;
  alg: string;
  public_key: Buffer;
  created_at: Date;
  retired_at: Date | null;
}

const bytes = (v: Uint8Array) => Buffer.from(v);

/** Every key, the active one first, then the retired ones, newest first. */
export async function signingKeys(sql: Sql): Promise<SigningKeyRow[]> {
  const rows = await sql<SigningKeyRow>(
    `SELECT key_id, alg, public_key, created_at, retired_at FROM signing_keys
      ORDER BY retired_at IS NOT NULL, coalesce(retired_at, created_at) DESC, key_id`,
    [],
  );
  // bytea arrives as a Uint8Array through the driver adapter
  return rows.map((r) => ({ ...r, public_key: bytes(r.public_key) }));
}

/** One key by id, or null. */
export async function signingKey(sql: Sql, keyId: string): Promise<SigningKeyRow | null> {
  const [r] = await sql<SigningKeyRow>(
    `SELECT key_id, alg, public_key, created_at, retired_at FROM signing_keys WHERE key_id = $1`,
    [keyId],
  );
  return r ? { ...r, public_key: bytes(r.public_key) } : null;
}

/**
 * Makes `keyId` the active key: the active one before it is retired now (in the caller's
 * transaction, under its advisory lock).
 */
export async function activateSigningKey(sql: Sql, k: { keyId: string; alg: string; publicKey: Buffer }) {
  await sql(`UPDATE signing_keys SET retired_at = now() WHERE retired_at IS NULL AND key_id <> $1`, [k.keyId]);
  await sql(`INSERT INTO signing_keys (key_id, alg, public_key) VALUES ($1, $2, $3) ON CONFLICT (key_id) DO NOTHING`, [
    k.keyId,
    k.alg,
    k.publicKey,
  ]);
}

/** A snapshot's stored signature and its key, or null. */
export async function snapshotSignature(sql: Sql, snapshotId: string) {
  const [r] = await sql<{ key_id: string; alg: string; signature: Buffer; signed_at: Date; retired_at: Date | null }>(
    `SELECT s.key_id, k.alg, s.signature, s.signed_at, k.retired_at
       FROM snapshot_signatures s JOIN signing_keys k USING (key_id) WHERE s.snapshot_id = $1`,
    [snapshotId],
  );
  return r ? { ...r, signature: bytes(r.signature) } : null;
}

/** Stores a snapshot's signature once: a second one (another process's) is left out. */
export async function insertSnapshotSignature(sql: Sql, s: { snapshotId: string; keyId: string; signature: Buffer }) {
  await sql(
    `INSERT INTO snapshot_signatures (snapshot_id, key_id, signature) VALUES ($1, $2, $3)
     ON CONFLICT (snapshot_id) DO NOTHING`,
    [s.snapshotId, s.keyId, s.signature],
  );
}
