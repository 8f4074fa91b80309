// The host's signature on its snapshots (issue 48, item 3). Each snapshot's manifest.json — whose
// SHA-256 is the snapshot's id — is signed with Ed25519, so a reader can tell that this host
// published it, not just that the files agree with each other: a mirror that alters a row and
// re-hashes gets a new id that no signature of this host covers.
//
// The private key: SNAPSHOT_SIGNING_KEY (PKCS#8 PEM, or base64 of PKCS#8 DER, or base64 of the
// 32-byte seed), else DATA_DIR/snapshot-signing-key.pem (mode 0600), generated on first use. The
// public keys live in the database (signing_keys), shared by every web process and worker: a
// process registers its key, or generates the file, under one advisory lock, so processes starting
// at once end with one key; a new key (a new SNAPSHOT_SIGNING_KEY, or the file deleted) retires
// the one before it, which stays listed so its signatures still verify (docs/operations.md). The
// private key never leaves this module: not in a log line, an error, an answer or a snapshot.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { LeaderboardKeys, SnapshotSignature } from "@/lib/contracts/snapshots";
import { dataDir, getEnv } from "@/lib/env";
import { advisoryXactLock, getDatabase, sqlOf, type Database, type Sql } from "@/lib/server/db";
import { readManifest } from "./read";
import { activateSigningKey, insertSnapshotSignature, signingKey, signingKeys, snapshotSignature } from "./signing.sql";

export const SIGNING_ALG = "Ed25519";
/** The private key's file in DATA_DIR when SNAPSHOT_SIGNING_KEY is not set. */
export const SIGNING_KEY_FILE = "snapshot-signing-key.pem";
const LOCK = "snapshot-signing-key";
/** PKCS#8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** Where a process's private key comes from: `env` (SNAPSHOT_SIGNING_KEY) if set, else a file in `dir`. */
export interface KeySource {
  env?: string;
  dir: string;
}

/** A private key with its public half and id. */
export interface SigningKeyPair {
  keyId: string;
  /** the raw 32-byte public key */
  publicKey: Buffer;
  privateKey: crypto.KeyObject;
}

/** The SHA-256 of a raw public key, in hex: its fingerprint. */
export function keyFingerprint(rawPublicKey: Uint8Array): string {
  return crypto.createHash("sha256").update(rawPublicKey).digest("hex");
}

/** A key's id: the first 16 hex digits of its fingerprint. */
export function keyIdOf(rawPublicKey: Uint8Array): string {
  return keyFingerprint(rawPublicKey).slice(0, 16);
}

/**
 * An Ed25519 private key from PKCS#8 PEM (`openssl genpkey -algorithm ed25519`; "\n" escapes as
 * an .env file writes them are read as line breaks), base64 of its PKCS#8 DER, or base64 of its
 * 32-byte seed. `what` names where it came from in the error — the value itself never appears.
 * @throws Error when it is none of these
 */
export function parsePrivateKey(text: string, what: string): crypto.KeyObject {
  const t = text.trim();
  let key: crypto.KeyObject;
  try {
    if (t.startsWith("-----BEGIN")) key = crypto.createPrivateKey(t.replace(/\\n/g, "\n"));
    else {
      const der = Buffer.from(t, "base64");
      key = crypto.createPrivateKey({
        key: der.length === 32 ? Buffer.concat([PKCS8_ED25519_PREFIX, der]) : der,
        format: "der",
        type: "pkcs8",
      });
    }
  } catch {
    throw new Error(
      `${what} is not a private key: give PKCS#8 PEM, or base64 of PKCS#8 DER or of the 32-byte Ed25519 seed (docs/operations.md)`,
    );
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`${what} is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

function pairOf(privateKey: crypto.KeyObject): SigningKeyPair {
  const jwk = crypto.createPublicKey(privateKey).export({ format: "jwk" });
  const publicKey = Buffer.from(String(jwk.x), "base64url");
  return { keyId: keyIdOf(publicKey), publicKey, privateKey };
}

/** The key this process was given: SNAPSHOT_SIGNING_KEY, or the file in DATA_DIR; null when neither is there. */
function localKey(src: KeySource): SigningKeyPair | null {
  if (src.env?.trim()) return pairOf(parsePrivateKey(src.env, "SNAPSHOT_SIGNING_KEY"));
  const file = path.join(src.dir, SIGNING_KEY_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  return pairOf(parsePrivateKey(text, file));
}

/**
 * A new key into DATA_DIR: written to a file of its own, then linked into place, which fails
 * when another process (of this host, on any database) linked one first — theirs is then read.
 */
function createKeyFile(dir: string): SigningKeyPair {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, SIGNING_KEY_FILE);
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  const { privateKey } = crypto.generateKeyPairSync("ed25519");
  fs.writeFileSync(tmp, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return localKey({ dir })!;
}

/**
 * The key this process signs with, registered as the active key — generated into `src.dir` when
 * it has none. Under one advisory lock, so that of processes starting at once one generates (or
 * registers) and the others find it. A key that is not yet registered becomes the active one and
 * retires the one before (a rotation); a retired key is refused, so a process left running with an
 * old key cannot take its place back.
 * @throws Error when this process's key was retired (it must be restarted with the new one)
 */
export async function ensureSigningKey(database: Database, src: KeySource): Promise<SigningKeyPair> {
  return database.transaction(async (conn) => {
    const sql = sqlOf(conn);
    await advisoryXactLock(sql, LOCK);
    const key = localKey(src) ?? createKeyFile(src.dir);
    const row = await signingKey(sql, key.keyId);
    if (row?.retired_at)
      throw new Error(
        `the snapshot signing key ${key.keyId} (${src.env?.trim() ? "SNAPSHOT_SIGNING_KEY" : path.join(src.dir, SIGNING_KEY_FILE)}) was retired on ${row.retired_at.toISOString()}: this process must be restarted with the current key`,
      );
    if (!row) await activateSigningKey(sql, { keyId: key.keyId, alg: SIGNING_ALG, publicKey: key.publicKey });
    return key;
  });
}

/** This process's key, once checked against the database (again when it was retired meanwhile). */
let current: SigningKeyPair | null = null;

async function currentKey(sql: Sql): Promise<SigningKeyPair> {
  if (current) {
    const row = await signingKey(sql, current.keyId);
    if (row && !row.retired_at) return current;
  }
  current = await ensureSigningKey(await getDatabase(), { env: getEnv().SNAPSHOT_SIGNING_KEY, dir: dataDir() });
  return current;
}

type Signature = z.infer<typeof SnapshotSignature>;

function asContract(r: { key_id: string; signature: Buffer }): Signature {
  return { alg: SIGNING_ALG, keyId: r.key_id, signature: r.signature.toString("base64") };
}

/**
 * Signs snapshot `snapshotId`'s manifest (its exact bytes, whose SHA-256 is the id) and stores the
 * detached signature, once: a snapshot already signed keeps its signature (Ed25519 is
 * deterministic: the same key would make the same one). In the caller's transaction, if any.
 * @throws Error when the bytes are not the snapshot's (their SHA-256 is not the id)
 */
export async function signSnapshot(sql: Sql, snapshotId: string, manifestBytes: Uint8Array): Promise<Signature> {
  const hash = crypto.createHash("sha256").update(manifestBytes).digest("hex");
  if (hash !== snapshotId) throw new Error(`signSnapshot: these bytes hash to ${hash}, not to snapshot ${snapshotId}`);
  const stored = await snapshotSignature(sql, snapshotId);
  if (stored) return asContract(stored);
  const key = await currentKey(sql);
  const signature = crypto.sign(null, manifestBytes, key.privateKey);
  await insertSnapshotSignature(sql, { snapshotId, keyId: key.keyId, signature });
  // the one stored: another process's, when it signed first
  return asContract((await snapshotSignature(sql, snapshotId))!);
}

/**
 * A snapshot's signature (GET /api/v1/snapshots/{id}/signature): the stored one, or — for a
 * snapshot made before signing existed, or whose maker did not sign it — made now and stored.
 * @throws AppError not_found (unknown or taken down, as the snapshot's other routes)
 */
export async function signatureOf(db: PrismaClient, snapshotId: string): Promise<Signature> {
  const { bytes } = await readManifest(db, snapshotId);
  return signSnapshot(sqlOf(db), snapshotId, bytes);
}

/** One key as the docs page shows it. */
export interface PublicKeyView {
  keyId: string;
  alg: string;
  publicKey: string;
  fingerprint: string;
  createdAt: string;
  retired: string | null;
}

/**
 * The host's public keys, the active one first (made if there is none yet, so it is published
 * before the first snapshot is signed), then the retired ones. Listing needs no private key: a
 * process whose own key was retired still lists them.
 */
export async function publicSigningKeys(db: PrismaClient): Promise<PublicKeyView[]> {
  const sql = sqlOf(db);
  let rows = await signingKeys(sql);
  if (!rows.some((k) => !k.retired_at)) {
    await currentKey(sql);
    rows = await signingKeys(sql);
  }
  return rows.map((k) => ({
    keyId: k.key_id,
    alg: k.alg,
    publicKey: k.public_key.toString("base64"),
    fingerprint: keyFingerprint(k.public_key),
    createdAt: k.created_at.toISOString(),
    retired: k.retired_at?.toISOString() ?? null,
  }));
}

/** GET /.well-known/leaderboard-keys.json */
export async function leaderboardKeys(db: PrismaClient): Promise<z.infer<typeof LeaderboardKeys>> {
  const keys = await publicSigningKeys(db);
  return { keys: keys.map((k) => ({ keyId: k.keyId, alg: SIGNING_ALG, publicKey: k.publicKey, retired: k.retired })) };
}
