// Checks a snapshot's signature (issue 48): the host's detached Ed25519 signature over the exact
// bytes of manifest.json, against the host's published keys (/.well-known/leaderboard-keys.json).
// Pure, and the same in Node (≥ 20) and a browser (Chromium ≥ 137, Firefox ≥ 129, Safari ≥ 17):
// WebCrypto's Ed25519, no package. The CLI's `verify` and the browser verifier both call it.
import type { z } from "zod";
import { LeaderboardKeys, SnapshotSignature } from "@/lib/contracts/snapshots";

export interface SignatureVerdict {
  /** the signature verifies over these bytes with a key of the host's */
  ok: boolean;
  /** the key the signature names (null when the signature itself is unreadable) */
  keyId: string | null;
  /** when that key was retired (its old signatures still verify), or null */
  retired: string | null;
  /** what is wrong, when not ok */
  problem?: string;
}

/** A copy in an ArrayBuffer of its own (what WebCrypto takes in every runtime). */
function own(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A key's id: the first 16 hex digits of the SHA-256 of its raw 32-byte public key. */
export async function keyIdOf(rawPublicKey: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", own(rawPublicKey)));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** JSON as text, bytes or already parsed. @throws SyntaxError when text is not JSON */
function parsed(v: unknown): unknown {
  if (typeof v === "string") return JSON.parse(v);
  if (v instanceof Uint8Array) return JSON.parse(new TextDecoder().decode(v));
  return v;
}

/** The first problem zod found, as a line. */
function firstIssue(e: z.ZodError): string {
  const i = e.issues[0];
  return `${i.path.map(String).join(".") || "(root)"}: ${i.message}`;
}

function read<T>(what: string, schema: z.ZodType<T>, v: unknown): T | string {
  let value: unknown;
  try {
    value = parsed(v);
  } catch {
    return `${what} is not JSON`;
  }
  const r = schema.safeParse(value);
  return r.success ? r.data : `${what} is not what it should be (${firstIssue(r.error)})`;
}

/**
 * Verifies `signatureJson` (GET /api/v1/snapshots/{id}/signature, or signature.json) over
 * `manifestBytes` with the key it names among `keysJson` (GET /.well-known/leaderboard-keys.json,
 * or leaderboard-keys.json). Both as text, bytes or parsed JSON. A key whose id is not its own
 * hash is refused, so a keys file cannot pass a foreign key off under a known id; a retired key's
 * signature verifies, and says since when it is retired. Never throws on bad input: it says why.
 */
export async function verifySignature(
  manifestBytes: Uint8Array,
  signatureJson: unknown,
  keysJson: unknown,
): Promise<SignatureVerdict> {
  const sig = read("the signature", SnapshotSignature, signatureJson);
  if (typeof sig === "string") return { ok: false, keyId: null, retired: null, problem: sig };
  const fail = (problem: string, retired: string | null = null) => ({ ok: false, keyId: sig.keyId, retired, problem });
  const keys = read("the keys", LeaderboardKeys, keysJson);
  if (typeof keys === "string") return fail(keys);
  const key = keys.keys.find((k) => k.keyId === sig.keyId);
  if (!key)
    return fail(
      `key ${sig.keyId} is not among the host's keys (${keys.keys.map((k) => k.keyId).join(", ") || "none"})`,
    );
  const raw = fromBase64(key.publicKey);
  if ((await keyIdOf(raw)) !== key.keyId) return fail(`key ${key.keyId}: its id is not the SHA-256 of its public key`);
  let ok: boolean;
  try {
    const publicKey = await crypto.subtle.importKey("raw", own(raw), { name: "Ed25519" }, false, ["verify"]);
    ok = await crypto.subtle.verify({ name: "Ed25519" }, publicKey, own(fromBase64(sig.signature)), own(manifestBytes));
  } catch (e) {
    return fail(`the signature could not be checked: ${(e as Error).message}`, key.retired);
  }
  if (!ok)
    return fail(
      `the signature of key ${key.keyId} does not match these manifest bytes: altered after signing, or not this host's`,
      key.retired,
    );
  return { ok: true, keyId: key.keyId, retired: key.retired };
}
