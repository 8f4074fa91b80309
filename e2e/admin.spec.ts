import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { boardModels, snap } from "./helpers";

test("an admin imports a release and publishes it; a reader switches releases", async ({ page }) => {
  await page.goto("/signin?callbackUrl=/admin");
  await page.getByLabel("Email").fill(E2E.adminEmail);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Releases" })).toBeVisible();

  const form = page.getByTestId("release-import");
  await form.getByLabel("Task").selectOption("bouncerbench/output");
  await form.getByLabel("Version").fill("2.0-e2e");
  await form.getByLabel("Notes").fill("re-run tests on a subset");

  // a bad file first: the validation report names the row and field, nothing is imported
  await page.getByTestId("release-file").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("instance_id,patch,output_quality\nsyn-output-0001,diff,1.7\n"),
  });
  await form.getByRole("button", { name: "Import release" }).click();
  await expect(page.getByTestId("import-error")).toContainText("output_quality");
  await expect(page.getByTestId("import-error")).toContainText("syn-output-0001");

  // a good one: 60 of the synthetic instances, relabelled, published at once
  const rows = Array.from(
    { length: 60 },
    (_, i) => `syn-output-${String(i + 1).padStart(4, "0")},diff,${i % 3 === 0 ? "1.0" : "0.5"}`,
  );
  await page.getByTestId("release-file").setInputFiles({
    name: "v2.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["instance_id,patch,output_quality", ...rows].join("\n")),
  });
  await form.getByLabel("publish at once").check();
  await form.getByRole("button", { name: "Import release" }).click();
  const ok = page.getByTestId("import-ok");
  await expect(ok).toContainText("Imported 2.0-e2e: 60 instances (csv)");
  await expect(ok).toContainText("−582 removed");
  await expect(ok.getByTestId("job-progress")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(ok.getByTestId("job-progress")).toContainText(/Re-scored \d+ submission/);
  await snap(page, "admin-import");
  await expect(page.getByTestId("releases-bouncerbench/output")).toContainText("published (current)");

  // a reader sees the new current release and switches back to the old one
  await page.context().clearCookies();
  await page.goto("/tasks/bouncerbench/output");
  const switcher = page.getByTestId("release-switcher");
  await expect(switcher.getByRole("link", { name: "2.0-e2e (current)" })).toHaveAttribute("aria-current", "page");
  // the synthetic systems cover 642 instances, so they are scored on all 60 of the new release
  expect(await boardModels(page)).toContain("sieve-7b");
  await switcher.getByRole("link", { name: "synthetic-1" }).click();
  await expect(page).toHaveURL(/release=synthetic-1/);
  await expect(switcher.getByRole("link", { name: "synthetic-1" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("synthetic-banner")).toBeVisible();
  const ranked = page
    .locator("[data-testid=leaderboard] tbody tr:not([data-divider])")
    .filter({ hasNotText: "baseline" });
  // rank 1, whatever its interval and top-group mark say after it
  await expect(ranked.first().getByTestId("rank")).toHaveText(/^1(?!\d)/);
  await snap(page, "release-switch");
});
