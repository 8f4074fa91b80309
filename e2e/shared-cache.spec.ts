// A shared cache in front of the app (issue 36): Debian's nginx with proxy_cache, configured as
// docs/operations.md shows, answers anonymous board reads itself — the same bytes and headers for
// every visitor, a policy naming the nonce the page was rendered with — passes signed-in readers
// through, and shows a change within the documented bound (SHARED_MAX_AGE_S, then one revalidation).
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { SHARED_MAX_AGE_S } from "../lib/server/http/response-cache";
import { NGINX, startNginx } from "../scripts/nginx.mjs";
import { adminToken, bounceFile, createAccount, inputIds, PASSWORD, postForm, signIn, teamToken } from "./helpers";

const haveNginx = fs.existsSync(NGINX);
const base = E2E.baseURL;
let proxy = "";
let stop: (() => Promise<void>) | null = null;

test.describe("nginx with proxy_cache in front", () => {
  test.skip(!haveNginx && !process.env.E2E_REQUIRED, "Debian's nginx is not installed");

  // docs/operations.md's configuration (scripts/nginx.mjs), in front of the app under test
  test.beforeAll(async () => {
    const nginx = await startNginx(new URL(base).host);
    proxy = nginx.url;
    stop = nginx.stop;
  });
  test.afterAll(async () => stop?.());

  test("anonymous board reads are answered by nginx: the same bytes and headers, the render's nonce", async () => {
    for (const p of ["/tasks/bouncerbench/input?sort=date", "/api/v1/tasks/bouncerbench/input/leaderboard?limit=7"]) {
      const statuses: string[] = [];
      const bodies = new Set<string>();
      const policies = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${proxy}${p}`);
        expect(res.status, p).toBe(200);
        statuses.push(res.headers.get("x-cache-status") ?? "");
        bodies.add(await res.text());
        policies.add(res.headers.get("content-security-policy") ?? "");
        expect(res.headers.get("cache-control"), p).toContain(`s-maxage=${SHARED_MAX_AGE_S}`);
        // a whole answer nginx may buffer and keep (only pages rendered for one reader stream)
        expect(res.headers.get("x-accel-buffering"), p).toBeNull();
      }
      // the first fills nginx's cache, the next two never reach the app
      expect(statuses, p).toEqual(["MISS", "HIT", "HIT"]);
      expect(bodies.size, p).toBe(1);
      expect(policies.size, p).toBe(1);
      if (!p.startsWith("/api/")) {
        // the nonce the app rendered the page with, on every script of the page; no hash of anything in it
        const nonce = /script-src 'self' 'nonce-([A-Za-z0-9_-]{22})' 'strict-dynamic'/.exec([...policies][0])?.[1];
        expect(nonce, p).toBeTruthy();
        const onScripts = [...[...bodies][0].matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(onScripts), p).toEqual(new Set([nonce]));
        expect([...policies][0]).not.toContain("sha256");
      }
    }
  });

  test("a signed-in reader passes through, with a page of their own", async () => {
    const stamp = Date.now().toString(36);
    const email = `nginx-${stamp}@example.org`;
    await createAccount(email, `Nginx ${stamp}`);
    const { cookie } = await signIn(email, PASSWORD);
    expect(cookie).toMatch(/session-token=/);
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${proxy}/tasks/bouncerbench/input?sort=date`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get("x-cache-status")).toBe("BYPASS");
      expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
      expect(page.headers.get("content-security-policy")).toMatch(/'nonce-/);
      // streamed to the reader as it renders: the app tells nginx not to hold it back (nginx
      // reads the header and does not pass it on)
      const direct = await fetch(`${base}/tasks/bouncerbench/input?sort=date`, { headers: { cookie } });
      expect(direct.headers.get("x-accel-buffering")).toBe("no");
    }
  });

  test(`a change reaches readers through nginx within ${SHARED_MAX_AGE_S} s and one revalidation`, async () => {
    const board = `/api/v1/tasks/bouncerbench/input/leaderboard?view=all&sort=date`;
    // nginx holds the board now
    await fetch(`${proxy}${board}`);
    const filled = Date.now();
    expect((await fetch(`${proxy}${board}`)).headers.get("x-cache-status")).toBe("HIT");
    // a new public submission, uploaded straight to the app
    const stamp = Date.now().toString(36);
    const token = await teamToken(base, adminToken(), `nginx-${stamp}`);
    const model = `nginx-fresh-${stamp}`;
    const up = await postForm({
      base,
      headers: { authorization: `Bearer ${token}` },
      fields: { model },
      file: bounceFile(inputIds(), (i) => i % 3 === 0),
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const uploaded = Date.now();
    // the app shows it at once; nginx once its copy is SHARED_MAX_AGE_S old (then it revalidates)
    expect(JSON.stringify(await (await fetch(`${base}${board}`)).json())).toContain(model);
    let seen = 0;
    const statuses: string[] = [];
    while (!seen && Date.now() - uploaded < (SHARED_MAX_AGE_S + 20) * 1000) {
      const res = await fetch(`${proxy}${board}`);
      statuses.push(res.headers.get("x-cache-status") ?? "");
      if ((await res.text()).includes(model)) seen = Date.now();
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen, `statuses: ${statuses.join(" ")}`).toBeGreaterThan(0);
    const lag = (seen - filled) / 1000;
    console.log(
      `a change reached nginx's readers ${lag.toFixed(1)} s after nginx filled its copy (bound ${SHARED_MAX_AGE_S} s + one render)`,
    );
    // shown by the first request after the copy expired: a revalidation, not a stale copy
    expect(["EXPIRED", "REVALIDATED", "MISS"]).toContain(statuses[statuses.length - 1]);
    expect(statuses.slice(0, -1).every((s) => s === "HIT")).toBe(true);
  });
});
