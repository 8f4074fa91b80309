// Against the real server with real session cookies: the page rules of the authorization matrix
// (test/authz/rules.ts), sign-in rate limits answered from next-auth's own endpoint, sessions that
// end at sign-out, and cross-site writes.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { ROLES, RULES, type Role, type World } from "../test/authz/rules";
import {
  adminToken,
  bounceFile,
  createAccount,
  csrf,
  memberFixtures,
  PASSWORD,
  postForm,
  queryAt,
  sessionCookie,
  signIn,
} from "./helpers";

const base = E2E.baseURL;
const cookies: Partial<Record<Role, string>> = {};
const world = {} as World;

test.beforeAll(async () => {
  const stamp = Date.now().toString(36);
  await createAccount(`sec-a-${stamp}@example.org`, `Sec A ${stamp}`);
  await createAccount(`sec-b-${stamp}@example.org`, `Sec B ${stamp}`);
  cookies.memberA = (await signIn(`sec-a-${stamp}@example.org`, PASSWORD)).cookie;
  cookies.memberB = (await signIn(`sec-b-${stamp}@example.org`, PASSWORD)).cookie;
  cookies.admin = (await signIn(E2E.adminEmail, E2E.adminPassword)).cookie;
  for (const r of ["memberA", "memberB", "admin"] as const) expect(cookies[r], r).toMatch(/session-token=/);
  // teams: A's (member A owns it) and an open invitation to B's team
  const me = async (role: Role) =>
    (await (await fetch(`${base}/api/v1/me`, { headers: { cookie: cookies[role]! } })).json()) as { team: string };
  world.teamA = (await me("memberA")).team;
  world.teamC = (await me("memberB")).team;
  world.memberOfA = "";
  const inv = await fetch(`${base}/api/v1/teams/${world.teamC}/invitations`, {
    method: "POST",
    headers: { cookie: cookies.memberB!, origin: base },
  });
  expect(inv.status, await inv.clone().text()).toBe(201);
  world.inviteC = ((await inv.json()) as { url: string }).url.split("/").pop();
  // team A's private submission, uploaded with a session (same-origin, as the upload form does)
  Object.assign(world, await memberFixtures(cookies.memberA!, "sec-private"));
  // a draft, imported with the admin token the app wrote to DATA_DIR
  world.draftVersion = `sec-draft-${stamp}`;
  const r = await postForm({
    base,
    path: "/api/v1/admin/releases",
    headers: { authorization: `Bearer ${adminToken()}` },
    fields: { task: "bouncerbench/input", version: world.draftVersion },
    file: `instance_id,underspecified\n${world.instance},3\n`,
    name: "d.csv",
  });
  expect(r.status, await r.clone().text()).toBe(201);
});

test.describe("authorization matrix: pages and next-auth, with session cookies", () => {
  for (const [i, rule] of RULES.entries()) {
    if (rule.runner !== "e2e") continue;
    test(`${rule.key} #${i}`, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) {
        const call = rule.call(world, role, i);
        const headers: Record<string, string> = { origin: base };
        if (role !== "anonymous") headers.cookie = cookies[role]!;
        const method = rule.key.startsWith("POST") ? "POST" : "GET";
        const res = await fetch(`${base}${call.path}`, {
          method,
          redirect: "manual",
          headers: call.json !== undefined ? { ...headers, "content-type": "application/json" } : headers,
          body: call.json !== undefined ? JSON.stringify(call.json) : undefined,
        });
        got[role] = res.status;
        if (res.status === 307) expect(res.headers.get("location"), `${rule.key} as ${role}`).toMatch(/\/signin/);
      }
      expect(got, rule.why).toEqual(rule.expect);
    });
  }
});

/**
 * The same sign-in as signIn(), but from another client: the request leaves from another loopback
 * address (127.0.0.2), which the server stamps as its client address (scripts/client-address.mjs).
 */
async function signInFrom(
  localAddress: string,
  email: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  const { csrfToken, jar } = await csrf();
  const body = new URLSearchParams({ email, password, csrfToken, json: "true" }).toString();
  const url = new URL(`${base}/api/auth/callback/credentials`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          cookie: jar.join("; "),
          origin: base,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          const set = ([] as string[]).concat(res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
          resolve({
            status: res.statusCode ?? 0,
            cookie: sessionCookie(set),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("sign-in: 10 failures from one client, then 429 with Retry-After for that client only; the rightful user still signs in from another", async ({
  page,
}) => {
  const email = `sec-limit-${Date.now().toString(36)}@example.org`;
  await createAccount(email, "Limit");
  for (let i = 0; i < 10; i++) {
    const r = await signIn(email, `wrong password ${i}`);
    expect(r.status, `attempt ${i + 1}`).toBe(401); // next-auth: wrong credentials, no session
    expect(r.cookie).not.toMatch(/session-token=/);
  }
  // this (account, client) pair is used up: refused from next-auth's endpoint, the right password too
  const limited = await signIn(email, "wrong password again");
  expect(limited.status).toBe(429);
  expect(Number(limited.retryAfter)).toBeGreaterThan(60);
  expect((await signIn(email, PASSWORD)).status).toBe(429);
  // no lock on the account: from another client the right password signs in (slowed, at most 5 s)
  const started = Date.now();
  const owner = await signInFrom("127.0.0.2", email, PASSWORD);
  expect(owner.status).toBe(200);
  expect(owner.cookie).toMatch(/session-token=/);
  expect(Date.now() - started).toBeLessThan(15_000);
  // the sign-in form from the throttled client says so
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Too many failed sign-ins")).toBeVisible();
});

test("sign-out ends the session: a copied cookie is refused afterwards", async () => {
  const email = `sec-out-${Date.now().toString(36)}@example.org`;
  await createAccount(email, "Out");
  const { cookie } = await signIn(email, PASSWORD);
  const before = await fetch(`${base}/api/v1/tokens`, { headers: { cookie } });
  expect(before.status).toBe(200);
  const copy = cookie;
  const csrfToken = (
    (await (await fetch(`${base}/api/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string }
  ).csrfToken;
  const out = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  expect(out.status).toBeLessThan(400);
  const after = await fetch(`${base}/api/v1/tokens`, { headers: { cookie: copy } });
  expect(after.status).toBe(401);
  const session = await (await fetch(`${base}/api/auth/session`, { headers: { cookie: copy } })).json();
  expect(session).toEqual({});
});

test("a signed-in write from another site is 403; the same write from this site passes", async () => {
  const body = JSON.stringify({ name: "from elsewhere" });
  const evil = await fetch(`${base}/api/v1/tokens`, {
    method: "POST",
    body,
    headers: { cookie: cookies.memberB!, "content-type": "application/json", origin: "https://evil.example" },
  });
  expect(evil.status).toBe(403);
  const none = await fetch(`${base}/api/v1/tokens`, {
    method: "POST",
    body,
    headers: { cookie: cookies.memberB!, "content-type": "application/json" },
  });
  expect(none.status).toBe(403);
  const ok = await fetch(`${base}/api/v1/tokens`, {
    method: "POST",
    body,
    headers: { cookie: cookies.memberB!, "content-type": "application/json", origin: base },
  });
  expect(ok.status).toBe(201);
});

test("a forged X-Forwarded-For or X-Client-Address does not change whose limit is counted", async () => {
  // the server stamps the client address itself (scripts/client-address.mjs): 21 sign-ups from
  // here with a new forged address each still share this client's limit of 20 an hour
  let last = 0;
  for (let i = 0; i < 25 && last !== 429; i++) {
    const res = await fetch(`${base}/api/v1/signup`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.0.${i}.1`,
        "x-client-address": `10.1.${i}.1`,
      },
      body: JSON.stringify({
        email: `forge-${i}-${Date.now().toString(36)}@example.org`,
        password: PASSWORD,
        name: `Forge ${i}`,
      }),
    });
    last = res.status;
  }
  expect(last).toBe(429);
  // the specs after this one sign people up from the same address: start them afresh
  if (process.env.DATABASE_URL) {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${process.env.E2E_DB_NAME}`;
    await queryAt(u.toString(), `DELETE FROM rate_limits WHERE key LIKE 'signup-client:%'`);
  }
});

test("a hidden release in the browser: the Ladder explained, released scores, nothing for a non-improvement", async ({
  page,
}) => {
  // on BouncerBench Output, so that the other specs' Input boards stay as seeded
  const admin = adminToken();
  const ids = Array.from({ length: 40 }, (_, i) => `e2e-hidden-${i}`);
  const r = await postForm({
    base,
    path: "/api/v1/admin/releases",
    headers: { authorization: `Bearer ${admin}` },
    fields: { task: "bouncerbench/output", version: "e2e-hidden", hidden: "true", publish: "true" },
    file: [
      "instance_id,patch,output_quality",
      ...ids.map((id, i) => `${id},"diff --git a/x b/x",${i % 3 === 0 ? "0.0" : "1.0"}`),
    ].join("\n"),
    name: "h.csv",
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const job = ((await r.json()) as { job: { id: string } }).job.id;
  await expect
    .poll(
      async () =>
        (
          (await (
            await fetch(`${base}/api/v1/admin/jobs/${job}`, { headers: { authorization: `Bearer ${admin}` } })
          ).json()) as { status: string }
        ).status,
      { timeout: 60_000 },
    )
    .toBe("done");
  const upload = async (model: string, bounce: (i: number) => boolean) => {
    const res = await postForm({
      base,
      path: "/api/v1/tasks/bouncerbench/output/submissions",
      headers: { cookie: cookies.memberA!, origin: base },
      fields: { model },
      file: bounceFile(ids, bounce, "output_bounce"),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get("x-quota-limit")).toBe("10");
    return (await res.json()) as {
      id: string;
      ladder: { released: boolean; margin: number | null };
      metrics: Record<string, number>;
    };
  };
  const first = await upload("ladder-first", (i) => i % 2 === 0);
  expect(first.ladder.released).toBe(true);
  const second = await upload("ladder-second", (i) => i % 2 === 0 || i === 1);
  expect(second.ladder.released).toBe(false);
  expect(second.metrics).toEqual({});

  await page.goto("/tasks/bouncerbench/output");
  await expect(page.getByTestId("ladder-banner")).toContainText("scored with the Ladder");
  const row = page.getByRole("row").filter({ hasText: "ladder-first" });
  await expect(row).toContainText(`±${first.ladder.margin}`);
  // the released value (noise and the team's offset grid), as the upload's answer gave it
  await expect(row).toContainText(first.metrics.F_m.toFixed(3));
  await expect(page.getByRole("row").filter({ hasText: "ladder-second" })).toHaveCount(0);
  // the team sees why its second upload shows nothing
  await page.context().addCookies(
    cookies.memberA!.split("; ").map((c) => {
      const [name, ...v] = c.split("=");
      return { name, value: v.join("="), url: base };
    }),
  );
  await page.goto(`/submissions/${second.id}`);
  await expect(page.getByTestId("ladder")).toContainText("Not a significant improvement");
  await page.goto("/tasks/bouncerbench/output/submit");
  await expect(page.getByTestId("quota")).toContainText("8 of 10 scored uploads left today");
  await expect(page.getByTestId("hidden-note")).toContainText("keeps its ground truth hidden");
});
