import { CATALOG } from "@/lib/tasks/catalog";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { E2E } from "../playwright.config";
import type { World } from "../test/authz/rules";

export const SEED = path.resolve("prisma/seed-data/bouncerbench");

/** Saves a screenshot for review under e2e/screenshots/. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * React is live on the page: its navigation bar listens (components/navigation-progress.tsx).
 * Before that a link or a form is the browser's own navigation, which Playwright's queries wait out.
 */
export async function reactLive(page: Page) {
  await page.keyboard.press("Shift");
  await expect(page.locator("html[data-navigation-ready='1']")).toHaveCount(1);
}

/** Fills the upload form: the file (`name`, JSON `text`) and the model's name; the caller sends it. */
export async function fillUpload(page: Page, name: string, text: string, model: string) {
  await page.getByTestId("file-input").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
  await page.getByLabel(/Model name/).fill(model);
}

/** Model names in leaderboard order. */
export async function boardModels(page: Page): Promise<string[]> {
  return page
    .locator("[data-testid=leaderboard] tbody tr:not([data-divider])")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-model") ?? ""));
}

/** Signs a new account up through the form; lands on /account. */
export async function signUp(page: Page, name: string, email: string, password = "correct horse battery") {
  await page.goto("/signup");
  await page.getByLabel(/Name/).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/Password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

/** One statement on the database at `url` (a connection of its own, closed after). */
export async function queryAt<T = Record<string, unknown>>(
  url: string,
  q: string,
  params: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** The database of the app the browser tests run against. */
export function e2eDatabaseUrl(): string {
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${process.env.E2E_DB_NAME}`;
  return u.toString();
}

/**
 * Waits until no due job is left in the queue: the workers' follow-up work (rank intervals,
 * audits, breakdowns) is done, so no job moves a board's signature while a test reads its cache.
 */
export async function jobsSettled(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let idle = 0;
  while (idle < 2) {
    if (Date.now() > deadline) throw new Error("the workers did not finish their jobs within 120 s");
    const [{ n }] = await queryAt<{ n: number }>(
      url,
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE run_at <= now() AND attempts < max_attempts`,
    );
    idle = n === 0 ? idle + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every task of the catalog, "benchmark/task" (the boards a browser test walks). */
export function catalogTasks(): string[] {
  return CATALOG.flatMap((b) => b.tasks.map((t) => `${b.slug}/${t.slug}`));
}

// ---- against the running app without a browser: accounts, tokens and uploads through its API ----

/** The password the specs give the accounts they sign up. */
export const PASSWORD = "a long passphrase here";

/** BouncerBench Input's instance ids (those of the paper's gpt-4.1 file). */
export function inputIds(): string[] {
  return Object.keys(JSON.parse(fs.readFileSync(path.join(SEED, "input_bouncer_gpt-4.1.json"), "utf8")));
}

/** A predictions file: `{ id: { [key]: bounce(i) } }` for every id. */
export function bounceFile(ids: string[], bounce: (i: number) => boolean, key = "input_bounce"): string {
  return JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { [key]: bounce(i) }])));
}

/** The admin token the app wrote to its DATA_DIR. */
export function adminToken(dataDir = process.env.E2E_DATA_DIR!): string {
  return fs.readFileSync(path.join(dataDir, "admin-token"), "utf8").trim();
}

/** A new API token of `team` (made when new), created with the admin token; a 201 expected. */
export async function teamToken(base: string, admin: string, team: string, name = "t"): Promise<string> {
  const res = await fetch(`${base}/api/v1/tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
    body: JSON.stringify({ team, name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Posts a multipart form to `path` (default: BouncerBench Input's uploads): the fields in order,
 * then the file; `headers` carry the credentials (a bearer token, or a session cookie and origin).
 */
export function postForm(o: {
  base: string;
  path?: string;
  headers: Record<string, string>;
  fields: Record<string, string>;
  file: BlobPart;
  name?: string;
}): Promise<Response> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(o.fields)) fd.set(k, v);
  fd.set("file", new Blob([o.file]), o.name ?? "p.json");
  return fetch(`${o.base}${o.path ?? "/api/v1/tasks/bouncerbench/input/submissions"}`, {
    method: "POST",
    body: fd,
    headers: o.headers,
  });
}

/** Signs an account up through the API (no browser); a 201 expected. */
export async function createAccount(email: string, name: string, password = PASSWORD) {
  const res = await fetch(`${E2E.baseURL}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, name }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** next-auth's CSRF token and the cookies that come with it (`name=value`), as a sign-in form first asks. */
export async function csrf(): Promise<{ csrfToken: string; jar: string[] }> {
  const res = await fetch(`${E2E.baseURL}/api/auth/csrf`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { csrfToken, jar: res.headers.getSetCookie().map((c) => c.split(";")[0]) };
}

/** The Cookie header a browser would send after a sign-in: the CSRF and session cookies that were set (not cleared). */
export function sessionCookie(cookies: string[]): string {
  const kept = cookies.filter((c) => !/=$/.test(c));
  return [...kept.filter((c) => /csrf-token/.test(c)), ...kept.filter((c) => /session-token/.test(c))].join("; ");
}

/**
 * Signs in through next-auth's credentials endpoint as a browser would: its status, the Cookie
 * header to send from then on (a session cookie only when it worked) and any Retry-After.
 */
export async function signIn(
  email: string,
  password: string,
): Promise<{ status: number; cookie: string; retryAfter: string | null }> {
  const base = E2E.baseURL;
  const { csrfToken, jar } = await csrf();
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), origin: base },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  return {
    status: res.status,
    cookie: sessionCookie([...jar, ...res.headers.getSetCookie().map((c) => c.split(";")[0])]),
    retryAfter: res.headers.get("retry-after"),
  };
}

/**
 * What the authorization matrix (test/authz/rules.ts) needs from a signed-in member: an instance,
 * their team's private submission uploaded with the session (same-origin, as the upload form does),
 * a public submission and the published release of BouncerBench Input.
 */
export async function memberFixtures(
  cookie: string,
  model: string,
): Promise<Pick<World, "instance" | "privA" | "pub" | "publishedVersion">> {
  const base = E2E.baseURL;
  const instance = inputIds()[0];
  const up = await postForm({
    base,
    headers: { cookie, origin: base },
    fields: { model, visibility: "private" },
    file: JSON.stringify({ [instance]: { input_bounce: true } }),
  });
  expect(up.status, await up.clone().text()).toBe(201);
  const lb = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard`)).json()) as {
    rows: { submissionId: string; baseline: string | null }[];
    release: { version: string };
  };
  return {
    instance,
    privA: ((await up.json()) as { id: string }).id,
    pub: lb.rows.find((r) => !r.baseline)!.submissionId,
    publishedVersion: lb.release.version,
  };
}

/** Imports and publishes the paper's annotations of BouncerBench Input as release `version`; its re-score job. */
export async function publishAnnotations(base: string, admin: string, version: string): Promise<{ id: string }> {
  const res = await postForm({
    base,
    path: "/api/v1/admin/releases",
    headers: { authorization: `Bearer ${admin}` },
    fields: { task: "bouncerbench/input", version, publish: "true" },
    file: fs.readFileSync(path.join(SEED, "ensembled_annotations_public.csv"), "utf8"),
    name: "annotations.csv",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { job: { id: string } }).job;
}
