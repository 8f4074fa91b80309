import { parseHTML } from "linkedom";

// A page readable without JavaScript. React streams a large Suspense boundary's content (the
// board's rows, a submission's tables) after the shell, in a hidden element (`<div hidden
// id="S:n">`), and an inline script (`$RC("B:n","S:n")`, `$RS("S:n","P:n")`) moves it into place.
// A reader without scripts — a crawler, an archive, `curl`, a browser with JavaScript off — saw
// nothing of it. For a page kept whole by the response cache, the server does those moves
// itself, once, when the page is stored: the document it sends is the one the scripts would have
// made, so hydration finds what it expects, and the calls are dropped from the scripts.
// linkedom gives the DOM the moves are written for (a fast, small, maintained DOM for servers).

const CALL = /\$R([SC])\("([A-Za-z]:[0-9a-z]+)","([A-Za-z]:[0-9a-z]+)"\)/g;

type Doc = ReturnType<typeof parseHTML>["document"];
type El = NonNullable<ReturnType<Doc["getElementById"]>>;

/** `$RS(s, p)`: the segment's children take the placeholder's place. */
function placeSegment(doc: Doc, segment: string, placeholder: string): boolean {
  const s = doc.getElementById(segment);
  const p = doc.getElementById(placeholder);
  if (!s || !p || !p.parentNode) return false;
  // a segment inside a table comes wrapped (`<table hidden><tbody id="S:n">`): the wrapper goes too
  const wrapper = s.parentNode && (s.parentNode as El).tagName === "TABLE" ? (s.parentNode as El) : s;
  wrapper.remove();
  while (s.firstChild) p.parentNode.insertBefore(s.firstChild, p);
  p.remove();
  return true;
}

/**
 * `$RC(b, s)` as React's `$RV` reveals it: the fallback between the boundary's `<!--$?-->` and its
 * `<!--/$-->` goes, the content takes its place, and the opening comment becomes `<!--$-->`.
 */
function completeBoundary(doc: Doc, boundary: string, segment: string): boolean {
  const b = doc.getElementById(boundary);
  const s = doc.getElementById(segment);
  if (!b || !s) return false;
  const start = b.previousSibling as { nodeType: number; data: string } | null;
  const parent = b.parentNode;
  if (!parent || !start || start.nodeType !== 8 || start.data !== "$?") return false;
  s.remove();
  // remove the template and the fallback up to the matching end comment
  let node: ChildNode | null = b as unknown as ChildNode;
  let depth = 0;
  while (node) {
    if (node.nodeType === 8) {
      const d = (node as unknown as { data: string }).data;
      if (d === "/$" || d === "/&") {
        if (depth === 0) break;
        depth--;
      } else if (["$", "$?", "$~", "$!", "&"].includes(d)) depth++;
    }
    const next: ChildNode | null = node.nextSibling;
    node.remove();
    node = next;
  }
  while (s.firstChild) parent.insertBefore(s.firstChild, node);
  start.data = "$";
  return true;
}

/**
 * The page with every streamed boundary and segment moved into place, and their calls removed
 * from the inline scripts; unchanged when it has none, or when any move fails (a page React
 * rendered in a way this does not know is sent as React made it).
 */
export function inlineStreamedBoundaries(html: string): string {
  const calls = [...html.matchAll(CALL)].map((m) => ({ kind: m[1], a: m[2], b: m[3] }));
  if (!calls.length || !html.startsWith("<!DOCTYPE html>")) return html;
  const { document } = parseHTML(html);
  for (const c of calls) {
    const ok = c.kind === "S" ? placeSegment(document, c.a, c.b) : completeBoundary(document, c.a, c.b);
    if (!ok) return html;
  }
  for (const script of document.querySelectorAll("script")) {
    const text = script.textContent ?? "";
    if (CALL.test(text)) script.textContent = text.replace(CALL, "void 0");
    CALL.lastIndex = 0;
  }
  return `<!DOCTYPE html>${document.documentElement.outerHTML}`;
}
