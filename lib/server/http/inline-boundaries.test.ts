import { createElement, Suspense } from "react";
import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inlineStreamedBoundaries } from "./inline-boundaries";

const h = createElement;

/** A page whose large boundaries React outlines (streams after the shell), one with a table whose rows come later. */
function Page({ rows }: { rows: Promise<string[]> }) {
  return h(
    "html",
    { lang: "en" },
    h(
      "body",
      null,
      h("h1", null, "Board"),
      h(Suspense, { fallback: h("p", null, "loading rows") }, h(Rows, { rows })),
      h(Suspense, { fallback: null }, h("p", null, "cite ".repeat(3000))),
      h("footer", null, "the end"),
    ),
  );
}
async function Rows({ rows }: { rows: Promise<string[]> }) {
  const list = await rows;
  return h("table", null, h("tbody", null, ...list.map((r) => h("tr", { key: r }, h("td", null, r)))));
}

async function render(): Promise<string> {
  let resolve!: (r: string[]) => void;
  const rows = new Promise<string[]>((r) => (resolve = r));
  const stream = await renderToReadableStream(h(Page, { rows }), { progressiveChunkSize: 1000 });
  setTimeout(() => resolve(Array.from({ length: 200 }, (_, i) => `row-${i}`)), 10);
  await stream.allReady;
  return new Response(stream).text();
}

describe("inlineStreamedBoundaries", () => {
  it("puts React's streamed content where its scripts would, drops the calls, and keeps everything else", async () => {
    const html = await render();
    // as React sends it: the rows in a hidden element after the footer, moved by a script
    expect(html).toMatch(/<div hidden id="S:\d+">/);
    expect(html.indexOf("row-0")).toBeGreaterThan(html.indexOf("the end"));
    expect(html).toMatch(/\$RC\("B:\d+","S:\d+"\)/);
    const out = inlineStreamedBoundaries(html);
    expect(out.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(out).not.toMatch(/id="[SBP]:\d+"/);
    expect(out).not.toMatch(/\$R[SC]\("/);
    expect(out).not.toContain("loading rows");
    // in document order, between the heading and the footer, each boundary marked complete
    const at = (s: string) => out.indexOf(s);
    expect(at("Board")).toBeLessThan(at("row-0"));
    expect(at("row-199")).toBeLessThan(at("cite cite"));
    expect(at("cite cite")).toBeLessThan(at("the end"));
    expect(out.match(/<!--\$-->/g)?.length).toBeGreaterThanOrEqual(2);
    expect(out).not.toContain("<!--$?-->");
    expect(out.match(/<tr>/g)).toHaveLength(200);
  });
  it("leaves a page without streamed parts, or one it cannot follow, as it is", () => {
    const plain = "<!DOCTYPE html><html><body><p>x</p></body></html>";
    expect(inlineStreamedBoundaries(plain)).toBe(plain);
    const broken = '<!DOCTYPE html><html><body><script>$RC("B:0","S:0")</script></body></html>';
    expect(inlineStreamedBoundaries(broken)).toBe(broken);
  });
});
