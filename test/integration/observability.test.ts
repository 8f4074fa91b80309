// Operators' view: structured logs carry a request id that 500 answers name, and GET /metrics
// gives Prometheus metrics (requests by route, the pool, the job queue, Node's own) to admins
// and to a scraper with METRICS_TOKEN only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/metrics/route";
import { GET as healthRoute } from "@/app/api/v1/health/route";
import { toErrorBody } from "@/lib/server/http";
import { routePattern, runWithRequest } from "@/lib/server/observability";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { createTestDatabase } from "../helpers/db";
import { ctx, getRequest } from "../helpers/requests";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: string;
let member: string;
const SCRAPER = "scraper-token-0123456789abcdef";

beforeAll(async () => {
  process.env.METRICS_TOKEN = SCRAPER;
  db = await createTestDatabase();
  const team = await ensureTeam(db.prisma, "Observers");
  member = (await createApiToken(db.prisma, { teamId: team.id })).token;
  admin = (await createApiToken(db.prisma, { teamId: team.id, isAdmin: true })).token;
});
afterAll(async () => db?.drop());

describe("request ids", () => {
  it("every API answer names its request id; one a client sent is kept when it is well-formed", async () => {
    const res = await healthRoute(getRequest("/api/v1/health"), ctx({}));
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const req = getRequest("/api/v1/health");
    req.headers.set("x-request-id", "lb-1234567890");
    expect((await healthRoute(req, ctx({}))).headers.get("x-request-id")).toBe("lb-1234567890");
    const bad = getRequest("/api/v1/health");
    bad.headers.set("x-request-id", "<script>");
    expect((await healthRoute(bad, ctx({}))).headers.get("x-request-id")).not.toBe("<script>");
  });
  it("a 500 tells the user the request id (the detail is in the log, not the answer)", async () => {
    const out = await runWithRequest({ requestId: "req-abcdefgh", method: "GET", route: "/x" }, async () =>
      toErrorBody(new Error("secret detail")),
    );
    expect(out.status).toBe(500);
    expect(out.body.error.message).toContain("req-abcdefgh");
    expect(JSON.stringify(out.body)).not.toContain("secret detail");
  });
  it("route patterns keep metrics' labels bounded", () => {
    expect(
      routePattern("/api/v1/submissions/3f0c1a2b-1111-4222-8333-444455556666/instances/django__django-11099"),
    ).toBe("/api/v1/submissions/:id/instances/:value");
    expect(routePattern("/api/v1/tasks/bouncerbench/input/leaderboard")).toBe(
      "/api/v1/tasks/bouncerbench/input/leaderboard",
    );
    expect(routePattern("/api/v1/teams/my-team/members/3f0c1a2b-1111-4222-8333-444455556666")).toBe(
      "/api/v1/teams/:value/members/:id",
    );
  });
});

describe("GET /metrics", () => {
  it("answers admins and the scraper's token; nobody else", async () => {
    expect((await metricsRoute(getRequest("/metrics"), ctx({}))).status).toBe(401);
    expect((await metricsRoute(getRequest("/metrics", member), ctx({}))).status).toBe(403);
    expect((await metricsRoute(getRequest("/metrics", "wrong-token-0123456789"), ctx({}))).status).toBe(401);
    const res = await metricsRoute(getRequest("/metrics", SCRAPER), ctx({}));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await (await metricsRoute(getRequest("/metrics", admin), ctx({}))).text();
    // requests by route (the health calls above), the pool, the queue, Node's event loop
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status="200"\} \d+/,
    );
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain("# TYPE jobs_queued gauge");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});
