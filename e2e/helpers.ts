import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

export const SEED = path.resolve("prisma/seed-data/bouncerbench");

/** Saves a screenshot for review under e2e/screenshots/. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/** Model names in leaderboard order. */
export async function boardModels(page: Page): Promise<string[]> {
  return page.locator("[data-testid=leaderboard] tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-model") ?? ""));
}
