// Auth and input hardening through the real route handlers and a real PostgreSQL: rate limits
// that live in the database (so every process shares them), passwords, cross-site writes,
// names and URLs. Sign-in limits and sessions that end are browser flows: e2e/security.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as signup } from "@/app/api/v1/signup/route";
import { POST as createToken } from "@/app/api/v1/tokens/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { consume } from "@/lib/server/limits";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { countRows } from "../helpers/db";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiRequest, ctx, multipartRequest } from "../helpers/requests";

let db: TestDatabase;
let member: string;
let other: string;

beforeAll(async () => {
  db = await seededTestDatabase();
  member = await teamToken(db, "sec");
  other = await teamToken(db, "sec-2");
});
afterAll(async () => db?.drop());

/** A sign-up through the route, from client address 203.0.113.7 unless `headers` say otherwise. */
function signUp(body: unknown, headers: Record<string, string> = {}) {
  const req = new Request("http://localhost/api/v1/signup", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-client-address": "203.0.113.7", ...headers },
  });
  return signup(req, ctx({}));
}

const INPUT = { benchmark: "bouncerbench", task: "input" };
/** A small valid predictions file: one instance. */
const ONE = JSON.stringify({ "astropy__astropy-12907": { input_bounce: true } });

/** An upload of `text` (ONE) to BouncerBench Input through the route. */
function upload(fields: Record<string, string>, token?: string, text = ONE) {
  return submit(
    multipartRequest("/api/v1/tasks/bouncerbench/input/submissions", fields, { name: "p.json", text }, token),
    ctx(INPUT),
  );
}

describe("sign-up", () => {
  it("refuses short and common passwords and ones that hold the email, naming the field", async () => {
    for (const [password, why] of [
      ["short1", /at least 10/],
      ["password123", /most common/],
      ["qwertyuiop", /most common/],
      ["aliceandbob-2024", /email/],
    ] as const) {
      const res = await signUp(
        { email: "aliceandbob@example.org", password, name: "Alice" },
        { "x-client-address": "198.51.100.1" },
      );
      expect(res.status, password).toBe(422);
      const b = await res.json();
      expect(b.error.message).toMatch(why);
      expect(b.error.details.problems[0].field).toBe("password");
    }
    expect(await db.prisma.user.count({ where: { email: "aliceandbob@example.org" } })).toBe(0);
  });
  it("refuses names with control or text-direction characters", async () => {
    const res = await signUp(
      { email: "rtl@example.org", password: "a long passphrase here", name: "evil\u202Egnp.exe" },
      { "x-client-address": "198.51.100.2" },
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error.message).toMatch(/U\+202E\) at position 5/);
  });
  it("allows 20 sign-ups per client address and hour, then 429 with Retry-After; other addresses are unaffected", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await signUp({
        email: `farm${i}@example.org`,
        password: "a long passphrase here",
        name: `Farm ${i}`,
      });
      expect(res.status).toBe(201);
    }
    const before = await countRows(db);
    const res = await signUp({ email: "farm20@example.org", password: "a long passphrase here", name: "Farm 20" });
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe("rate_limited");
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(3000);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(await countRows(db)).toEqual(before);
    expect(await db.prisma.user.count({ where: { email: "farm20@example.org" } })).toBe(0);
    const elsewhere = await signUp(
      { email: "farm20@example.org", password: "a long passphrase here", name: "Farm 20" },
      { "x-client-address": "192.0.2.44" },
    );
    expect(elsewhere.status).toBe(201);
  });
  it("the counts live in PostgreSQL: a second limiter (another process) sees the same count", async () => {
    const n = await db.query<{ points: number }>(
      `SELECT points FROM rate_limits WHERE key = 'signup-client:203.0.113.7'`,
    );
    expect(n[0].points).toBe(21);
  });
});

describe("tokens and uploads", () => {
  it("30 tokens per user and hour", async () => {
    const req = () => apiRequest("POST", "/api/v1/tokens", { token: other, body: { name: "t" } });
    for (let i = 0; i < 30; i++) expect((await createToken(req(), ctx({}))).status).toBe(201);
    const res = await createToken(req(), ctx({}));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
  it("60 uploads per team and minute (dry runs included), then 429 before the file is read", async () => {
    const t = await ensureTeam(db.prisma, "flood");
    const tok = (await createApiToken(db.prisma, { teamId: t.id })).token;
    for (let i = 0; i < 59; i++) await consume("uploads-team", t.id);
    expect((await upload({ dry_run: "true", model: "m" }, tok)).status).toBe(200);
    const res = await upload({ dry_run: "true", model: "m" }, tok);
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });
});

describe("cross-site writes", () => {
  /** A dry-run upload with these headers (and no others). */
  function withHeaders(headers: Record<string, string>) {
    const r = multipartRequest(
      "/api/v1/tasks/bouncerbench/input/submissions",
      { model: "m", dry_run: "true" },
      { name: "p.json", text: ONE },
    );
    return submit(new Request(r, { headers: { ...Object.fromEntries(r.headers), ...headers } }), ctx(INPUT));
  }
  it("a session-cookie write from another site, or without Origin/Sec-Fetch-Site, is 403 before anything is read", async () => {
    const cookie = "next-auth.session-token=stolen";
    for (const h of [
      { cookie, origin: "https://evil.example" },
      { cookie, "sec-fetch-site": "cross-site" },
      { cookie },
    ] as Record<string, string>[]) {
      const res = await withHeaders(h);
      expect(res.status, JSON.stringify(h)).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    }
  });
  it("a foreign Origin is refused even with a token; a token call without Origin passes", async () => {
    const withToken = (h: Record<string, string>) => withHeaders({ authorization: `Bearer ${member}`, ...h });
    expect((await withToken({ origin: "https://evil.example" })).status).toBe(403);
    expect((await withToken({})).status).toBe(200);
    expect((await withToken({ origin: "http://localhost" })).status).toBe(200);
  });
  it("without a trusted proxy (TRUSTED_PROXY_HOPS=0) a forged X-Forwarded-Host does not make a foreign Origin this site", async () => {
    const cookie = "next-auth.session-token=stolen";
    const res = await withHeaders({ cookie, origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/cross-site request refused/);
  });
});

describe("submission fields", () => {
  it.each([
    [{ model: "m\u0000" }, "model", /U\+0000/],
    [{ model: "\u202Eevil" }, "model", /U\+202E/],
    [{ model: "\uFFF9x" }, "model", /U\+FFF9/],
    [{ model: "ok", cost_usd: "0x10" }, "cost_usd", /cost_usd must be a number, got '0x10'/],
    [{ model: "ok", system: "sys\u2066x" }, "system", /U\+2066/],
    [{ model: "ok", site: "javascript:alert(1)" }, "site", /http/],
    [{ model: "ok", site: "file:///etc/passwd" }, "site", /http/],
    [{ model: "ok", site: "data:text/html,x" }, "site", /http/],
  ])("%j is refused (422 naming %s) and nothing is stored", async (fields, field, why) => {
    const before = await countRows(db);
    const res = await upload(fields as Record<string, string>, member);
    expect(res.status).toBe(422);
    const b = await res.json();
    expect(b.error.message).toMatch(why);
    expect(b.error.details.problems[0].field).toBe(field);
    expect(await countRows(db)).toEqual(before);
  });
});

describe("quotas set by admins", () => {
  it("a task's daily and total quotas apply per team and release; past the total, 429 without Retry-After", async () => {
    const { PATCH } = await import("@/app/api/v1/admin/tasks/[benchmark]/[task]/route");
    const admins = await ensureTeam(db.prisma, "sec-admins");
    const admin = (await createApiToken(db.prisma, { teamId: admins.id, isAdmin: true })).token;
    const patch = (token: string, body: unknown) =>
      PATCH(apiRequest("PATCH", "/api/v1/admin/tasks/bouncerbench/input", { token, body }), ctx(INPUT));
    expect((await patch(member, { quotaPerDay: 2 })).status).toBe(403);
    const set = await patch(admin, { quotaPerDay: 3, quotaTotal: 2 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ quotaPerDay: 3, quotaTotal: 2 });
    const t = await ensureTeam(db.prisma, "sec-quota");
    const tok = (await createApiToken(db.prisma, { teamId: t.id })).token;
    let sent = 0;
    // a different file each time: a byte-identical re-upload would be refused before the quota
    const send = (token: string) => upload({ model: "q" }, token, ONE + " ".repeat(++sent));
    const first = await send(tok);
    expect(first.status).toBe(201);
    expect(first.headers.get("x-quota-limit")).toBe("3");
    expect(first.headers.get("x-quota-remaining")).toBe("1"); // the total (2) is the tighter bound
    expect((await send(tok)).status).toBe(201);
    const third = await send(tok);
    expect(third.status).toBe(429);
    expect((await third.json()).error.message).toMatch(/2 scored uploads per team on this release in all/);
    expect(third.headers.get("retry-after")).toBeNull();
    // admins are exempt
    expect((await send(admin)).status).toBe(201);
    // back to the defaults
    expect((await patch(admin, { quotaPerDay: null, quotaTotal: null })).status).toBe(200);
    expect((await send(tok)).status).toBe(201);
  });
});
