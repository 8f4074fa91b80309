import { expect, test, type Page } from "@playwright/test";
import { snap } from "./helpers";

async function firstSubmission(page: Page, task: string, filter = "") {
  await page.goto(`/tasks/${task}${filter}`);
  const href = await page
    .locator("[data-testid=leaderboard] tbody tr")
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
  await expect(page.getByTestId("chart-primary").locator(".recharts-bar-rectangle")).toHaveCount(5);
  await expect(page.getByTestId("chart-primary").locator(".recharts-errorBar")).not.toHaveCount(0);
  // release 1.1 carries SWE-bench's issue texts: Figure 2 on the 638 instances that have one
  await expect(page.getByTestId("length-coverage").first()).toContainText(
    "On the 638 of 1,699 instances that have an issue text",
  );
  await expect(
    page.getByTestId("chart-length").first().locator(".recharts-xAxis .recharts-cartesian-axis-tick"),
  ).toHaveCount(4);
  await page.goto("/tasks/bouncerbench/input?release=1.0");
  await expect(page.getByText("No length chart for this release")).toBeVisible();
  await page.goto("/tasks/bouncerbench/input");
  await snap(page, "task-input");

  await page.goto("/tasks/bouncerbench/lite");
  await expect(page.getByTestId("table-iv").locator("tbody tr")).toHaveCount(6);
  // 4 buckets; TPR up and FPR down for 3 systems (a zero-height bar draws no rectangle)
  const length = page.getByTestId("chart-length");
  await expect(length.locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(4);
  await expect(length.locator(".recharts-legend-item")).toHaveCount(6);
  await expect.poll(() => length.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(16);
  await snap(page, "task-lite");

  await page.goto("/tasks/abstain-validate/repair");
  // one PR point per threshold, per system: two systems drawn with dots
  const dots = page.getByTestId("chart-abstention-pr").locator(".recharts-line-dots circle");
  await expect.poll(() => dots.count()).toBeGreaterThan(20);
  await expect(page.getByTestId("chart-abstention-pr")).toContainText("AP 0.");
  await expect(page.getByTestId("chart-abstention-pr")).toContainText("prevalence");
  await expect(page.getByTestId("lift-table").locator("tbody tr")).toHaveCount(6);
  await snap(page, "task-av");

  await page.goto("/tasks/cr-bench/review");
  await expect(page.getByTestId("chart-radar-category").locator(".recharts-radar-polygon")).toHaveCount(2);
  await expect(page.getByTestId("chart-judgments").locator(".recharts-bar-rectangle")).toHaveCount(3 * 2);
  await snap(page, "task-cr");

  await page.goto("/tasks/bouncerbench/output");
  await expect(page.locator('[data-testid=leaderboard] [data-metric="cost"]').first()).toContainText("$");
  await expect.poll(() => page.getByTestId("chart-cost").locator(".recharts-scatter-symbol").count()).toBe(3);
  await snap(page, "task-output-cost");

  await page.goto("/tasks/ci-bench/repair");
  await expect(page.getByTestId("chart-ci").locator(".recharts-bar-rectangle")).toHaveCount(4 * 2);
  await snap(page, "task-ci");
});

test("the Lite submission page draws the pipeline as a Sankey with one link per non-empty flow", async ({ page }) => {
  await page.goto(await firstSubmission(page, "bouncerbench/lite"));
  const sankey = page.getByTestId("chart-sankey");
  await expect(sankey.locator("path.sankey-link")).toHaveCount(10);
  await expect(sankey).toContainText("User sees: correct");
  await snap(page, "submission-lite-sankey");
});

test("the threshold explorer updates the funnel live", async ({ page }) => {
  await page.goto(await firstSubmission(page, "abstain-validate/repair"));
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
  await expect(page.getByTestId("chart-success-at-k").locator(".recharts-line")).toHaveCount(9);
  await snap(page, "submission-av-explorer");
});

test("filters and export: the URL holds the view, the CSV has exactly the shown rows", async ({ page }) => {
  await page.goto("/tasks/bouncerbench/output");
  await page.getByTestId("hide-baselines").check();
  await expect(page).toHaveURL(/baselines=0/);
  const rows = page.locator("[data-testid=leaderboard] tbody tr");
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
  await expect(page.getByTestId("instance-explorer").locator("tbody tr")).toHaveCount(50);
  await snap(page, "instances");
  await page.goto("/tasks/bouncerbench/input/releases/1.0");
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
  const diff = page.getByTestId("diff-side-by-side").first();
  await page.getByText("developer vs tool patch").first().click();
  await expect(diff).toBeVisible();
  await expect(diff.locator("pre").first()).toContainText("@@");
});
