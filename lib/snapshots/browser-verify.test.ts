import { describe, expect, it } from "vitest";
import { signatureLine, snapshotFileName, verifySummary } from "./browser-verify";

const signed = "✓ signature: the manifest is signed by the host's key 0123456789abcdef";

describe("verifySummary", () => {
  it.each([
    [
      { ok: true, lines: ["✓ manifest.json", "✓ a: F_m 0.5", "· note"], rows: { total: 12, ok: 12 } },
      signed,
      "✓ 12 of 12 rows",
    ],
    [
      { ok: false, lines: ["✓ manifest.json", "✗ predictions.csv.gz: SHA-256 ab… ≠ cd…"], rows: { total: 12, ok: 0 } },
      signed,
      "✗ predictions.csv.gz: SHA-256 ab… ≠ cd… — 0 of 12 rows recomputed equal",
    ],
    [
      { ok: false, lines: ["✗ gpt-4.1 (team): metrics differ"], rows: { total: 3, ok: 2 } },
      signed,
      "✗ gpt-4.1 (team): metrics differ — 2 of 3 rows recomputed equal",
    ],
    [
      { ok: true, lines: ["✓ x"], rows: { total: 3, ok: 3 } },
      "✗ signature: the signature of key k does not match",
      "✗ signature: the signature of key k does not match — 3 of 3 rows recomputed equal",
    ],
    [
      { ok: false, lines: ["✗ a", "✗ b", "✗ c", "✗ d", "✗ e"], rows: { total: 0, ok: 0 } },
      signed,
      "✗ a; b; c (and 2 more)",
    ],
  ])("%j with %s → %s", (v, sig, expected) => {
    expect(verifySummary(v, sig)).toBe(expected);
  });
});

describe("signatureLine", () => {
  it("names the key, a retired one's date, or what is wrong", () => {
    expect(signatureLine({ ok: true, keyId: "k1", retired: null })).toBe(
      "✓ signature: the manifest is signed by the host's key k1",
    );
    expect(signatureLine({ ok: true, keyId: "k0", retired: "2026-01-02T00:00:00.000Z" })).toMatch(/retired 2026-01-02/);
    expect(signatureLine({ ok: false, keyId: "k1", retired: null, problem: "altered" })).toBe("✗ signature: altered");
    expect(signatureLine("not checked: offline")).toBe("✗ signature: not checked: offline");
  });
});

describe("snapshotFileName", () => {
  it.each([
    ["828848d00406-board.csv.gz", "board.csv.gz"],
    ["board.csv.gz", "board.csv.gz"],
    ["828848d00406-predictions (1).parquet", "predictions.parquet"],
    ["leaderboard-keys.json", "leaderboard-keys.json"],
    ["828848d00406-signature.json", "signature.json"],
  ])("%s → %s", (name, expected) => expect(snapshotFileName(name)).toBe(expected));
});
