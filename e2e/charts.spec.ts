import { expect, test, type Page } from "@playwright/test";
import { catalogTasks, snap } from "./helpers";

/** Charts draw when scrolled near (components/charts/in-view.tsx): scroll the page through. */
/** A bar chart's bars, drawn by Recharts or, for a few plain bars, as static SVG (static-bars.tsx). */
const BARS = ".recharts-bar-rectangle, [data-static-chart] rect";

async function showCharts(page: Page) {
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await page.waitForTimeout(50);
  }
  await expect(page.locator("[data-in-view=waiting]")).toHaveCount(0);
  // each drawing's code (Recharts) loads when its chart comes near
  await expect(page.locator("[data-chart-loading]")).toHaveCount(0);
}

async function firstSubmission(page: Page, task: string, filter = "") {
  await page.goto(`/tasks/${task}${filter}`);
  const href = await page
    .locator("[data-testid=leaderboard] tbody tr:not([data-divider])")
    .filter({ hasNotText: "baseline" })
    .first()
    .locator("a[href^='/submissions/']")
    .first()
    .getAttribute("href");
  return href!;
}

test("task charts: primary with error bars, per-class, length buckets, Table IV, PR curves, radars", async ({
  page,
}) => {
  await page.goto("/tasks/bouncerbench/input");
  await showCharts(page);
  // the paper's five Table II systems and three baselines
  await expect(page.getByTestId("chart-primary").locator(".recharts-bar-rectangle")).toHaveCount(8);
  await expect(page.getByTestId("chart-primary").locator(".recharts-errorBar")).not.toHaveCount(0);
  // release 1.1 carries SWE-bench's issue texts: Figure 2 on the 638 instances that have one
  await expect(page.getByTestId("length-coverage").first()).toContainText(
    "On the 638 of 1,699 instances that have an issue text",
  );
  await expect(
    page.getByTestId("chart-length").first().locator(".recharts-xAxis .recharts-cartesian-axis-tick"),
  ).toHaveCount(4);
  await page.goto("/tasks/bouncerbench/input?release=1.0");
  await showCharts(page);
  await expect(page.getByText("No length chart for this release")).toBeVisible();
  await page.goto("/tasks/bouncerbench/input");
  await showCharts(page);
  await snap(page, "task-input");

  await page.goto("/tasks/bouncerbench/lite");
  await showCharts(page);
  await expect(page.getByTestId("table-iv").locator("tbody tr")).toHaveCount(6);
  // 4 buckets; TPR up and FPR down for 3 systems (a zero-height bar draws no rectangle)
  const length = page.getByTestId("chart-length");
  await expect(length.locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(4);
  await expect(length.locator(".recharts-legend-item")).toHaveCount(6);
  await expect.poll(() => length.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(16);
  await snap(page, "task-lite");

  await page.goto("/tasks/abstain-validate/repair");
  await showCharts(page);
  // a line per system through a point per threshold (140 of them: no dots), plain SVG with the page
  const lines = page.getByTestId("chart-abstention-pr").locator("[data-static-chart] polyline");
  const sizes = await lines.evaluateAll((ps) => ps.map((p) => p.getAttribute("points")!.split(" ").length));
  expect(sizes).toHaveLength(2);
  for (const n of sizes) expect(n).toBeGreaterThan(100);
  await expect(page.getByTestId("chart-abstention-pr").locator("circle, .recharts-wrapper")).toHaveCount(0);
  await expect(page.getByTestId("chart-abstention-pr")).toContainText("AP 0.");
  await expect(page.getByTestId("chart-abstention-pr")).toContainText("prevalence");
  await expect(page.getByTestId("lift-table").locator("tbody tr")).toHaveCount(6);
  await snap(page, "task-av");

  await page.goto("/tasks/cr-bench/review");
  await showCharts(page);
  await expect(page.getByTestId("chart-radar-category").locator(".recharts-radar-polygon")).toHaveCount(2);
  await expect(page.getByTestId("chart-judgments").locator(BARS)).toHaveCount(3 * 2);
  await snap(page, "task-cr");

  await page.goto("/tasks/bouncerbench/output");
  await showCharts(page);
  await expect(page.locator('[data-testid=leaderboard] [data-metric="cost"]').first()).toContainText("$");
  await expect.poll(() => page.getByTestId("chart-cost").locator(".recharts-scatter-symbol").count()).toBe(3);
  await snap(page, "task-output-cost");

  await page.goto("/tasks/ci-bench/repair");
  await showCharts(page);
  await expect(page.getByTestId("chart-ci").locator(BARS)).toHaveCount(4 * 2);
  await snap(page, "task-ci");
});

test("a submission's per-class bars are plain SVG in the page's HTML, not drawn by Recharts", async ({ page }) => {
  const url = await firstSubmission(page, "bouncerbench/input");
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(url);
  const bars = page.getByTestId("chart-per-class");
  // in the server's HTML: nothing waits to be in view, nothing loads
  await expect(bars.locator("[data-static-chart]")).toHaveCount(1);
  await expect(bars.locator("[data-in-view], [data-chart-loading], .recharts-wrapper")).toHaveCount(0);
  // precision, recall and F1 of accept and bounce: a rectangle per non-zero value, each with its value
  expect(await bars.locator("rect").count()).toBeGreaterThanOrEqual(4);
  await expect(bars.locator("rect title").first()).toHaveText(/^accept · precision: \d\.\d{3}$/);
  expect(await labelProblems(page)).toEqual([]);
});

test("the Lite submission page draws the pipeline as a Sankey with one link per non-empty flow", async ({ page }) => {
  await page.goto(await firstSubmission(page, "bouncerbench/lite"));
  await showCharts(page);
  const sankey = page.getByTestId("chart-sankey");
  await expect(sankey.locator("path.sankey-link")).toHaveCount(10);
  await expect(sankey).toContainText("User sees: correct");
  await snap(page, "submission-lite-sankey");
});

test("the threshold explorer updates the funnel live", async ({ page }) => {
  await page.goto(await firstSubmission(page, "abstain-validate/repair"));
  await showCharts(page);
  const explorer = page.getByTestId("threshold-explorer");
  await expect(explorer).toBeVisible();
  const after = explorer.getByTestId("explorer-after-abstention");
  const before = await after.textContent();
  const slider = explorer.getByTestId("tau-slider");
  await slider.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
  await expect(explorer.getByTestId("tau-value")).toHaveText("0.80");
  await expect(after).not.toHaveText(before!);
  const v1 = await explorer.getByTestId("explorer-after-validation").textContent();
  await explorer.getByTestId("pct-slider").fill("95");
  await expect(explorer.getByTestId("pct-value")).toHaveText("p95");
  await expect(explorer.getByTestId("explorer-after-validation")).not.toHaveText(v1!);
  // one line per policy (AV_POLICIES: abstention_patch, Figure 9, is the tenth)
  await expect(page.getByTestId("chart-success-at-k").locator(".recharts-line")).toHaveCount(10);
  await snap(page, "submission-av-explorer");
});

test("filters and export: the URL holds the view, the CSV has exactly the shown rows", async ({ page }) => {
  await page.goto("/tasks/bouncerbench/output");
  await showCharts(page);
  // the filters are folded behind one control
  await page.getByTestId("filters-fold").locator("summary").click();
  await page.getByTestId("hide-baselines").check();
  await expect(page).toHaveURL(/baselines=0/);
  const rows = page.locator("[data-testid=leaderboard] tbody tr:not([data-divider])");
  const n = await rows.count();
  expect(n).toBeGreaterThanOrEqual(3);
  await expect(rows.filter({ hasText: "baseline" })).toHaveCount(0);
  await page.getByRole("searchbox").fill("sieve");
  await page.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/q=sieve/);
  await expect(rows).toHaveCount(1);
  const href = await page.getByTestId("export-csv").getAttribute("href");
  expect(href).toMatch(/format=csv/);
  expect(href).toMatch(/q=sieve/);
  const csv = await (await page.request.get(href!)).text();
  expect(csv.trim().split("\r\n")).toHaveLength(2);
  expect(csv).toContain("sieve-7b");
  const json = await (await page.request.get((await page.getByTestId("export-json").getAttribute("href"))!)).json();
  expect(json.rows.map((r: { model: string }) => r.model)).toEqual(["sieve-7b"]);
});

test("compare two submissions from the leaderboard, then drill into an instance", async ({ page }) => {
  await page.goto("/tasks/bouncerbench/input?baselines=0");
  await showCharts(page);
  await page.getByRole("checkbox", { name: "Select gpt-4.1 for comparison" }).check();
  await page.getByRole("checkbox", { name: "Select claude-3.7-sonnet for comparison" }).check();
  await page.getByTestId("compare-selected").click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  await expect(page.getByTestId("compare-significance")).toContainText("significant");
  await expect(page.getByTestId("compare-metrics")).toContainText("0.500");
  const first = page.getByTestId("compare-disagreements").locator("tbody tr").first().getByRole("link");
  const id = await first.textContent();
  await snap(page, "compare");
  await first.click();
  await expect(page.getByRole("heading", { name: id! })).toBeVisible();
  await expect(page.getByTestId("instance-predictions").locator("tbody tr")).not.toHaveCount(0);

  await page.goto("/tasks/bouncerbench/input/instances?sort=difficulty");
  await showCharts(page);
  await expect(page.getByTestId("instance-explorer").locator("tbody tr")).toHaveCount(50);
  await snap(page, "instances");
  await page.goto("/tasks/bouncerbench/input/releases/1.0");
  await showCharts(page);
  await expect(page.getByTestId("release-summary")).toContainText("1699 instances");
  await snap(page, "release-overview");
});

test("a CI-Bench submission shows the developer's patch beside the tool's for each instance", async ({
  page,
  request,
}) => {
  const lb = await (await request.get("/api/v1/tasks/ci-bench/repair/leaderboard")).json();
  const id = lb.rows.find((r: { baseline: string | null }) => !r.baseline).submissionId;
  await page.goto(`/submissions/${id}`);
  await showCharts(page);
  const diff = page.getByTestId("diff-side-by-side").first();
  await page.getByText("developer vs tool patch").first().click();
  await expect(diff).toBeVisible();
  await expect(diff.locator("pre").first()).toContainText("@@");
});

/**
 * Every label of every chart on the page that overlaps another or sticks out of its drawing:
 * each <text> as its box in its own (possibly rotated) frame, four corners on the screen, tested
 * pairwise by separating axes — rotated labels whose screen rectangles cross but whose glyphs
 * do not are not counted.
 */
async function labelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    type Quad = [number, number][];
    const quad = (t: SVGGraphicsElement): Quad => {
      const b = t.getBBox();
      const m = t.getScreenCTM()!;
      const corners: [number, number][] = [
        [b.x, b.y],
        [b.x + b.width, b.y],
        [b.x + b.width, b.y + b.height],
        [b.x, b.y + b.height],
      ];
      return corners.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
    };
    const apart = (P: Quad, Q: Quad) => {
      for (const poly of [P, Q])
        for (let i = 0; i < 4; i++) {
          const [x1, y1] = poly[i];
          const [x2, y2] = poly[(i + 1) % 4];
          const nx = y2 - y1;
          const ny = x1 - x2;
          const len = Math.hypot(nx, ny) || 1;
          const a = P.map(([x, y]) => (x * nx + y * ny) / len);
          const c = Q.map(([x, y]) => (x * nx + y * ny) / len);
          // a pixel of contact is not an overlap
          if (Math.min(...a) - Math.max(...c) >= -1 || Math.min(...c) - Math.max(...a) >= -1) return true;
        }
      return false;
    };
    for (const chart of document.querySelectorAll<HTMLElement>("[data-testid^=chart-]")) {
      const svgs = [...chart.querySelectorAll<SVGSVGElement>("svg")];
      const area = (s: SVGSVGElement) => s.getBoundingClientRect().width * s.getBoundingClientRect().height;
      const svg = svgs.sort((a, b) => area(b) - area(a))[0];
      if (!svg) continue;
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll<SVGTextElement>("text")]
        .filter((t) => t.textContent!.trim() && t.getBoundingClientRect().width > 0)
        .map((t) => ({ text: t.textContent!.trim().slice(0, 24), q: quad(t) }));
      const name = chart.dataset.testid;
      for (let i = 0; i < labels.length; i++) {
        if (
          labels[i].q.some(([x, y]) => x < box.left - 1 || x > box.right + 1 || y < box.top - 1 || y > box.bottom + 1)
        )
          out.push(`${name}: "${labels[i].text}" is cut off`);
        for (let j = i + 1; j < labels.length; j++)
          if (!apart(labels[i].q, labels[j].q)) out.push(`${name}: "${labels[i].text}" overlaps "${labels[j].text}"`);
      }
    }
    return out;
  });
}

test("no chart label overlaps another or is cut off, at 390 and 1,440 px, on every page with charts", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tasks = catalogTasks();
  const urls = [...tasks.map((t) => `/tasks/${t}`)];
  for (const t of ["bouncerbench/input", "bouncerbench/lite", "abstain-validate/repair", "cr-bench/review"])
    urls.push(await firstSubmission(page, t));
  await page.goto("/tasks/bouncerbench/input?baselines=0");
  const ids = await page
    .locator("[data-testid=leaderboard] tbody tr:not([data-divider]) a[href^='/submissions/']")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!.split("/").pop()));
  urls.push(`/tasks/bouncerbench/input/compare?ids=${ids.slice(0, 2).join(",")}`);
  const problems: string[] = [];
  let charts = 0;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of urls) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      // charts below the fold draw when scrolled to
      for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
        await page.evaluate((to) => window.scrollTo(0, to), y);
        await page.waitForTimeout(60);
      }
      await expect(page.locator("[data-in-view=waiting]")).toHaveCount(0);
      await expect(page.locator("[data-chart-loading]")).toHaveCount(0);
      await page.waitForTimeout(300);
      charts += await page.locator("[data-testid^=chart-] svg").count();
      for (const p of await labelProblems(page)) problems.push(`${width} px ${url}: ${p}`);
    }
  }
  expect(charts).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});
