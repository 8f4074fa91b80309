// A visitor's page from the response cache is light (issue 36, item 2; lib/server/http/light-page.ts):
// whole HTML with one small island script instead of Next's scripts and its React Server
// Components payload, so a phone loads nothing to run; React comes in when the page needs it (a
// chart drawn by Recharts nears the screen, a button or a key is pressed), from the same cache
// entry, and the page then works as before.
import { expect, test, type Page } from "@playwright/test";
import { computeCacheBustingSearchParam } from "next/dist/shared/lib/router/utils/cache-busting-search-param.js";
import { e2eDatabaseUrl, jobsSettled } from "./helpers";

const BOARD = "/tasks/bouncerbench/input";

/** The scripts a page asks for, and the errors it meets, from now on. */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return { scripts, errors };
}

/**
 * A phone's screen on which the board's charts drawn by Recharts are below the island's reach
 * (300 px beyond the screen): the seeded board is short, so the screen is short too.
 */
async function chartsOutOfReach(page: Page) {
  await page.setViewportSize({ width: 412, height: 360 });
  await page.goto(BOARD);
  await page.waitForLoadState("networkidle");
  const top = await page
    .locator("[data-in-view=waiting]")
    .evaluateAll((els) => Math.min(...els.map((e) => e.getBoundingClientRect().top)));
  expect(top).toBeGreaterThan(360 + 300);
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => typeof (window as unknown as { next?: unknown }).next === "object");

test("a visitor's board is whole HTML and one island: no script file loads, the rows are there", async ({
  page,
  request,
}) => {
  const html = await (await request.get(BOARD)).text();
  expect(html).toContain('data-testid="leaderboard"');
  expect(html).not.toMatch(/<script[^>]+src="\/_next\//);
  expect(html).not.toContain("self.__next_f.push([1");
  const token = /<script data-hydrate="([^"]+)">/.exec(html)?.[1] ?? "";
  expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  // what it left out comes from the same entry, for this render only
  const left = await request.get(`${BOARD}?_hydrate=${token}`);
  expect(left.status()).toBe(200);
  expect(left.headers()["content-type"]).toMatch(/json/);
  const payload = (await left.json()) as { scripts: string[]; flight: unknown[] };
  expect(payload.scripts.every((s) => s.startsWith("/_next/static/"))).toBe(true);
  expect(payload.flight.length).toBeGreaterThan(1);
  const stale = await request.get(`${BOARD}?_hydrate=${"x".repeat(22)}`);
  expect(stale.status()).toBe(410);
  expect(((await stale.json()) as { error: { code: string } }).error.code).toBe("gone");
  // on the API the parameter is nobody's: the board's JSON, as without it
  const api = await request.get(`/api/v1${BOARD}/leaderboard?limit=1&_hydrate=${token}`);
  expect(api.status()).toBe(200);
  expect(((await api.json()) as { rows: unknown[] }).rows).toHaveLength(1);

  const seen = watch(page);
  await chartsOutOfReach(page);
  await expect(page.locator("[data-testid=leaderboard] tbody tr").first()).toBeAttached();
  expect(seen.scripts).toEqual([]);
  await expect(page.locator("html[data-hydration]")).toHaveCount(0);
  expect(seen.errors).toEqual([]);
});

test("React comes in when needed: a key pressed, then the page hydrates without an error", async ({ page }) => {
  const seen = watch(page);
  await chartsOutOfReach(page);
  await expect(page.locator("html[data-hydration]")).toHaveCount(0);
  await page.keyboard.press("Shift");
  await hydrated(page);
  await expect(page.locator("html[data-hydration=started]")).toHaveCount(1);
  expect(seen.scripts.length).toBeGreaterThan(0);
  // hydrated, the board's controls are React's (components/leaderboard/pick-sync.tsx takes over)
  await expect(page.locator("[data-pick-sync][data-live]")).toHaveCount(1);
  expect(seen.errors).toEqual([]);
});

test("a chart drawn by Recharts is drawn when the reader scrolls to it", async ({ page }) => {
  const seen = watch(page);
  await chartsOutOfReach(page);
  // the reader scrolls to the end (the page grows as charts are drawn: on to the new end)
  const waiting = page.locator("[data-in-view=waiting]");
  await waiting.last().scrollIntoViewIfNeeded();
  await hydrated(page);
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await waiting.count()).toBe(0);
  }).toPass();
  await expect(page.locator(".recharts-wrapper").first()).toBeVisible();
  expect(seen.errors).toEqual([]);
});

test("a button pressed before React holds it is pressed again when it does", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const board = (await (await page.request.get(`/api/v1${BOARD}/leaderboard?baselines=0&limit=1`)).json()) as {
    rows: { submissionId: string }[];
  };
  await page.goto(`/submissions/${board.rows[0].submissionId}`);
  await page.waitForLoadState("networkidle");
  const copy = page.getByTestId("copy-badge");
  await copy.click();
  await expect(copy).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\[!\[/);
});

test("before React: a tick keeps the picks in the URL, a filter submits on change, a click says it is loading", async ({
  page,
}) => {
  const rows = (
    (await (await page.request.get(`/api/v1${BOARD}/leaderboard?baselines=0`)).json()) as {
      rows: { submissionId: string; model: string; rank: number | null }[];
    }
  ).rows.filter((r) => r.rank !== null);
  // React is kept out, so what follows is the island's work
  await page.route(/_hydrate=/, (route) => route.abort());
  await chartsOutOfReach(page);
  await page.goto(`${BOARD}?limit=1`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html[data-hydration]")).toHaveCount(0);
  const box = page.getByRole("checkbox", { name: `Select ${rows[0].model} for comparison` });
  await box.check();
  await expect(page).toHaveURL(new RegExp(`pick=${rows[0].submissionId}`));
  await expect(page.locator("html[data-hydration=failed]")).toHaveCount(1);
  // a link of the board carries the picks, and the wait for the next page shows at once
  await page.route(/offset=1/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  // (clicked in the page, and the bar looked for at once: Playwright waits for a navigation to end)
  const shown = await page
    .getByRole("link", { name: /next/i })
    .first()
    .evaluate((a) => {
      (a as HTMLAnchorElement).click();
      const bar = document.querySelector("[data-testid=navigation-pending]");
      return {
        bar: !!bar && getComputedStyle(bar).display !== "none",
        dimmed: document.documentElement.dataset.navPending,
      };
    });
  expect(shown).toEqual({ bar: true, dimmed: "1" });
  await expect(page).toHaveURL(/offset=1/);
  await expect(page).toHaveURL(new RegExp(`pick=${rows[0].submissionId}`));
  // the filters' form submits when a control changes
  await page.waitForLoadState("networkidle");
  await page.getByTestId("filters-fold").locator("summary").click();
  const select = page.getByTestId("filters").locator("select").first();
  const before = page.url();
  const options = await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const current = await select.inputValue();
  await select.selectOption(options.find((o) => o !== current)!);
  await expect(page).not.toHaveURL(before);
});

test("a navigation started before React is live still says it is loading once React is", async ({ page }) => {
  await chartsOutOfReach(page);
  await expect(page.locator("html[data-hydration]")).toHaveCount(0);
  // React's files, and the next page, come when this test lets them
  let releaseReact = () => {};
  const reactHeld = new Promise<void>((r) => (releaseReact = r));
  await page.route(/\/_next\/static\/.*\.js/, async (route) => {
    await reactHeld;
    await route.continue();
  });
  let releasePage = () => {};
  const pageHeld = new Promise<void>((r) => (releasePage = r));
  await page.route(/\/tasks\/bouncerbench\/input\?.*q=gpt/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  // a key outside the filters brings React in; its files are on the way
  await page.keyboard.press("Shift");
  await expect(page.locator("html[data-hydration=started]")).toHaveCount(1);
  const search = page.getByRole("searchbox");
  await search.fill("gpt");
  // (the page reports itself: Playwright's queries, and the protocol's, wait for the held page)
  const seen: string[] = [];
  await page.exposeFunction("__report", (x: string) => seen.push(x));
  await page.evaluate(() => {
    const report = (window as unknown as { __report: (x: string) => void }).__report;
    setInterval(() => {
      const n = [...document.querySelectorAll("[role=status]")].find((x) => x.textContent === "Loading…");
      const shown = !!n && n.getBoundingClientRect().height > 0;
      const root = document.documentElement.dataset;
      report(`${root.navigationReady} ${shown ? "loading" : "-"} ${root.navPending ?? "-"} ${location.search || "-"}`);
    }, 50);
  });
  const state = () => seen.at(-1);
  // (submitted in the page: Playwright's press would wait for the held page)
  await search.evaluate((el) => (el as HTMLInputElement).form!.requestSubmit());
  await expect.poll(state).toBe("island loading 1 -");
  // React hydrates the page while the browser waits for the next one: the wait is still said
  releaseReact();
  await expect.poll(state).toBe("1 loading 1 -");
  releasePage();
  await expect(page).toHaveURL(/q=gpt/);
});

test("a client-side navigation gets React's payload from the cache, a prefetch the app's: the router never reloads", async ({
  page,
  request,
}) => {
  // (no job left to move the board's signature while this reads its cache)
  if (process.env.DATABASE_URL) await jobsSettled(e2eDatabaseUrl());
  // the board is in the response cache
  await request.get(BOARD);
  expect((await request.get(BOARD)).headers()["x-leaderboard-cache"]).toBe("hit");
  // what Next.js's router sends for a navigation, with its cache-busting `_rsc` (Next's own hash):
  // the payload, kept beside the page (the whole tree, whatever the router's state)
  const tree = encodeURIComponent(JSON.stringify(["", {}]));
  const navigation = { RSC: "1", "Next-Router-State-Tree": tree };
  const busting = await computeCacheBustingSearchParam(undefined, undefined, tree, undefined);
  const rsc = await request.get(`${BOARD}?sort=FNR_a&_rsc=${busting}`, { headers: navigation });
  expect(rsc.status()).toBe(200);
  expect(rsc.headers()["content-type"]).toMatch(/^text\/x-component/);
  expect(await rsc.text()).toMatch(/^\d+:/);
  const again = await request.get(`${BOARD}?sort=FNR_a&_rsc=${busting}`, { headers: navigation });
  expect(again.headers()["x-leaderboard-cache"]).toBe("hit");
  expect(await again.text()).toBe(await rsc.text());
  // never the page's HTML for it, nor it for the page, whatever a client sends: an `_rsc` that is
  // not the headers' hash, or one without the header, is the app's (a redirect to the right one)
  const html = await request.get(`${BOARD}?sort=FNR_a`);
  expect(html.headers()["content-type"]).toMatch(/^text\/html/);
  for (const [query, headers] of [
    [`?sort=FNR_a&_rsc=${busting}`, {}],
    ["?sort=FNR_a&_rsc=forged", navigation],
    ["?sort=FNR_a", { RSC: "1" }],
  ] as [string, Record<string, string>][]) {
    const odd = await request.get(`${BOARD}${query}`, { headers, maxRedirects: 0 });
    expect(odd.headers()["x-leaderboard-cache"], query).toBeUndefined();
  }
  // a prefetch (a few hundred bytes of the route's tree) goes to the app
  const asks = { RSC: "1", "Next-Router-Prefetch": "1", "Next-Router-Segment-Prefetch": "/_tree" };
  const prefetchBusting = await computeCacheBustingSearchParam("1", "/_tree", undefined, undefined);
  const prefetch = await request.get(`${BOARD}?_rsc=${prefetchBusting}`, { headers: asks, maxRedirects: 0 });
  expect(prefetch.status()).toBe(200);
  expect(prefetch.headers()["content-type"]).toMatch(/^text\/x-component/);
  expect(prefetch.headers()["x-leaderboard-cache"]).toBeUndefined();
  // in the browser: hydrated, sort links are followed in place, each with the router's own
  // request (answered by the cache: a hit, or a miss it then keeps), and no document is loaded again
  await chartsOutOfReach(page);
  await page.keyboard.press("Shift");
  await hydrated(page);
  await expect(page.locator("html[data-navigation-ready='1']")).toHaveCount(1);
  const documents: string[] = [];
  const payloads: (string | undefined)[][] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
  });
  page.on("response", (r) => {
    const h = r.request().headers();
    if (h["rsc"] && !h["next-router-prefetch"]) payloads.at(-1)?.push(r.headers()["x-leaderboard-cache"]);
  });
  const seen = watch(page);
  for (const key of ["FNR_a", "model", "FNR_a", "model"]) {
    payloads.push([]);
    const link = page.getByTestId("leaderboard").locator(`a[data-sort-key=${key}]`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`sort=${key}`));
    await expect(page.getByTestId("leaderboard").locator(`th:has(a[data-sort-key=${key}])`)).toHaveAttribute(
      "aria-sort",
      /ascending|descending/,
    );
    await expect.poll(() => payloads.at(-1)!.length).toBeGreaterThan(0);
  }
  for (const answers of payloads) for (const a of answers) expect(["hit", "miss"]).toContain(a);
  expect(documents).toEqual([]);
  expect(seen.errors).toEqual([]);
});
