// Every reader page shows its content without JavaScript (issue 31, item 5): React streams large
// parts of a page (the board's rows, a submission's tables, the cite card after them) into hidden
// elements that its scripts move into place; a crawler, an archive or a browser with scripts off
// saw none of it. The pages have no such boundaries: React renders them whole (issue 45).
// Each page is opened twice, as visitors: with JavaScript off, then on; the same rows and numbers
// are visible in both, nothing streamed is left hidden, and the page still hydrates.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { bounceFile, inputIds } from "./helpers";

interface Row {
  submissionId: string;
  model: string;
  baseline: string | null;
  team: string | null;
}

let rows: Row[] = [];
let instance = "";
let teamSlug = "";
let snapshot = "";

test.beforeAll(async ({ request }) => {
  const board = (await (await request.get("/api/v1/tasks/bouncerbench/input/leaderboard")).json()) as { rows: Row[] };
  rows = board.rows.filter((r) => !r.baseline && r.team);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  const sub = (await (await request.get(`/api/v1/submissions/${rows[0].submissionId}`)).json()) as {
    team: { slug: string };
  };
  teamSlug = sub.team.slug;
  // the snapshot made when the seeded release was published (a job: there by now, or the page is left out)
  const snaps = (await (await request.get("/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
    snapshots: { id: string; takenDown: unknown }[];
  };
  snapshot = snaps.snapshots.find((s) => !s.takenDown)?.id ?? "";
  const explorer = await request.get("/tasks/bouncerbench/input/instances");
  instance = /href="\/tasks\/bouncerbench\/input\/instances\/([^"?]+)"/.exec(await explorer.text())?.[1] ?? "";
  expect(instance).not.toBe("");
});

/** What a reader sees of the page's main content: its visible text, and how many streamed parts are still hidden. */
async function seen(browser: Browser, path: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const res = await page.goto(path, { waitUntil: "load" });
  expect(res?.status(), path).toBe(200);
  if (javaScriptEnabled) await page.waitForLoadState("networkidle");
  const view = await read(page);
  await context.close();
  return { ...view, errors };
}

async function read(page: Page) {
  return page.evaluate(() => ({
    text: (document.querySelector("main") as HTMLElement | null)?.innerText ?? "",
    streamedHidden: document.querySelectorAll('[id^="S:"], template[id^="B:"], template[id^="P:"]').length,
    rows: [...document.querySelectorAll("[data-testid=leaderboard] tbody tr:not([data-divider])")].filter(
      (tr) => (tr as HTMLElement).offsetParent !== null,
    ).length,
  }));
}

const pages = (): [string, string, (text: string) => void][] => {
  const [a, b] = rows;
  return [
    ["home", "/", (t) => expect(t).toMatch(/BouncerBench/)],
    ["board", "/tasks/bouncerbench/input", (t) => expect(t).toContain(a.model)],
    ["submission", `/submissions/${a.submissionId}`, (t) => expect(t).toContain(a.model)],
    [
      "compare",
      `/tasks/bouncerbench/input/compare?ids=${a.submissionId}&ids=${b.submissionId}`,
      (t) => expect(t).toContain(b.model),
    ],
    ["instances", "/tasks/bouncerbench/input/instances", (t) => expect(t).toContain(instance)],
    ["instance", `/tasks/bouncerbench/input/instances/${instance}`, (t) => expect(t).toContain(instance)],
    ["pivot", "/tasks/bouncerbench/input/pivot", (t) => expect(t.length).toBeGreaterThan(100)],
    ["releases", "/tasks/bouncerbench/input/releases", (t) => expect(t).toMatch(/1\.1/)],
    ["changelog", "/tasks/bouncerbench/input/changelog", (t) => expect(t.length).toBeGreaterThan(100)],
    ["team", `/teams/${teamSlug}`, (t) => expect(t).toContain(a.model)],
    ...(snapshot
      ? ([
          [
            "snapshot",
            `/tasks/bouncerbench/input?snapshot=${snapshot}`,
            (t: string) => expect(t).toMatch(/frozen snapshot/),
          ],
        ] as [string, string, (t: string) => void][])
      : []),
  ];
};

test("every reader page shows the same content with JavaScript off as with it on", async ({ browser }) => {
  test.setTimeout(180_000);
  for (const [name, path, check] of pages()) {
    const off = await seen(browser, path, false);
    const on = await seen(browser, path, true);
    check(off.text);
    expect(off.streamedHidden, `${name}: streamed parts left hidden without JavaScript`).toBe(0);
    expect(off.rows, `${name}: board rows`).toBe(on.rows);
    // the words a reader sees with scripts are there without them (charts drawn by scripts aside)
    const words = (t: string) => new Set(t.split(/\s+/).filter((w) => /^[\w.%#()–-]{3,}$/.test(w)));
    const missing = [...words(on.text)].filter((w) => !words(off.text).has(w));
    expect(
      missing.length,
      `${name}: words shown only with JavaScript: ${missing.slice(0, 20).join(" ")}`,
    ).toBeLessThanOrEqual(Math.max(5, Math.round(words(on.text).size * 0.05)));
    expect(on.errors, `${name}: page errors with JavaScript (hydration)`).toEqual([]);
  }
});

test("the board's rows are in the HTML a crawler gets, in place (before the footer), not in a hidden element", async ({
  request,
}) => {
  const html = await (await request.get("/tasks/bouncerbench/input")).text();
  expect(html).not.toMatch(/<div hidden[^>]* id="S:/);
  const row = html.indexOf(`data-model="${rows[0].model}"`);
  expect(row).toBeGreaterThan(0);
  expect(row).toBeLessThan(html.indexOf("<footer"));
});

test("robots.txt points crawlers at sitemap.xml, which lists the boards, teams and public submissions", async ({
  request,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  expect(robots).toMatch(/Disallow: \/admin/);
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/xml/);
  const xml = await res.text();
  expect(xml).toContain("/tasks/bouncerbench/input</loc>");
  expect(xml).toContain(`/submissions/${rows[0].submissionId}</loc>`);
  expect(xml).toContain(`/teams/${teamSlug}</loc>`);
  if (snapshot) expect(xml).toContain(`/tasks/bouncerbench/input?snapshot=${snapshot}</loc>`);
  // nothing private: every listed submission answers a visitor
  const listed = [...xml.matchAll(/\/submissions\/([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]).slice(0, 5);
  for (const id of listed) expect((await request.get(`/api/v1/submissions/${id}`)).status(), id).toBe(200);
});

test("with JavaScript off: sign up, sign out, a wrong password, sign in to the page asked for; never a password in a URL", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `noscript-${Date.now().toString(36)}@example.org`;
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  // sign up: one post, answered with a redirect to the account page, signed in
  await page.goto("/signup");
  await expect(page.locator("main form")).toHaveCount(1);
  await page.getByLabel(/Name/).fill("No Script Lab");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/Password/).fill("a long passphrase here");
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame()),
    page.locator("main form button[type=submit]").click(),
  ]);
  expect(request.method()).toBe("POST");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(/team No Script Lab/)).toBeVisible();
  // sign out: the header offers a sign-in again, the account page asks for one, and a copy of the
  // session cookie taken before is worth nothing after
  const copied = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const me = () => fetch(`${E2E.baseURL}/api/v1/me`, { headers: { cookie: copied } }).then((r) => r.status);
  expect(await me()).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  expect(await me()).toBe(401);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=\/account$/);
  // a wrong password: the form says so, with the email still in it
  await page.getByLabel("Password").fill("not the passphrase");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  // the right one: the page asked for
  await page.getByLabel("Password").fill("a long passphrase here");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(/team No Script Lab/)).toBeVisible();
  expect(urls.filter((u) => u.includes("passphrase"))).toEqual([]);
  // a way back that is not a path on this site is not followed after signing in
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.goto("/signin?callbackUrl=%2F%5Cevil.example");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long passphrase here");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.baseURL}/$`));
  await context.close();
});

test("without JavaScript a chart's box says where its numbers are, and a search sent by the plain form leaves no empty fields in the URL", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await ctx.newPage();
    await page.goto("/tasks/bouncerbench/input");
    // drawn by scripts: the box names the table under it instead of standing blank
    const history = page.getByTestId("chart-history");
    await expect(history.locator("[data-chart-waiting]")).toContainText("Table of the numbers");
    await expect(page.locator("figure", { has: history }).locator("summary")).toHaveText("Table of the numbers");
    // the filter form sends every field (q=…&release=&team=&agent=…): the page redirects to the view's own address
    await page.getByRole("searchbox").fill(rows[0].model);
    await page.getByRole("button", { name: "Apply" }).click();
    // (the query as a form encodes it, matched literally)
    const query = new URLSearchParams({ q: rows[0].model }).toString().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(page).toHaveURL(new RegExp(`/tasks/bouncerbench/input\\?${query}$`));
    await expect(page.getByTestId("leaderboard").locator(`tr[data-model="${rows[0].model}"]`).first()).toBeVisible();
  } finally {
    await ctx.close();
  }
});

test("with JavaScript off, an upload: a bad file comes back to the upload page with its problems, nothing stored; a good one lands on its submission's page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const stamp = Date.now().toString(36);
  await page.goto("/signup");
  await page.getByLabel(/Name/).fill(`Plain Upload ${stamp}`);
  await page.getByLabel("Email").fill(`plain-upload-${stamp}@example.org`);
  await page.getByLabel(/Password/).fill("a long passphrase here");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/account$/);

  const send = async (name: string, text: string) => {
    await page.goto("/tasks/bouncerbench/input/submit");
    await page
      .getByTestId("file-input")
      .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
    await page.getByLabel(/Model name/).fill(`plain-${stamp}`);
    await page.getByRole("button", { name: "Upload and score" }).click();
  };
  const bad = JSON.stringify({
    "astropy__astropy-12907": { input_bounce: "yes" },
    "no-such-instance": { input_bounce: true },
  });
  await send("bad.json", bad);
  await expect(page).toHaveURL(/\/tasks\/bouncerbench\/input\/submit\?refused=[\w-]+$/);
  const report = page.getByTestId("upload-error");
  await expect(report).toContainText("2 problems");
  await expect(report).toContainText("astropy__astropy-12907");
  await expect(report).toContainText("no-such-instance");
  await expect(report).toContainText("Nothing was stored");
  // the refusal belongs to that answer: the upload page opened again does not show it
  await page.goto("/tasks/bouncerbench/input/submit");
  await expect(page.getByTestId("upload-error")).toHaveCount(0);

  await send(
    "good.json",
    bounceFile(inputIds(), (i) => i % 7 === 0),
  );
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`plain-${stamp}`);
  const id = page.url().split("/").pop();
  const api = await (await fetch(`${E2E.baseURL}/api/v1/submissions/${id}`)).json();
  expect([api.model, api.status]).toEqual([`plain-${stamp}`, "scored"]);
  await context.close();
});
