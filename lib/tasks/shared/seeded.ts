import { sha256 } from "@noble/hashes/sha2.js";

/** A deterministic number in [0, 1) from a seed string (baselines, synthetic data). */
export function unitHash(seed: string): number {
  // @noble/hashes' SHA-256: synchronous, the same digest as node:crypto, and it runs in the browser
  // too (the snapshot verifier's Web Worker loads the task kinds, where node:crypto is not there)
  const h = sha256(new TextEncoder().encode(seed));
  return new DataView(h.buffer, h.byteOffset, h.byteLength).getUint32(0) / 4294967296;
}
