import { sha256Sync } from "@/lib/sha256";

/** A deterministic number in [0, 1) from a seed string (baselines, synthetic data). */
export function unitHash(seed: string): number {
  // plain-JavaScript SHA-256 (lib/sha256.ts), same digest as node:crypto: the browser's verifier loads the task kinds too
  const h = sha256Sync(seed);
  return new DataView(h.buffer).getUint32(0) / 4294967296;
}
