// What an operator scrapes and probes (docs/operations.md, "Metrics and probes"): the response
// cache's hits, misses and bypasses by ROUTES entry (through the real front door), API latency by
// the route pattern Next.js routes by, every request of the HTTP server by route pattern, render errors
// logged with the request id, a worker's own job metrics on a port of its own, and liveness and
// readiness probes — liveness never touching the database, readiness failing without it.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EventEmitter } from "node:events";
import type { WorkerEvents } from "graphile-worker";
import { frontDoor } from "@/lib/server/http/front-door";
import { onRequestError } from "@/instrumentation";
import { GET as liveRoute } from "@/app/api/v1/health/live/route";
import { GET as readyRoute } from "@/app/api/v1/health/ready/route";
import { GET as teamRoute } from "@/app/api/v1/teams/[slug]/route";
import { FILL_HEADER, route } from "@/lib/server/http";
import {
  instrumentJobs,
  log,
  metrics,
  observeHttpServer,
  serveMetrics,
  serverRouteOf,
} from "@/lib/server/observability";
import { markDatabaseUp, openDatabase, setDatabase, type Database } from "@/lib/server/db";
import { ensureTeam } from "@/lib/server/auth";
import { createTestDatabase } from "../helpers/db";
import { ctx, getRequest } from "../helpers/requests";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

/** A sample of a counter or histogram (`suffix` "_count" / "_sum" for histograms), 0 when absent. */
async function sample(name: string, labels: Record<string, string>, suffix = ""): Promise<number> {
  const metric = metrics().registry.getSingleMetric(name);
  if (!metric) return 0;
  const { values } = await metric.get();
  const hit = values.find(
    (v) =>
      ((v as { metricName?: string }).metricName ?? name) === name + suffix &&
      Object.entries(labels).every(([k, x]) => String(v.labels[k]) === x),
  );
  return hit?.value ?? 0;
}

/**
 * Runs `fn` with a build's routes manifest in place (.next/routes-manifest.json, as `next build`
 * writes it): the table Next.js routes by, which route() labels a handler's requests from.
 */
async function withRoutesManifest<T>(routes: { page: string; regex: string }[], fn: () => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-routes-"));
  fs.mkdirSync(path.join(dir, ".next"));
  fs.writeFileSync(path.join(dir, ".next", "routes-manifest.json"), JSON.stringify({ dynamicRoutes: routes }));
  const cwd = process.cwd();
  const g = globalThis as { __httpServerMetrics?: unknown };
  const kept = g.__httpServerMetrics;
  process.chdir(dir);
  g.__httpServerMetrics = undefined;
  try {
    return await fn();
  } finally {
    process.chdir(cwd);
    g.__httpServerMetrics = kept;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("response cache metrics (the front door)", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // the front door over a stand-in for Next.js: a page with the nonce its policy names
    server = http.createServer();
    const door = frontDoor({
      handle: async (req, res) => {
        const nonce = /'nonce-([^']+)'/.exec(String(req.headers["content-security-policy"] ?? ""))?.[1] ?? "";
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><html><body><script nonce="${nonce}"></script>API docs</body></html>`);
      },
      port: () => (server.address() as AddressInfo).port,
      csp: {},
      hops: 0,
    });
    server.on("request", (req, res) => void door(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("counts a page's miss, then its hit, labelled by its ROUTES entry, and times both", async () => {
    const name = "/docs/api";
    const before = {
      miss: await sample("response_cache_requests_total", { route: name, result: "miss" }),
      hit: await sample("response_cache_requests_total", { route: name, result: "hit" }),
      hitTimed: await sample("response_cache_duration_seconds", { route: name, result: "hit" }, "_count"),
      missTimed: await sample("response_cache_duration_seconds", { route: name, result: "miss" }, "_count"),
    };
    const first = await fetch(`${base}/docs/api?utm_source=x`);
    expect(first.headers.get("x-leaderboard-cache")).toBe("miss");
    expect(await first.text()).toContain("API docs");
    const second = await fetch(`${base}/docs/api`);
    expect(second.headers.get("x-leaderboard-cache")).toBe("hit");
    await second.text();
    expect(await sample("response_cache_requests_total", { route: name, result: "miss" })).toBe(before.miss + 1);
    expect(await sample("response_cache_requests_total", { route: name, result: "hit" })).toBe(before.hit + 1);
    expect(await sample("response_cache_duration_seconds", { route: name, result: "miss" }, "_count")).toBe(
      before.missTimed + 1,
    );
    expect(await sample("response_cache_duration_seconds", { route: name, result: "hit" }, "_count")).toBe(
      before.hitTimed + 1,
    );
    const text = await metrics().registry.getSingleMetricAsString("response_cache_requests_total");
    expect(text).toMatch(/response_cache_requests_total\{route="\/docs\/api",result="hit"\} \d+/);
  });

  it("counts a bypass — a signed-in reader, an unknown task — under the route pattern, never the path", async () => {
    const board = "/tasks/[benchmark]/[task]";
    const before = {
      docs: await sample("response_cache_requests_total", { route: "/docs/api", result: "bypass" }),
      board: await sample("response_cache_requests_total", { route: board, result: "bypass" }),
    };
    const signedIn = await fetch(`${base}/docs/api`, { headers: { cookie: "next-auth.session-token=abc" } });
    await signedIn.text();
    expect(signedIn.headers.get("x-leaderboard-cache")).toBeNull();
    // the pass-through names its request id on the answer
    expect(signedIn.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await (await fetch(`${base}/tasks/no-such/board-1`)).text();
    expect(await sample("response_cache_requests_total", { route: "/docs/api", result: "bypass" })).toBe(
      before.docs + 1,
    );
    expect(await sample("response_cache_requests_total", { route: board, result: "bypass" })).toBe(before.board + 1);
    const text = await metrics().registry.getSingleMetricAsString("response_cache_requests_total");
    expect(text).not.toContain("no-such");
    // a forged fill header is a reader's request like any other (only this process's secret marks its own)
    await (await fetch(`${base}/tasks/no-such/board-2`, { headers: { [FILL_HEADER]: "1" } })).text();
    expect(await sample("response_cache_requests_total", { route: board, result: "bypass" })).toBe(before.board + 2);
  });
});

describe("API latency by route pattern (route())", () => {
  it("labels a handler's requests with the route Next.js matched, not the path", async () => {
    const team = await ensureTeam(db.prisma, "Pattern Team");
    const labels = { method: "GET", route: "/api/v1/teams/[slug]", status: "200" };
    const before = await sample("http_request_duration_seconds", labels, "_count");
    const res = await withRoutesManifest(
      [{ page: "/api/v1/teams/[slug]", regex: "^/api/v1/teams/([^/]+?)(?:/)?$" }],
      () => teamRoute(getRequest(`/api/v1/teams/${team.slug}`), ctx({ slug: team.slug })),
    );
    expect(res.status).toBe(200);
    expect(await sample("http_request_duration_seconds", labels, "_count")).toBe(before + 1);
    const text = await metrics().registry.getSingleMetricAsString("http_request_duration_seconds");
    expect(text).not.toContain(team.slug);
  });

  it("a route may name its pattern itself; outside Next.js the path's ids are folded", async () => {
    const named = route({ access: "public", name: "/api/v1/things/[id]" }, async () => Response.json({}));
    await named(getRequest("/api/v1/things/42"), ctx({}));
    expect(
      await sample("http_request_duration_seconds", { route: "/api/v1/things/[id]", method: "GET" }, "_count"),
    ).toBeGreaterThan(0);
    const plain = route({ access: "public" }, async () => Response.json({}));
    await plain(getRequest("/api/v1/things/3f0c1a2b-1111-4222-8333-444455556666"), ctx({}));
    expect(
      await sample("http_request_duration_seconds", { route: "/api/v1/things/:id", method: "GET" }, "_count"),
    ).toBeGreaterThan(0);
  });
});

describe("every request of the HTTP server (instrumentation.ts)", () => {
  it("times pages, files and unknown paths by route pattern; the cache's own renders are not counted", async () => {
    observeHttpServer((p) => (p.startsWith("/tasks/") ? "/tasks/[benchmark]/[task]" : null));
    const server = http.createServer((req, res) => {
      res.writeHead(req.url?.startsWith("/nope") ? 404 : 200).end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const count = (route: string, status = "200") =>
      sample("http_server_request_duration_seconds", { method: "GET", route, status }, "_count");
    const before = {
      board: await count("/tasks/[benchmark]/[task]"),
      files: await count("/_next/static"),
      none: await count("unmatched", "404"),
    };
    await (await fetch(`${base}/tasks/bouncerbench/input?view=all`)).text();
    await (await fetch(`${base}/tasks/bouncerbench/input`, { headers: { [FILL_HEADER]: "1" } })).text();
    await (await fetch(`${base}/_next/static/chunks/app.js`)).text();
    await (await fetch(`${base}/nope/wp-login.php`)).text();
    await new Promise((r) => server.close(r));
    expect(await count("/tasks/[benchmark]/[task]")).toBe(before.board + 1);
    expect(await count("/_next/static")).toBe(before.files + 1);
    expect(await count("unmatched", "404")).toBe(before.none + 1);
    expect(serverRouteOf("/_next/image")).toBe("/_next/image");
  });
});

describe("render errors (instrumentation.ts onRequestError)", () => {
  it("are logged with the request id the front door gave the request, and counted by route pattern", async () => {
    const runtime = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = "nodejs";
    const spy = vi.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      const labels = { route: "/tasks/[benchmark]/[task]", type: "render" };
      const before = await sample("request_errors_total", labels);
      const err = Object.assign(new Error("render failed"), { digest: "12345" });
      await onRequestError(
        err,
        { path: "/tasks/a/b", method: "GET", headers: { "x-request-id": "0b7c1d2e-0000-4000-8000-000000000001" } },
        {
          routerKind: "App Router",
          routePath: "/tasks/[benchmark]/[task]",
          routeType: "render",
          revalidateReason: undefined,
        },
      );
      expect(spy).toHaveBeenCalledWith(
        expect.objectContaining({
          err,
          requestId: "0b7c1d2e-0000-4000-8000-000000000001",
          route: "/tasks/[benchmark]/[task]",
          digest: "12345",
        }),
        "request failed",
      );
      expect(await sample("request_errors_total", labels)).toBe(before + 1);
      // a malformed id is not repeated into the log
      await onRequestError(
        err,
        { path: "/", method: "GET", headers: { "x-request-id": "<script>" } },
        { routerKind: "App Router", routePath: "/", routeType: "render", revalidateReason: undefined },
      );
      expect(spy.mock.calls.at(-1)?.[0]).toMatchObject({ requestId: null });
    } finally {
      spy.mockRestore();
      process.env.NEXT_RUNTIME = runtime;
      if (runtime === undefined) delete process.env.NEXT_RUNTIME;
    }
  });
});

describe("a worker's own metrics", () => {
  it("counts and times its jobs by task and outcome, on GET /metrics of its own port", async () => {
    const events = new EventEmitter() as unknown as WorkerEvents;
    instrumentJobs(events);
    instrumentJobs(events); // once per emitter
    const worker = { workerId: "w1" };
    const job = (id: string, attempts: number) => ({
      id,
      task_identifier: "metrics-test",
      attempts,
      max_attempts: 3,
    });
    const emit = (name: string, j: object) => (events as unknown as EventEmitter).emit(name, { worker, job: j });
    emit("job:start", job("1", 1));
    emit("job:success", job("1", 1));
    emit("job:start", job("2", 1));
    emit("job:error", job("2", 1));
    emit("job:start", job("3", 3));
    emit("job:error", job("3", 3));
    emit("job:start", job("4", 1)); // still running
    const server = await serveMetrics({ port: 0, token: "worker-scraper-0123456789" });
    expect(server).not.toBeNull();
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: "Bearer worker-scraper-0123456789" } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/worker_jobs_total\{task="metrics-test",outcome="success"\} 1/);
      expect(text).toMatch(/worker_jobs_total\{task="metrics-test",outcome="retry"\} 1/);
      expect(text).toMatch(/worker_jobs_total\{task="metrics-test",outcome="failed"\} 1/);
      expect(text).toMatch(/worker_job_duration_seconds_count\{task="metrics-test",outcome="success"\} 1/);
      expect(text).toMatch(/worker_jobs_running\{task="metrics-test"\} 1/);
      expect((await fetch(url.replace("/metrics", "/other"))).status).toBe(404);
    } finally {
      await new Promise((r) => server!.close(r));
    }
    // no token: loopback only
    expect(await serveMetrics({ port: 0, host: "0.0.0.0" })).toBeNull();
  });
});

/** The readiness probe's answer. */
const ready = () => readyRoute(getRequest("/api/v1/health/ready"));

/** The readiness probe says not ready: a 503 that asks to be tried again in 5 s; its body. */
async function notReady() {
  const res = await ready();
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  return res.json();
}

describe("probes", () => {
  it("readiness: 200 when the database answers and every migration is applied", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, checks: { database: { ok: true }, migrations: { ok: true, pending: [] } } });
    expect(body.checks.migrations.applied).toBeGreaterThan(10);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await sample("http_request_duration_seconds", { route: "/api/v1/health/ready", status: "200" }, "_count"),
    ).toBeGreaterThan(0);
  });

  it("readiness: 503 naming the migration a database lacks", async () => {
    const [last] = await db.query<Record<string, unknown>>(
      `SELECT * FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`,
    );
    await db.query(`DELETE FROM "_prisma_migrations" WHERE id = $1`, [last.id]);
    try {
      const body = await notReady();
      expect(body).toMatchObject({ ok: false, down: ["migrations"], checks: { database: { ok: true } } });
      expect(body.checks.migrations.pending).toEqual([last.migration_name]);
    } finally {
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [last.id, last.checksum, last.finished_at, last.migration_name, last.applied_steps_count, last.started_at],
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it("readiness: 503 with Retry-After when the database is unreachable", async () => {
    const dead = await openDatabase({ url: "postgresql://postgres@127.0.0.1:1/postgres" });
    setDatabase(dead);
    try {
      const body = await notReady();
      expect(body).toMatchObject({ ok: false, down: ["database"], checks: { database: { ok: false } } });
      // liveness does not care
      expect((await liveRoute(getRequest("/api/v1/health/live"))).status).toBe(200);
    } finally {
      setDatabase(db);
      markDatabaseUp();
      await dead.close();
    }
    expect((await ready()).status).toBe(200);
  });

  it("liveness: 200 with the pool closed and any use of the database an error; credentials are not read", async () => {
    await db.pool.end();
    const poisoned = new Proxy({} as Database, {
      get() {
        throw new Error("liveness touched the database");
      },
    });
    setDatabase(poisoned);
    const oldUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const res = await liveRoute(getRequest("/api/v1/health/live", "not-a-real-token-0123456789"));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, pid: process.pid });
      expect(res.headers.get("cache-control")).toBe("no-store");
      const stale = new Request("http://localhost/api/v1/health/live", {
        headers: { cookie: "next-auth.session-token=stale", "x-request-id": "probe-12345678" },
      });
      const again = await liveRoute(stale);
      expect(again.status).toBe(200);
      expect(again.headers.get("x-request-id")).toBe("probe-12345678");
      // readiness, on the other hand, says not ready
      expect((await ready()).status).toBe(503);
    } finally {
      if (oldUrl !== undefined) process.env.DATABASE_URL = oldUrl;
      setDatabase(db);
      markDatabaseUp();
    }
  });
});
