// README badges are drawn by shields' own badge-maker: each half is as wide as badge-maker
// measures its text — "·", "–", accented and non-Latin names included, which a hand-made width
// table got wrong — and the text is pinned to that width, so it stays inside its half.
import { makeBadge } from "badge-maker";
import { describe, expect, it } from "vitest";
import { badgeSvg } from "./badge-svg";

const width = (svg: string) => Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
/** [left half, right half] widths: the first two rects of the clipped group */
const halves = (svg: string) =>
  [...(/<g clip-path="url\(#r\)">(.*?)<\/g>/.exec(svg)?.[1] ?? "").matchAll(/<rect[^>]* width="(\d+)"/g)]
    .slice(0, 2)
    .map((m) => Number(m[1]));
/** the textLength (tenths of a pixel) each visible text is pinned to */
const textLengths = (svg: string) =>
  [...svg.matchAll(/<text x="\d+" y="140" textLength="(\d+)">/g)].map((m) => Number(m[1]));

const NAMES = [
  "Team · Alpha – Beta",
  "Équipe Ærø · Zürich",
  "Команда Проверки",
  "チーム・検証 – 東京",
  "فريق التحقق",
  "Ομάδα · Αθήνα",
];

describe("badgeSvg", () => {
  it.each(NAMES)("sizes %s as badge-maker measures it", (name) => {
    const message = `F_m 0.592 · #3 (2–7) — ${name}`;
    const svg = badgeSvg({ label: name, message, color: "#1565c0", title: `${name}: ${message}` });
    const theirs = makeBadge({ label: name, message, color: "#1565c0", style: "flat" });
    expect(width(svg)).toBe(width(theirs));
    expect(halves(svg)).toEqual(halves(theirs));
    expect(textLengths(svg)).toEqual(textLengths(theirs));
    // each half: its text's measured width plus 5 px on each side (badge-maker's padding)
    const [left, right] = halves(svg);
    const [labelLen, messageLen] = textLengths(svg);
    expect(left).toBe(labelLen / 10 + 10);
    expect(right).toBe(messageLen / 10 + 10);
    expect(svg).toContain(`>${name}</text>`);
    expect(svg).toContain(`>${message}</text>`);
  });

  it("measures each character: a name of wide letters is wider than one of narrow letters of the same length", () => {
    const w = (label: string) => halves(badgeSvg({ label, message: "x", color: "#616161", title: label }))[0];
    expect(w("WWWWWWWW")).toBeGreaterThan(w("iiiiiiii") + 40);
    // "·" and "–" are not letters' width
    expect(w("a·b·c·d")).toBeLessThan(w("aMbMcMd"));
    expect(w("a–b–c")).toBeLessThan(w("aWbWc"));
  });

  it("carries our title (escaped, verbatim) instead of badge-maker's, as <title> and aria-label", () => {
    const title = `BouncerBench Input: F_m 0.592 · #1 (1–2) (top group) — A&B's "team" $& <x>, gpt-4.1`;
    const svg = badgeSvg({ label: "BouncerBench Input", message: "F_m 0.592 · #1 (1–2)", color: "#2e7d32", title });
    const escaped = title
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;");
    expect(svg).toContain(`<title>${escaped}</title>`);
    expect(svg).toContain(`aria-label="${escaped}"`);
    expect(svg.match(/<title>/g)).toHaveLength(1);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('fill="#2e7d32"');
  });
});
