import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME } from "@/lib/server/auth";
import { fastRead } from "./fast-read";
import { cachedResponse } from "./response-cache";

// The fast path answers a visitor's read the cache holds fresh, on Node's own request, with the
// headers and bytes the proxy would send; it declines everything else (the request then goes on
// to Next.js: here, a 599). `/docs/api` is kept under the build's signature: no database needed.
const page = `<!DOCTYPE html><html><head></head><body><main>${"the API reference ".repeat(200)}</main><script>window.own = 1</script></body></html>`;
let server: http.Server;
let base = "";

beforeAll(async () => {
  await cachedResponse(
    "/docs/api",
    { signature: "build", pool: "details" },
    async () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8", vary: "rsc" } }),
  );
  server = http.createServer((req, res) => {
    void fastRead(req, res).then((answered) => {
      if (!answered) res.writeHead(599).end("the long way");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("fastRead", () => {
  it("answers a stored page at once: its bytes, its ETag, a policy naming its scripts' hashes", async () => {
    const res = await fetch(`${base}/docs/api?utm_source=x`, { headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(page);
    expect(res.headers.get("x-leaderboard-cache")).toBe("hit");
    expect(res.headers.get("etag")).toMatch(/^W\/"/);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("vary")).toBe("rsc, Accept-Encoding");
    // revalidation: a 304 with no body
    const again = await fetch(`${base}/docs/api`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("sends the stored brotli copy as Content-Encoding when the reader accepts it", async () => {
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/docs/api`, { headers: { "accept-encoding": "gzip, br" } }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        })
        .on("error", reject);
    });
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(raw.headers["x-leaderboard-content-encoding"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(raw.body).toString("utf8")).toBe(page);
  });

  it("declines what it does not hold or may not answer: the request goes on, untouched", async () => {
    const longWay = async (path: string, init: RequestInit = {}) => (await fetch(`${base}${path}`, init)).status;
    expect(await longWay("/docs/api", { method: "POST", body: "x" })).toBe(599);
    expect(await longWay("/docs/api", { headers: { cookie: `${SESSION_COOKIE_NAME}=abc` } })).toBe(599);
    expect(await longWay("/docs/api", { headers: { authorization: "Bearer t" } })).toBe(599);
    expect(await longWay("/docs/api", { headers: { rsc: "1" } })).toBe(599);
    expect(await longWay("/docs/api?_hydrate=abc")).toBe(599);
    expect(await longWay("/api/v1/health")).toBe(599);
    expect(await longWay("/submit")).toBe(599);
  });
});
