import crypto from "node:crypto";

/** A deterministic number in [0, 1) from a seed string (baselines, synthetic data). */
export function unitHash(seed: string): number {
  const h = crypto.createHash("sha256").update(seed).digest();
  return h.readUInt32BE(0) / 4294967296;
}
