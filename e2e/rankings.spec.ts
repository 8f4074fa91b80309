import { expect, test, type Page } from "@playwright/test";
import { snap } from "./helpers";

// Honest rankings (issue 19) in Chromium: rank intervals and the top group on the board, the
// baselines' band, one row per system or all, ticks that survive paging, the compare pickers and
// the README badge as a browser draws it.

type Row = {
  submissionId: string;
  model: string;
  rank: number | null;
  baseline: string | null;
  significancePending: boolean;
};

async function freshBoard(page: Page, q = "") {
  for (let i = 0; i < 120; i++) {
    const lb = (await (await page.request.get(`/api/v1/tasks/bouncerbench/input/leaderboard${q}`)).json()) as {
      rows: Row[];
    };
    if (!lb.rows.some((r) => r.significancePending)) return lb.rows;
    await page.waitForTimeout(250);
  }
  throw new Error("the rank intervals were never computed");
}

test("the board: rank intervals with the top group, baselines in a band of their own, systems or all submissions", async ({
  page,
}) => {
  await freshBoard(page);
  await page.goto("/tasks/bouncerbench/input");
  const table = page.getByTestId("leaderboard");
  // one interval per row, the simultaneous one: "could be #1" is read off the bracket (it starts at 1)
  const lb = (await (await page.request.get("/api/v1/tasks/bouncerbench/input/leaderboard")).json()) as {
    rows: {
      model: string;
      rank: number | null;
      topGroup: boolean;
      baseline: string | null;
      primary?: number | null;
      metrics: Record<string, number>;
      rankIntervalSimultaneous: { lo: number; hi: number };
    }[];
  };
  for (const r of lb.rows) r.primary = r.metrics.F_m;
  const ranked = lb.rows.filter((r) => r.rank !== null);
  for (const r of ranked) {
    const { lo, hi } = r.rankIntervalSimultaneous;
    const cell = table.locator(`tr[data-model="${r.model}"]`).getByTestId("rank-interval");
    // the bracket, then (for screen readers) what a bracket from 1 means
    await expect(cell).toHaveText(new RegExp(`^\\(${lo === hi ? lo : `${lo}–${hi}`}\\)( could be #1)?$`));
    // the top group is exactly the rows whose bracket starts at 1: never a mark beside an interval that excludes 1
    if (r.topGroup) await expect(cell).toHaveAttribute("data-top", "1");
    else await expect(cell).not.toHaveAttribute("data-top", "1");
  }
  // the note says how many could be #1, as it is computed; the method is a click (or Enter) away, not a hover
  const top = ranked.filter((r) => r.topGroup).length;
  const note = page.getByTestId("ranking-note");
  await expect(note.getByTestId("top-group-count")).toHaveText(
    top === 1 ? /#1 is ahead of every other system/ : `${top} of ${ranked.length} systems could be #1`,
  );
  await expect(note).not.toHaveAttribute("open", "");
  await note.locator("summary").press("Enter");
  await expect(note).toContainText("simultaneous 95% interval");
  await expect(note).toContainText("studentised max-T");
  // baselines are not rows of the ranking: a one-line band above it, each saying what it does a click away
  const band = page.getByTestId("baselines-band");
  await expect(band.locator("li")).toHaveCount(3);
  await band.locator("summary").click();
  await expect(band.locator('li[data-baseline-detail="random"]')).toContainText("fair coin");
  // a coin (0.516 on the seeded release) beats every ranked system but the paper's o4-mini (0.592): the
  // band marks a baseline "above #1" only when it beats #1, so none here
  const coin = lb.rows.find((r) => r.baseline === "random")!.primary!;
  const below = ranked.filter((r) => typeof r.primary === "number" && r.primary < coin).length;
  expect(below).toBeGreaterThan(0);
  expect(below).toBeLessThan(ranked.length);
  await expect(band.getByTestId("baseline-above-top")).toHaveCount(0);
  // the ranked rows below it are greyed, under one line that says where the coin sits
  await expect(table.locator("tbody tr:not([data-divider])")).toHaveCount(ranked.length);
  await expect(table.locator("tr[data-below-baseline]")).toHaveCount(below);
  await expect(table.getByTestId("baseline-edge")).toHaveCount(1);
  await expect(table.getByTestId("baseline-edge")).toContainText("Below the Random");
  await expect(table.locator("tbody tr:not([data-divider])").filter({ hasText: "baseline" })).toHaveCount(0);
  // one row per system by default; every submission a click away, in the URL
  const toggle = page.getByTestId("view-toggle");
  await expect(toggle.locator("[aria-current=page]")).toContainText("One row per system");
  await toggle.getByRole("link", { name: /All submissions/ }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByTestId("view-toggle").locator("[aria-current=page]")).toContainText("All submissions");
  await snap(page, "board-rank-intervals");
});

test("ticks survive paging and go to compare; the compare page finds systems by name and shows who beats whom", async ({
  page,
}) => {
  const rows = (await freshBoard(page, "?baselines=0")).filter((r) => r.rank !== null);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  await page.goto("/tasks/bouncerbench/input?limit=1");
  const tick = (model: string) => page.getByRole("checkbox", { name: `Select ${model} for comparison` });
  await tick(rows[0].model).check();
  await expect(page).toHaveURL(new RegExp(`pick=${rows[0].submissionId}`));
  await page.getByRole("link", { name: /next/i }).first().click();
  await expect(page).toHaveURL(/offset=1/);
  await expect(page).toHaveURL(new RegExp(`pick=${rows[0].submissionId}`));
  await tick(rows[1].model).check();
  await expect(page).toHaveURL(new RegExp(`pick=${rows[0].submissionId}(%2C|,)${rows[1].submissionId}`));
  // back to the first page: its tick is still there
  await page.getByRole("link", { name: /prev/i }).first().click();
  await expect(tick(rows[0].model)).toBeChecked();
  await page.getByTestId("compare-selected").click();
  await expect(page).toHaveURL(/\/compare\?/);
  await expect(page.getByRole("heading", { name: /Compare 2 submissions/ })).toBeVisible();

  // start again from nothing: find claude by name, then gpt-4.1
  await page.goto("/tasks/bouncerbench/input/compare");
  await page.getByTestId("compare-find").fill("claude");
  await page.getByTestId("compare-find").press("Enter");
  await page.getByTestId("compare-matches").getByRole("link", { name: "+ claude-3.7-sonnet" }).click();
  await expect(page.getByTestId("compare-picked")).toContainText("claude-3.7-sonnet");
  await page.getByTestId("compare-find").fill("gpt-4.1");
  await page.getByTestId("compare-find").press("Enter");
  await page.getByTestId("compare-matches").getByRole("link", { name: "+ gpt-4.1" }).click();
  await expect(page.getByRole("heading", { name: /Compare 2 submissions/ })).toBeVisible();
  const matrix = page.getByTestId("beats-matrix");
  await expect(matrix).toBeVisible();
  // the top two seeded systems are far apart: gpt-4.1's row beats claude's column
  await expect(matrix.locator("td[data-cell=win]").first()).toBeVisible();
  await snap(page, "compare-pickers");
});

test("the README badge draws in Chromium with every text inside its half, and its Markdown is on the page", async ({
  page,
}) => {
  const rows = await freshBoard(page, "?baselines=0");
  const gpt = rows.find((r) => r.model === "gpt-4.1")!;
  await page.goto(`/submissions/${gpt.submissionId}`);
  const card = page.getByTestId("badge-card");
  await card.scrollIntoViewIfNeeded();
  const img = card.locator("img");
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(100);
  const md = await page.getByTestId("badge-markdown").inputValue();
  expect(md).toContain(`/badges/tasks/bouncerbench/input/submissions/${gpt.submissionId}.svg`);
  expect(md).toContain(`/submissions/${gpt.submissionId})`);
  // the SVG itself (badge-maker's, its text in scaled groups): each half's text fits its box, as
  // Chromium lays out the font — both measured on the page, after every transform
  await page.goto(`/badges/tasks/bouncerbench/input/submissions/${gpt.submissionId}.svg`);
  const fits = await page.evaluate(() => {
    const svg = document.querySelector("svg")!;
    const rects = [...svg.querySelectorAll("g[clip-path] rect")].slice(0, 2) as SVGRectElement[];
    const texts = [...svg.querySelectorAll("text")].filter(
      (t) => !t.getAttribute("fill-opacity") && !t.closest("[aria-hidden]"),
    ) as SVGTextElement[];
    return texts.map((t, i) => {
      const box = t.getBoundingClientRect();
      const r = rects[i].getBoundingClientRect();
      return { text: t.textContent, left: box.left - r.left, right: r.right - box.right };
    });
  });
  expect(fits).toHaveLength(2);
  expect(fits[1].text).toMatch(/^F_m 0\.500 · #\d+/);
  for (const f of fits) {
    expect(f.left, `${f.text} starts inside its half`).toBeGreaterThan(1);
    expect(f.right, `${f.text} ends inside its half`).toBeGreaterThan(1);
  }
});
