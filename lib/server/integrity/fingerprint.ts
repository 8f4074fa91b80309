// The compact, stored fingerprints an audit compares (issue 34), pure: no database.
//
// A submission's *fingerprint* is, per covered instance, the pair (hash of the instance id, hash
// of its prediction without storage-only fields) — two uint32 — sorted by the id hash: 8 bytes an
// instance (13.6 KB for 1,699), independent of a release's instance order, so two submissions are
// compared by one merge of two sorted arrays. Its *sketch* is a bottom-k MinHash of those pairs
// (k = 128, 512 bytes): the Jaccard similarity of two sketches estimates how many (instance,
// prediction) pairs two submissions share, cheaply enough to run against every earlier
// submission of a release; only the few it picks are compared in full.
import crypto from "node:crypto";

/** Entries of a prediction sketch (bottom-k MinHash). */
export const PREDICTION_SKETCH_K = 128;

/** A 32-bit hash of a string (the first 4 bytes of its MD5; never 0). */
export function hash32(s: string): number {
  return crypto.createHash("md5").update(s).digest().readUInt32LE(0) || 1;
}

/** A well-mixed 32-bit function of a 32-bit value (murmur3's finalizer). */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** JSON with object keys sorted at every level: equal values, equal text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v) ?? "null";
}

/** The hash of a prediction's decision: everything but its storage-only fields (traces). */
export function decisionHash(data: Record<string, unknown>, storageOnly: readonly string[]): number {
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!storageOnly.includes(k)) kept[k] = v;
  return hash32(canonicalJson(kept));
}

/** The k smallest distinct values, ascending. */
export function bottomK(values: Uint32Array, k: number): Uint32Array {
  const sorted = Uint32Array.from(values).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length && out.length < k; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i]);
  return Uint32Array.from(out);
}

/**
 * Jaccard similarity of two sets estimated from their bottom-k sketches: the share of the k
 * smallest values of the union that are in both (Broder 1997; Cohen & Kaplan 2007). Null when
 * either sketch is empty.
 */
export function sketchJaccard(a: Uint32Array, b: Uint32Array, k: number): number | null {
  if (!a.length || !b.length) return null;
  let i = 0;
  let j = 0;
  let taken = 0;
  let both = 0;
  while (taken < k && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) i++;
    else if (i >= a.length || b[j] < a[i]) j++;
    else {
      both++;
      i++;
      j++;
    }
    taken++;
  }
  return taken ? both / taken : null;
}

/** A submission's fingerprint (pairs sorted by id hash) and its sketch. */
export interface Fingerprint {
  pairs: Uint32Array;
  sketch: Uint32Array;
  covered: number;
}

/** Fingerprints a submission's predictions (`data` as stored; storage-only fields are left out). */
export function fingerprintPredictions(
  predictions: { external_id: string; data: Record<string, unknown> }[],
  storageOnly: readonly string[],
): Fingerprint {
  const rows = predictions.map((p) => [hash32(p.external_id), decisionHash(p.data, storageOnly)] as const);
  rows.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const pairs = new Uint32Array(rows.length * 2);
  const keys = new Uint32Array(rows.length);
  rows.forEach(([id, pred], i) => {
    pairs[2 * i] = id;
    pairs[2 * i + 1] = pred;
    keys[i] = mix32(id ^ mix32(pred));
  });
  return { pairs, sketch: bottomK(keys, PREDICTION_SKETCH_K), covered: rows.length };
}

/**
 * Estimated share of the smaller submission's pairs found in the other (containment), from the
 * sketches and the sizes: |A∩B| = J·(|A|+|B|)/(1+J). The first pass of the near-duplicate check.
 */
export function estimatedContainment(
  a: { sketch: Uint32Array; covered: number },
  b: { sketch: Uint32Array; covered: number },
): number {
  const j = sketchJaccard(a.sketch, b.sketch, PREDICTION_SKETCH_K);
  if (j === null || !a.covered || !b.covered) return 0;
  return (j * (a.covered + b.covered)) / (1 + j) / Math.min(a.covered, b.covered);
}

/** Agreement of two fingerprints on the instances both cover. */
export interface Agreement {
  /** instances both cover */
  shared: number;
  /** of those, with the same prediction (or outcome) */
  same: number;
  /** instances only one of the two covers */
  onlyOne: number;
  /** same / shared (0 with nothing shared) */
  agreement: number;
  /** Cohen's κ: agreement beyond what the two marginals give by chance (0 when chance explains all) */
  kappa: number;
}

function kappaOf(po: number, pe: number): number {
  return pe >= 1 - 1e-12 ? 0 : (po - pe) / (1 - pe);
}

/** Compares two fingerprints' pairs by one merge (both sorted by id hash). */
export function comparePairs(a: Uint32Array, b: Uint32Array): Agreement {
  let i = 0;
  let j = 0;
  let shared = 0;
  let same = 0;
  let onlyOne = 0;
  const ma = new Map<number, number>();
  const mb = new Map<number, number>();
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) {
      onlyOne++;
      i += 2;
    } else if (i >= a.length || b[j] < a[i]) {
      onlyOne++;
      j += 2;
    } else {
      shared++;
      if (a[i + 1] === b[j + 1]) same++;
      ma.set(a[i + 1], (ma.get(a[i + 1]) ?? 0) + 1);
      mb.set(b[j + 1], (mb.get(b[j + 1]) ?? 0) + 1);
      i += 2;
      j += 2;
    }
  }
  let pe = 0;
  for (const [v, n] of ma) pe += (n / shared) * ((mb.get(v) ?? 0) / shared);
  const po = shared ? same / shared : 0;
  return { shared, same, onlyOne, agreement: po, kappa: shared ? kappaOf(po, pe) : 0 };
}

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, i) => {
  let n = 0;
  for (let x = i; x; x >>= 1) n += x & 1;
  return n;
});

/**
 * Compares two outcome bitsets of one release (lib/server/scoring/outcomes.ts: "covered" then
 * "right"): on the instances both cover, how often both were right or both wrong. Null when the
 * bitsets are missing or of different sizes.
 */
export function compareOutcomes(a: Uint8Array | null, b: Uint8Array | null): Agreement | null {
  if (!a || !b || a.length !== b.length || a.length % 2) return null;
  const half = a.length / 2;
  let shared = 0;
  let same = 0;
  let onlyOne = 0;
  let rightA = 0;
  let rightB = 0;
  for (let x = 0; x < half; x++) {
    const both = a[x] & b[x];
    shared += POPCOUNT[both];
    onlyOne += POPCOUNT[a[x] ^ b[x]];
    same += POPCOUNT[~(a[half + x] ^ b[half + x]) & both];
    rightA += POPCOUNT[a[half + x] & both];
    rightB += POPCOUNT[b[half + x] & both];
  }
  if (!shared) return { shared, same, onlyOne, agreement: 0, kappa: 0 };
  const pa = rightA / shared;
  const pb = rightB / shared;
  const po = same / shared;
  return { shared, same, onlyOne, agreement: po, kappa: kappaOf(po, pa * pb + (1 - pa) * (1 - pb)) };
}

/** A stored uint32 array (little-endian bytea) as a Uint32Array, and back. */
export function u32(bytes: Uint8Array): Uint32Array {
  const copy = new Uint8Array(bytes.byteLength - (bytes.byteLength % 4));
  copy.set(bytes.subarray(0, copy.length));
  return new Uint32Array(copy.buffer);
}
export function bytesOf(a: Uint32Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}
