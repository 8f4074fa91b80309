// A shared cache in front of the app (issue 36): Debian's nginx with proxy_cache, configured as
// docs/operations.md shows, answers anonymous board reads itself — the same bytes and headers for
// every visitor, a policy naming the page's inline scripts' hashes — passes signed-in readers
// through, and shows a change within the documented bound (SHARED_MAX_AGE_S, then one revalidation).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { SHARED_MAX_AGE_S } from "../lib/server/http/response-cache";
import { bounceFile, createAccount, inputIds, PASSWORD, postForm, signIn } from "./helpers";

const NGINX = "/usr/sbin/nginx";
const haveNginx = fs.existsSync(NGINX);
const base = E2E.baseURL;
let proxy = "";
let nginx: ChildProcess | null = null;
let dir = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** docs/operations.md's configuration, with this test's ports and folders. */
export function nginxConfig(o: { dir: string; listen: number; upstream: string }): string {
  return `worker_processes 1;
error_log ${o.dir}/error.log warn;
pid ${o.dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${o.dir}/body;
  proxy_temp_path ${o.dir}/proxy;
  fastcgi_temp_path ${o.dir}/fastcgi;
  uwsgi_temp_path ${o.dir}/uwsgi;
  scgi_temp_path ${o.dir}/scgi;
  proxy_cache_path ${o.dir}/cache keys_zone=boards:10m max_size=1g inactive=10m use_temp_path=off;
  # a signed-in reader (a session cookie) or an API token: never answered from, nor kept in, the cache
  map $http_cookie $session_cookie { default ""; "~*next-auth\\.session-token=" 1; }
  upstream app { server ${o.upstream}; keepalive 16; }
  server {
    listen 127.0.0.1:${o.listen};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_cache boards;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale error timeout updating http_502 http_503;
      proxy_cache_bypass $session_cookie $http_authorization;
      proxy_no_cache $session_cookie $http_authorization;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

test.describe("nginx with proxy_cache in front", () => {
  test.skip(!haveNginx && !process.env.E2E_REQUIRED, "Debian's nginx is not installed");

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-nginx-"));
    fs.chmodSync(dir, 0o777); // nginx's workers run as nobody when started as root
    const port = await freePort();
    fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig({ dir, listen: port, upstream: new URL(base).host }));
    const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    proxy = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${proxy}/api/v1/health`).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("nginx did not start");
  });
  test.afterAll(async () => {
    nginx?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("anonymous board reads are answered by nginx: the same bytes and headers, a hash-based policy", async () => {
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
      }
      // the first fills nginx's cache, the next two never reach the app
      expect(statuses, p).toEqual(["MISS", "HIT", "HIT"]);
      expect(bodies.size, p).toBe(1);
      expect(policies.size, p).toBe(1);
      if (!p.startsWith("/api/")) expect([...policies][0]).toMatch(/script-src 'self' 'sha256-/);
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
    const t = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/cli.ts", "token", "create", "--team", `nginx-${stamp}`],
      {
        encoding: "utf8",
        env: { ...process.env, LEADERBOARD_URL: base, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: "" },
      },
    );
    expect(t.status, t.stderr).toBe(0);
    const model = `nginx-fresh-${stamp}`;
    const up = await postForm({
      base,
      headers: { authorization: `Bearer ${t.stdout.trim()}` },
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
