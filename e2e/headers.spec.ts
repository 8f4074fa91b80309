// Browser security headers on every route of the route list (test/authz/rules.ts, which a test
// keeps complete): pages with a nonce-only script policy (a fresh nonce per response; for pages
// answered from the response cache, the nonce the app rendered the entry with — the same bytes
// for every visitor of a board state) — everything else with a policy under which nothing runs; nosniff,
// no framing, a referrer and a permissions policy everywhere; HSTS over HTTPS; and anything
// about a private submission kept out of shared caches.
import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { RULES, type World } from "../test/authz/rules";
import { createAccount, memberFixtures, PASSWORD, signIn } from "./helpers";

const base = E2E.baseURL;
const world = {} as World;
let cookie = "";

test.beforeAll(async () => {
  const stamp = Date.now().toString(36);
  const email = `headers-${stamp}@example.org`;
  await createAccount(email, `Headers ${stamp}`);
  cookie = (await signIn(email, PASSWORD)).cookie;
  expect(cookie).toMatch(/session-token=/);
  const me = (await (await fetch(`${base}/api/v1/me`, { headers: { cookie } })).json()) as { team: string };
  world.teamA = me.team;
  world.teamC = me.team;
  world.memberOfA = "00000000-0000-4000-8000-000000000001";
  Object.assign(world, await memberFixtures(cookie, `headers-private-${stamp}`));
  // ids nothing here needs to exist for: their routes answer 404, with the same headers
  world.jobA = world.adminJob = world.draftId = "00000000-0000-4000-8000-000000000000";
  world.draftVersion = "no-such-draft";
  world.inviteC = "no-such-invitation";
});

function scriptSrc(csp: string): string {
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? ""
  );
}

function checkCommon(res: Response, what: string) {
  const h = res.headers;
  expect(h.get("x-content-type-options"), what).toBe("nosniff");
  expect(h.get("x-frame-options"), what).toBe("DENY");
  expect(h.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(h.get("permissions-policy"), what).toMatch(/camera=\(\)/);
  const csp = h.get("content-security-policy") ?? "";
  expect(csp, what).toContain("frame-ancestors 'none'");
  if ((h.get("content-type") ?? "").startsWith("text/html")) {
    // scripts by the app's nonce only: never a hash of anything in the page; no eval
    expect(scriptSrc(csp), what).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9_-]{22}' 'strict-dynamic'$/);
    expect(scriptSrc(csp), what).not.toContain("'unsafe-inline'");
    expect(scriptSrc(csp), what).not.toContain("'unsafe-eval'");
    expect(csp, what).toContain("object-src 'none'");
  } else {
    expect(csp, what).toContain("default-src 'none'");
  }
  expect(h.get("strict-transport-security"), `${what}: no HSTS over plain HTTP`).toBeNull();
}

test("every route of the route list answers with the security headers", async () => {
  const seen: string[] = [];
  for (const [i, rule] of RULES.entries()) {
    const [verb] = rule.key.split(" ");
    const method = verb === "PAGE" ? "GET" : verb;
    const call = rule.call(world, "memberA", i);
    // reads as a signed-in member; writes as a stranger (refused: nothing changes)
    const signedIn = method === "GET";
    let body: BodyInit | undefined;
    const headers: Record<string, string> = { origin: base };
    if (signedIn) headers.cookie = cookie;
    if (method !== "GET" && call.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(call.json);
    } else if (method !== "GET" && call.multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(call.multipart.fields)) fd.set(k, v);
      if (call.multipart.file) fd.set("file", new Blob([call.multipart.file.text]), call.multipart.file.name);
      body = fd;
    }
    const res = await fetch(`${base}${call.path}`, { method, headers, body, redirect: "manual" });
    await res.arrayBuffer();
    checkCommon(res, `${rule.key} ${call.path} → ${res.status}`);
    seen.push(rule.key);
  }
  // and what is not a route of the app: Next.js's files, public files, unknown paths
  const html = await (await fetch(`${base}/`)).text();
  const asset = /\/_next\/static\/[^"]+\.(?:js|css)/.exec(html)![0];
  for (const p of [asset, "/favicon.svg", "/manifest.webmanifest", "/no/such/page"]) {
    const res = await fetch(`${base}${p}`);
    await res.arrayBuffer();
    checkCommon(res, p);
  }
  expect(seen.length).toBe(RULES.length);
});

test("an uncached page's nonce is new in every response; a cached page is the same bytes and policy for every visitor, naming the nonce it was rendered with", async ({
  page,
}) => {
  // signed in: rendered for the reader, a fresh nonce each time, the one on the page's scripts
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${base}/tasks/bouncerbench/input`, { headers: { cookie } });
    const html = await res.text();
    const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(res.headers.get("content-security-policy") ?? "")![1];
    nonces.add(nonce);
    const onScripts = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
    expect(onScripts.length).toBeGreaterThan(0);
    expect(new Set(onScripts)).toEqual(new Set([nonce]));
    expect(res.headers.get("cache-control")).toMatch(/private|no-store/);
  }
  expect(nonces.size).toBe(3);
  // visitors: the board, a submission's page and the API reference are cached — one body, one
  // policy, whose nonce is the one on every script of the page (and differs from page to page)
  const cachedNonces = new Set<string>();
  for (const path of ["/tasks/bouncerbench/input", `/submissions/${world.pub}`, "/docs/api", "/"]) {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}${path}`);
      const html = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).not.toContain("sha256");
      const nonce = /'nonce-([A-Za-z0-9_-]{22})'/.exec(csp)![1];
      cachedNonces.add(nonce);
      const onScripts = [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
      expect(onScripts.length, path).toBeGreaterThan(0);
      expect(new Set(onScripts), path).toEqual(new Set([nonce]));
      seen.add(`${csp}\n${html}`);
      expect(res.headers.get("cache-control"), path).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      if (i === 2) expect(res.headers.get("x-leaderboard-cache"), path).toBe("hit");
    }
    expect(seen.size, path).toBe(1);
  }
  expect(cachedNonces.size).toBe(4);
  // in Chromium: the policy blocks nothing the app needs (the pages hydrate and work)
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
  });
  const hydrated = async () => {
    await page.waitForLoadState("load");
    await page.waitForFunction(() => typeof (window as unknown as { next?: unknown }).next === "object");
  };
  for (const p of ["/", "/tasks/bouncerbench/input", `/submissions/${world.pub}`]) {
    await page.goto(p);
    await hydrated();
  }
  expect(violations).toEqual([]);
  // a script injected into the markup (what stored XSS would be) does not run: the page as the
  // server sent it, headers included, with one inline script added
  await page.route(`${base}/`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", "<script>window.__injected = true</script></body>");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/");
  await hydrated();
  const ran = await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true);
  expect(violations.some((v) => /inline script/i.test(v))).toBe(true);
  expect(ran).toBe(false);
});

test("HSTS over HTTPS only (behind a proxy that says so)", async () => {
  for (const p of ["/", "/api/v1/benchmarks", "/tasks/bouncerbench/input"]) {
    const res = await fetch(`${base}${p}`, { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security"), p).toMatch(/max-age=\d{7,}/);
  }
});

test("anything about a private submission is Cache-Control: private, no-store", async () => {
  for (const p of [
    `/submissions/${world.privA}`,
    `/api/v1/submissions/${world.privA}`,
    `/api/v1/submissions/${world.privA}/instances`,
    `/og/submissions/${world.privA}`,
    `/og/submissions/${world.privA}?v=x`,
    `/badges/tasks/bouncerbench/input/submissions/${world.privA}.svg`,
  ]) {
    const res = await fetch(`${base}${p}`, { headers: { cookie } });
    expect(res.status, p).toBe(200);
    const cc = res.headers.get("cache-control") ?? "";
    expect(cc, p).toContain("private");
    expect(cc, p).toContain("no-store");
  }
  // a public submission's preview may be cached by anyone
  expect((await fetch(`${base}/og/submissions/${world.pub}`)).headers.get("cache-control")).toMatch(/public/);
  // ... briefly: a badge leaves shared caches within 90 s of a withdrawal
  expect(
    (await fetch(`${base}/badges/tasks/bouncerbench/input/submissions/${world.pub}.svg`)).headers.get("cache-control"),
  ).toBe("public, max-age=60, stale-while-revalidate=30");
});

/** A GET with exactly these headers, the body as sent (no decoding). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

test("a cached answer is sent as the reader's accepted coding, from copies stored with it: the same bytes every time, decoding to the identity body", async () => {
  for (const path of ["/tasks/bouncerbench/input", "/api/v1/tasks/bouncerbench/input/leaderboard"]) {
    await rawGet(path, {}); // fills the entry
    const plain = await rawGet(path, { "accept-encoding": "identity" });
    expect(plain.headers["x-leaderboard-cache"], path).toBe("hit");
    expect(plain.headers["content-encoding"], path).toBeUndefined();
    expect(plain.headers.vary, path).toMatch(/accept-encoding/i);
    const decoders = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [accept, coding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const a = await rawGet(path, { "accept-encoding": accept });
      const b = await rawGet(path, { "accept-encoding": accept });
      expect(a.headers["content-encoding"], `${path} ${accept}`).toBe(coding);
      expect(a.headers.etag, path).toBe(plain.headers.etag);
      expect(a.headers.vary, path).toMatch(/accept-encoding/i);
      // encoded once, when stored (a per-request compression could differ; a second one would not decode)
      expect(b.body.equals(a.body), `${path} ${accept}`).toBe(true);
      expect(decoders[coding](a.body).equals(plain.body), `${path} ${accept}`).toBe(true);
      expect(a.body.length, path).toBeLessThan(plain.body.length / 2);
    }
    // a revalidation is a 304 whatever the coding
    const again = await rawGet(path, { "accept-encoding": "br", "if-none-match": String(plain.headers.etag) });
    expect(again.status, path).toBe(304);
    expect(again.body.length, path).toBe(0);
  }
});

test("a cached read has the headers and bytes of the miss that stored it", async () => {
  // the front door answers the second read of a URL from the entry the first stored
  const varying = new Set(["date", "x-leaderboard-cache", "connection", "keep-alive", "transfer-encoding"]);
  const seen = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const kept = [...res.headers].filter(([k]) => !varying.has(k));
    return { status: res.status, cache: res.headers.get("x-leaderboard-cache"), headers: kept, body };
  };
  // (a hydrated page's router asks for the page's payload: an entry of its own)
  const tree = encodeURIComponent('["",{}]');
  const router = { rsc: "1", "next-router-state-tree": tree };
  // (its `_rsc` is the router's: any value names a payload)
  const busting = "headers1";
  for (const [path, asks] of [
    ["/api/v1/tasks/bouncerbench/input/leaderboard?limit=7", {}],
    ["/tasks/bouncerbench/input?limit=7", {}],
    [`/tasks/bouncerbench/input?limit=7&_rsc=${busting}`, router],
    [`/submissions/${world.pub}?outcome=wrongly_bounced`, {}],
    // a README badge and a preview image: their own lifetimes kept (a minute; a versioned image's year)
    [`/badges/tasks/bouncerbench/input/submissions/${world.pub}.svg`, {}],
    ["/og/tasks/bouncerbench/input?v=headers", {}],
  ] as [string, Record<string, string>][])
    for (const encoding of [{}, { "accept-encoding": "gzip, deflate, br" }] as Record<string, string>[]) {
      const first = await seen(path, { ...asks, ...encoding });
      const second = await seen(path, { ...asks, ...encoding });
      expect(second.cache, path).toBe("hit");
      expect(second.status, path).toBe(200);
      expect(second.headers, path).toEqual(first.headers);
      expect(second.body.equals(first.body), path).toBe(true);
    }
});
