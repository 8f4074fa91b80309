// Sign-in limits that never lock the rightful user out (issue 16, item 10): failures are refused
// per (account, client) pair and per client, only slowed per account; admins can unlock. Runs the
// credentials callback next-auth calls, and next-auth's endpoint where the route refuses first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { getAuthOptions, createUserWithTeam } from "@/lib/server/auth";
import { signInDelayMs } from "@/lib/server/limits";
import { createTestDatabase } from "../helpers/db";
import { teamToken } from "../helpers/seeded";
import { dispatch } from "../helpers/router";

// short delays, so the test does not wait seconds (the rule is the same)
process.env.SIGNIN_SLOW_AFTER = "3";
process.env.SIGNIN_SLOW_BASE_MS = "10";
process.env.SIGNIN_SLOW_MAX_MS = "40";

const PASSWORD = "a long passphrase here";
const ATTACKER = "203.0.113.66";
const OWNER = "198.51.100.10";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: string;
let member: string;

type Authorize = (
  credentials: Record<string, string>,
  req: { headers: Record<string, string> },
) => Promise<{ id: string } | null>;
function authorize(email: string, password: string, client: string) {
  const provider = getAuthOptions().providers[0] as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize({ email, password }, { headers: { "x-client-address": client } });
}

async function limited(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).code).toBe("rate_limited");
  return e as AppError;
}

beforeAll(async () => {
  db = await createTestDatabase();
  await createUserWithTeam(db.prisma, { email: "admin-user@example.org", name: "Admin User", password: PASSWORD });
  await createUserWithTeam(db.prisma, { email: "owner@example.org", name: "Owner", password: PASSWORD });
  admin = await teamToken(db, "signin-admins", { isAdmin: true });
  member = await teamToken(db, "signin-members");
});
afterAll(async () => db?.drop());

describe("sign-in limits", () => {
  it("10 failures from one client refuse that client only; the rightful user signs in from another", async () => {
    for (let i = 0; i < 10; i++) expect(await authorize("owner@example.org", `wrong ${i}`, ATTACKER)).toBeNull();
    const e = await limited(authorize("owner@example.org", "wrong again", ATTACKER));
    expect(Number(e.headers?.["retry-after"])).toBeGreaterThan(60);
    expect(e.message).toMatch(/this account from your address/);
    // the right password from the throttled client: refused too (the pair is used up)
    await limited(authorize("owner@example.org", PASSWORD, ATTACKER));
    // no lock on the account: another client gets in, slowed by at most SIGNIN_SLOW_MAX_MS
    const started = Date.now();
    expect(await authorize("owner@example.org", PASSWORD, OWNER)).toMatchObject({ id: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("next-auth's endpoint answers 429 with Retry-After for the throttled pair, before next-auth runs", async () => {
    const res = await dispatch(
      new Request("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-client-address": ATTACKER },
        body: new URLSearchParams({ email: "owner@example.org", password: PASSWORD, csrfToken: "x", json: "true" }),
      }),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await res.json()).url).toMatch(/error=RateLimited/);
  });

  it("failures on an account from many clients slow it down, doubling up to the cap, and never refuse it", async () => {
    const email = "slow@example.org";
    await createUserWithTeam(db.prisma, { email, name: "Slow", password: PASSWORD });
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.push(await signInDelayMs(email));
      expect(await authorize(email, "wrong", `192.0.2.${i + 1}`)).toBeNull();
    }
    // SIGNIN_SLOW_AFTER=3, base 10 ms, at most 40 ms
    expect(delays).toEqual([0, 0, 0, 10, 20, 40, 40]);
    expect(await authorize(email, PASSWORD, "192.0.2.200")).toMatchObject({ id: expect.any(String) });
    // a success forgets the account's failures
    expect(await signInDelayMs(email)).toBe(0);
  });

  it("a client that fails across many accounts is refused past RATE_SIGNIN_CLIENT", async () => {
    const client = "192.0.2.250";
    await db.query(`INSERT INTO rate_limits (key, points, expire) VALUES ($1, 100, $2)`, [
      `signin-client:${client}`,
      Date.now() + 600_000,
    ]);
    const e = await limited(authorize("anyone@example.org", "wrong", client));
    expect(e.message).toMatch(/from your address/);
  });

  it("an admin unlocks an account: every count of it goes, audited; members may not", async () => {
    expect((await dispatch(unlock("owner@example.org", member))).status).toBe(403);
    expect((await dispatch(unlock("owner@example.org"))).status).toBe(401);
    const res = await dispatch(unlock("OWNER@example.org", admin));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: "owner@example.org", exists: true, cleared: expect.any(Number) });
    expect(await authorize("owner@example.org", PASSWORD, ATTACKER)).toMatchObject({ id: expect.any(String) });
    const [event] = await db.query<{ action: string; target_id: string }>(
      `SELECT action, target_id FROM activity_events WHERE action = 'user.unlock'`,
    );
    expect(event).toMatchObject({ action: "user.unlock", target_id: "owner@example.org" });
    // other accounts' counts stay
    await authorize("other_1@example.org", "wrong", ATTACKER);
    await dispatch(unlock("other%@example.org", admin));
    const [left] = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM rate_limits WHERE key LIKE 'signin-pair:other_1@%'`,
    );
    expect(Number(left.n)).toBe(1);
  });
});

function unlock(email: string, token?: string) {
  return new Request("http://localhost/api/v1/admin/users/unlock", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ email }),
  });
}
