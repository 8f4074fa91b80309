import { expect, test, type Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { adminToken, bounceFile, catalogTasks, inputIds, postForm, reactLive, snap, teamToken } from "./helpers";

// A board a reader understands (issue 32), in Chromium at a phone's 390 px and a laptop's
// 1440×900: the score in view without sideways scrolling on every task's board and on compare,
// a dense first screen, labels instead of metric keys, the paper a click away, a skip link to the
// rows, and picks across pages said.

const TASKS = catalogTasks();

type Row = {
  submissionId: string;
  model: string;
  rank: number | null;
  significancePending: boolean;
  rankIntervalSimultaneous: { lo: number; hi: number } | null;
};

async function ranked(page: Page, task: string): Promise<Row[]> {
  for (let i = 0; i < 120; i++) {
    const lb = (await (await page.request.get(`/api/v1/tasks/${task}/leaderboard?baselines=0`)).json()) as {
      rows: Row[];
    };
    if (!lb.rows.some((r) => r.significancePending)) return lb.rows.filter((r) => r.rank !== null);
    await page.waitForTimeout(250);
  }
  throw new Error(`the rank intervals of ${task} were never computed`);
}

/** The page never scrolls sideways: anything wider scrolls inside its own box. */
async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** The element's box lies inside the viewport's width (it is read without scrolling sideways). */
async function inViewWidth(page: Page, selector: ReturnType<Page["locator"]>) {
  const box = await selector.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  // (a fraction of a pixel is layout rounding, not a cut)
  expect(Math.floor(box!.x + box!.width)).toBeLessThanOrEqual(width);
}

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("every task's board: rank, system and the primary metric with its interval in view; filters folded", async ({
    page,
  }) => {
    for (const task of TASKS) {
      const rows = await ranked(page, task);
      await page.goto(`/tasks/${task}`);
      // the filters are one control, closed: the rows come right after the notes
      await expect(page.getByTestId("filters-fold")).not.toHaveAttribute("open", "");
      await noSidewaysScroll(page);
      if (!rows.length) continue;
      const row = page.getByTestId("leaderboard").locator(`tr[data-model="${rows[0].model}"]`).first();
      await row.scrollIntoViewIfNeeded();
      await inViewWidth(page, row.getByTestId("rank"));
      await inViewWidth(page, row.locator("th[scope=row]"));
      const primary = row.locator("td[data-metric]").first();
      await inViewWidth(page, primary);
      // the score's interval is printed, not hover-only
      await expect(primary).toContainText("±");
    }
    await snap(page, "board-phone");
  });

  test("the first screen holds ranked rows: three (or all there are) with rank, interval and score, JavaScript on and off", async ({
    page,
    browser,
  }) => {
    const plain = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      javaScriptEnabled: false,
    });
    const noScript = await plain.newPage();
    try {
      for (const task of TASKS) {
        const rows = await ranked(page, task);
        const want = rows.slice(0, 3);
        for (const p of [page, noScript]) {
          await p.goto(`/tasks/${task}`);
          for (const r of want) {
            const row = p.getByTestId("leaderboard").locator(`tr[data-model="${r.model}"]`).first();
            for (const cell of [
              row.getByTestId("rank"),
              row.locator("th[scope=row]"),
              row.locator("td[data-metric]").first(),
            ]) {
              // on the first screen: no scrolling down (the page is at its top) nor sideways; measured
              // until the layout settles (fonts, hydration), a fraction of a pixel being rounding
              const edge = async () => {
                const box = await cell.boundingBox();
                return box ? [Math.floor(box.y + box.height), Math.floor(box.x + box.width)] : [Infinity, Infinity];
              };
              await expect
                .poll(async () => (await edge())[0], {
                  message: `${task}: ${r.model}'s row ends within the first screen`,
                })
                .toBeLessThanOrEqual(844);
              expect((await edge())[1]).toBeLessThanOrEqual(390);
            }
            // the rank's interval (a hidden release has none) and the score's are printed in the row
            if (r.rankIntervalSimultaneous) await expect(row.getByTestId("rank")).toContainText(/\(\d/);
            await expect(row.locator("td[data-metric]").first()).toContainText("±");
          }
        }
      }
      // a team's upload count is said once, on its first row, not on each: a team with two systems here
      const admin = adminToken();
      const token = await teamToken(E2E.baseURL, admin, `counted-${Date.now()}`);
      const ids = inputIds();
      const made: string[] = [];
      try {
        for (const [k, model] of ["counted-once-a", "counted-once-b"].entries()) {
          const res = await postForm({
            base: E2E.baseURL,
            headers: { authorization: `Bearer ${token}` },
            fields: { model, visibility: "public" },
            file: bounceFile(ids, (i) => (i * (k + 5)) % 11 < 3),
            name: `${model}.json`,
          });
          expect(res.status, await res.clone().text()).toBe(201);
          made.push(((await res.json()) as { id: string }).id);
        }
        await page.goto("/tasks/bouncerbench/input?q=counted-once");
        await expect(page.getByTestId("leaderboard").locator("tbody tr:not([data-divider])")).toHaveCount(2);
        const counts = page.getByTestId("team-attempts");
        await expect(counts).toHaveCount(1);
        await expect(counts).toContainText("2 uploads here");
      } finally {
        // the Input board as the other specs expect it (the paper's five rows and the baselines)
        for (const id of made) {
          const res = await fetch(`${E2E.baseURL}/api/v1/admin/submissions/${id}`, {
            method: "DELETE",
            headers: { authorization: `Bearer ${admin}` },
          });
          expect(res.status, await res.clone().text()).toBeLessThan(300);
        }
      }
    } finally {
      await plain.close();
    }
  });

  test("wide tables are cards on a phone: a submission's predictions and the instances explorer, no box scrolls", async ({
    page,
  }) => {
    const rows = await ranked(page, "bouncerbench/input");
    expect(rows.length).toBeGreaterThan(0);
    for (const [url, id] of [
      [`/submissions/${rows[0].submissionId}`, "instances"],
      ["/tasks/bouncerbench/input/instances", "instance-explorer"],
    ]) {
      await page.goto(url);
      const table = page.getByTestId(id);
      await table.scrollIntoViewIfNeeded();
      await noSidewaysScroll(page);
      // the frame does not scroll on its own, sideways or down
      const frame = await table.evaluate((t) => {
        const f = t.closest("[data-table-frame]")!;
        return { sw: f.scrollWidth, cw: f.clientWidth, sh: f.scrollHeight, ch: f.clientHeight };
      });
      expect(frame.sw).toBeLessThanOrEqual(frame.cw);
      expect(frame.sh).toBeLessThanOrEqual(frame.ch + 1);
      // a card per row, each field under its column's name
      const card = table.locator("tbody tr").first();
      await inViewWidth(page, card);
      expect(await card.locator("[data-label]").count()).toBeGreaterThan(1);
    }
  });

  test("compare fits the screen: the verdict beside each pair, the matrix of the picks", async ({ page }) => {
    const rows = await ranked(page, "bouncerbench/input");
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await page.goto(`/tasks/bouncerbench/input/compare?ids=${rows[0].submissionId},${rows[1].submissionId}`);
    await noSidewaysScroll(page);
    const pair = page.getByTestId("compare-significance").locator("tbody tr").first();
    await inViewWidth(page, pair.locator("th[scope=row]"));
    await inViewWidth(page, pair.locator("td").first());
    await expect(pair.locator("td").first()).toContainText(/significant/);
    // who beats whom among the picks (not the top ten), and whether anything is separable at all
    const matrix = page.getByTestId("beats-matrix");
    await expect(matrix).toHaveAttribute("data-picked", "1");
    await expect(matrix.locator("tbody tr")).toHaveCount(2);
    const cells = await matrix
      .locator("td[data-cell]")
      .evaluateAll((tds) => tds.map((t) => t.getAttribute("data-cell")));
    if (cells.every((c) => c === "tie")) await expect(page.getByTestId("beats-none")).toBeVisible();
    else await expect(page.getByTestId("beats-none")).toHaveCount(0);
    await inViewWidth(page, matrix);
    await snap(page, "compare-phone");
  });
});

test.describe("on a laptop (1440 × 900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a dense first screen: room for 12 ranked rows above the fold, the page scrolls (no box), the key columns fit", async ({
    page,
  }) => {
    await ranked(page, "bouncerbench/input");
    await page.goto("/tasks/bouncerbench/input");
    const table = page.getByTestId("leaderboard");
    const first = table.locator("tbody tr:not([data-divider])").first();
    const box = (await first.boundingBox())!;
    await snap(page, "board-desktop-first-screen");
    // the seeded board has few rows: what counts is where the first starts and how tall a row is
    expect(box.y + 12 * box.height).toBeLessThanOrEqual(900);
    // no scroll box of its own: the table's frame is as tall as the table
    const frame = await table.evaluate((t) => {
      const f = t.closest("[data-table-frame]") as HTMLElement;
      return { frame: f.clientHeight, table: t.getBoundingClientRect().height, scroll: f.scrollWidth - f.clientWidth };
    });
    expect(frame.frame).toBeGreaterThanOrEqual(Math.floor(frame.table));
    // the key columns fit: nothing to scroll sideways
    expect(frame.scroll).toBeLessThanOrEqual(0);
    await noSidewaysScroll(page);
    await snap(page, "board-desktop");
  });

  test("words for people: labels instead of metric keys, the paper linked, true tooltips, a skip link to the rows", async ({
    page,
  }) => {
    await page.goto("/");
    const home = await page.locator("main").innerText();
    expect(home).not.toContain("combined_binary_success_at_1");
    await expect(page.getByTestId("home-paper-link").first()).toHaveAttribute("href", /^https:\/\//);

    await page.goto("/tasks/abstain-validate/repair");
    const text = await page.locator("main").innerText();
    for (const key of ["combined_binary_success_at_1", "binary_success_at_1"]) expect(text).not.toContain(key);
    await expect(page.getByTestId("paper-link")).toHaveAttribute("href", "https://doi.org/10.1145/3786583.3786858");
    // the Date column says what it is, not "Higher is better"
    await expect(page.getByRole("button", { name: /When the submission was uploaded/ })).not.toHaveAccessibleName(
      /Higher is better/,
    );

    // a 404's title says so
    await page.goto("/tasks/bouncerbench/nope");
    await expect(page).toHaveTitle(/Not found/);

    // keyboard: the skip link is among the first stops and lands on the rows
    await page.goto("/tasks/bouncerbench/input");
    const skip = page.getByTestId("skip-to-ranking");
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await skip.evaluate((a) => a === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#ranking$/);
  });

  test("CR-Bench-verified: the board switches to the subset the release declares, and Table 3 has both sets", async ({
    page,
  }) => {
    await ranked(page, "cr-bench/review");
    await page.goto("/tasks/cr-bench/review");
    const sw = page.getByTestId("subset-switch");
    await expect(sw.locator("[aria-current=page]")).toContainText("all");
    await sw.getByTestId("subset-on").click();
    await expect(page).toHaveURL(/sort=verified_f1/);
    await expect(page.getByTestId("subset-switch").locator("[aria-current=page]")).toContainText("CR-Bench-verified");
    await expect(page.getByTestId("leaderboard").locator("thead")).toContainText("F1 (verified)");
    // the rows in the subset's order: its F1 falls from row to row
    const f1s = await page
      .getByTestId("leaderboard")
      .locator('td[data-metric="verified_f1"]')
      .evaluateAll((tds) => tds.map((t) => parseFloat(t.textContent ?? "")).filter((v) => Number.isFinite(v)));
    expect(f1s.length).toBeGreaterThan(0);
    expect([...f1s].sort((a, b) => b - a)).toEqual(f1s);
    // the release's Table 3: the whole release, the subset, and the paper's two sets
    const lb = (await (await page.request.get("/api/v1/tasks/cr-bench/review/leaderboard?limit=1")).json()) as {
      release: { version: string };
    };
    await page.goto(`/tasks/cr-bench/review/releases/${encodeURIComponent(lb.release.version)}`);
    await expect(page.getByTestId("statistics-subset")).toContainText("CR-Bench-verified");
    await expect(page.getByTestId("release-statistics")).toContainText("paper: CR-Bench-verified (174 PRs)");
  });

  test("ticks on other pages are said next to the compare button, and can be cleared", async ({ page }) => {
    const rows = await ranked(page, "bouncerbench/input");
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await page.goto(`/tasks/bouncerbench/input?limit=1&offset=1&pick=${rows[0].submissionId}`);
    const note = page.getByTestId("picked-elsewhere-note");
    await expect(note).toContainText("1 ticked on other pages");
    await note.getByRole("link", { name: "clear" }).click();
    await expect(page).not.toHaveURL(/pick=/);
    await expect(page.getByTestId("picked-elsewhere-note")).toHaveCount(0);
  });

  test("a slow navigation dims the page and says it is loading", async ({ page }) => {
    await page.goto("/tasks/bouncerbench/input");
    // React's bar
    await reactLive(page);
    await page.route(/\/tasks\/bouncerbench\/input\?.*q=gpt/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole("searchbox").fill("gpt");
    await page.getByRole("searchbox").press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeVisible({ timeout: 1000 });
    await expect(page.locator("html[data-nav-pending]")).toHaveCount(1);
    await expect(page).toHaveURL(/q=gpt/);
    await expect(page.locator("html[data-nav-pending]")).toHaveCount(0);
  });
});
