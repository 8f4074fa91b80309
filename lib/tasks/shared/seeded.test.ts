// unitHash runs in the browser too (the snapshot verifier loads the task kinds), so it hashes with
// @noble/hashes instead of node:crypto: it must give the very numbers node:crypto gave, or every
// seeded baseline — and every snapshot recomputed in a browser — would change.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { unitHash } from "./seeded";

const nodeUnitHash = (seed: string) => crypto.createHash("sha256").update(seed).digest().readUInt32BE(0) / 4294967296;

describe("unitHash", () => {
  it("equals node:crypto's SHA-256 reading, on seeds of every length across block edges and on UTF-8", () => {
    for (let n = 0; n < 200; n++) {
      const seed = Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 31 + n) % 90))).join("");
      expect(unitHash(seed)).toBe(nodeUnitHash(seed));
    }
    for (const seed of ["", "random:astropy__astropy-12907", "ünïcødé ✓"])
      expect(unitHash(seed)).toBe(nodeUnitHash(seed));
  });
});
