// A badge's SVG, drawn by shields.io's own `badge-maker` (flat style): it measures each half's
// text with Verdana 11 px advance widths for every character it knows (anafanafo) — "·", "–",
// accented and non-Latin names included — and pins the text to that width (textLength), so no
// text spills out of its half whatever font the reader has. Only ./badges.ts imports this.
import { makeBadge } from "badge-maker";

export interface BadgeText {
  label: string;
  message: string;
  /** the message half's colour (#rrggbb) */
  color: string;
  /** what the badge says, for its <title> and aria-label */
  title: string;
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** The SVG of a badge: badge-maker's flat badge, with our title (badge-maker's is "label: message"). */
export function badgeSvg(b: BadgeText): string {
  const svg = makeBadge({ label: b.label, message: b.message, color: b.color, style: "flat" }).trim();
  const title = xml(b.title);
  // (replacer functions: a name with "$&" in it is text, not a pattern)
  return svg
    .replace(/ aria-label="[^"]*"/, () => ` aria-label="${title}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
}
