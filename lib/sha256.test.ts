import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Sync } from "./sha256";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

describe("sha256Sync", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("FIPS 180-4's vector %j", (input, digest) => {
    expect(hex(sha256Sync(input))).toBe(digest);
  });

  it("agrees with node:crypto on every length across block edges, and on UTF-8", () => {
    for (let n = 0; n < 200; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 31 + n) & 255);
      expect(hex(sha256Sync(bytes))).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
    }
    expect(hex(sha256Sync("ünïcødé ✓"))).toBe(crypto.createHash("sha256").update("ünïcødé ✓").digest("hex"));
  });
});
