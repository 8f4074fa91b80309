import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { hydrationAnswer, lightenPage } from "./light-page";
import { cachedResponse } from "./response-cache";

// the shape of a page Next.js renders: its script files, an inline turbopack chunk list, its
// payload's pushes, React's emptied streaming calls, and a script of the page's own
const page = (rows: string) =>
  [
    `<!DOCTYPE html><html><head><meta charset="utf-8">`,
    `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next">`,
    `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js">`,
    `<link rel="preload" as="image" href="/logo.svg">`,
    `<script src="/_next/static/chunks/runtime.js" async=""></script>`,
    `<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]});</script>`,
    `</head><body><table>${rows}</table>`,
    `<script>void 0</script>`,
    `<script src="/_next/static/chunks/main.js?v=1&amp;x=2" async></script>`,
    `<script src="https://example.org/elsewhere.js"></script>`,
    `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
    `<script>self.__next_f.push([1,"0:[\\"$\\",\\"table\\",null,{}]\\n"])</script>`,
    `<script>self.__next_f.push([1,"1:\\u003cscript\\u003e"])</script>`,
    `<script>window.own = 1</script>`,
    `</body></html>`,
  ].join("");

describe("lightenPage", () => {
  const html = page("<tr><td>row</td></tr>");
  const light = lightenPage(html)!;

  it("leaves Next's scripts out of the page and keeps everything else", () => {
    expect(light.html).toContain("<table><tr><td>row</td></tr></table>");
    expect(light.html).not.toContain("__next_f.push([");
    expect(light.html).not.toContain("/_next/static/chunks/runtime.js");
    expect(light.html).not.toContain("/_next/static/chunks/main.js");
    expect(light.html).not.toContain("void 0");
    // the stylesheet, other preloads, the chunk list, scripts from elsewhere and the page's own stay
    expect(light.html).toContain(`href="/_next/static/chunks/a.css"`);
    expect(light.html).toContain(`href="/logo.svg"`);
    expect(light.html).toContain(`id="_R_"`);
    expect(light.html).toContain("https://example.org/elsewhere.js");
    expect(light.html).toContain("window.own = 1");
    // the island, last in the body, names the render it belongs to
    expect(light.html).toMatch(
      new RegExp(`<script data-hydrate="${light.hydration.token}">[\\s\\S]+?</script></body></html>$`),
    );
  });

  it("keeps what it left out for the island: the script files in order, the pushes as written", () => {
    const h = JSON.parse(light.hydration.body.toString("utf8"));
    expect(h.scripts).toEqual(["/_next/static/chunks/runtime.js", "/_next/static/chunks/main.js?v=1&x=2"]);
    expect(h.flight).toEqual([[0], [1, '0:["$","table",null,{}]\n'], [1, "1:<script>"]]);
  });

  it("writes an island that parses as a script", () => {
    const island = /<script data-hydrate="[^"]+">([\s\S]+?)<\/script>/.exec(light.html)![1];
    expect(() => new Function(island)).not.toThrow();
  });

  it("names a render by its bytes: the same page, the same token; another board state, another", () => {
    expect(lightenPage(html)!.hydration.token).toBe(light.hydration.token);
    expect(lightenPage(page("<tr><td>other</td></tr>"))!.hydration.token).not.toBe(light.hydration.token);
  });

  it("leaves a page that is not Next's alone", () => {
    expect(lightenPage("<html><body><script>window.x = 1</script></body></html>")).toBeNull();
  });
});

describe("hydrationAnswer", () => {
  const { hydration } = lightenPage(page("<tr><td>row</td></tr>"))!;

  it("answers the render's own token with what was left out, compressed when asked", async () => {
    const plain = await hydrationAnswer(hydration, hydration.token, null);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(hydration.body)).toBe(true);
    const br = await hydrationAnswer(hydration, hydration.token, "gzip, br");
    // too short to be worth a copy here: the identity body
    expect(br.coding).toBeNull();
  });

  it("stores a compressed copy of a payload worth it, made once", async () => {
    const big = lightenPage(page(`<tr><td>${"row ".repeat(2000)}</td></tr>`.repeat(3)))!.hydration;
    const padded = {
      ...big,
      body: Buffer.from(big.body.toString().replace(`"flight":[`, `"flight":[[9,"${"x".repeat(5000)}"],`)),
    };
    const a = await hydrationAnswer(padded, padded.token, "gzip, deflate, br");
    expect(a.coding).toBe("br");
    expect(zlib.brotliDecompressSync(a.body).equals(padded.body)).toBe(true);
    const again = padded.encoded;
    await hydrationAnswer(padded, padded.token, "gzip");
    expect(padded.encoded).toBe(again);
  });

  it("refuses another render's token (the board moved on) and a page that is not light", async () => {
    expect((await hydrationAnswer(hydration, "x".repeat(22), null)).status).toBe(410);
    expect((await hydrationAnswer(undefined, hydration.token, null)).status).toBe(410);
  });
});

describe("a stored page is light", () => {
  it("keeps the light page, the island's hash in its policy, and the left-out scripts beside it", async () => {
    const html = page("<tr><td>stored</td></tr>");
    const { response } = await cachedResponse(
      `/light-test-${crypto.randomUUID()}`,
      { signature: "s1", pool: "details" },
      async () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    if (response instanceof Response) throw new Error("expected a stored response");
    const body = response.body.toString("utf8");
    expect(body).not.toContain("__next_f.push([");
    const island = /<script data-hydrate="([^"]+)">([\s\S]+?)<\/script>/.exec(body)!;
    const hash = `'sha256-${crypto.createHash("sha256").update(island[2], "utf8").digest("base64")}'`;
    expect(response.scripts).toContain(hash);
    expect(response.hydration?.token).toBe(island[1]);
    expect(JSON.parse(response.hydration!.body.toString()).scripts).toHaveLength(2);
  });
});
