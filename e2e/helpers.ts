import { CATALOG } from "@/lib/tasks/catalog";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import pg from "pg";

export const SEED = path.resolve("prisma/seed-data/bouncerbench");

/** Saves a screenshot for review under e2e/screenshots/. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
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

/** Every task of the catalog, "benchmark/task" (the boards a browser test walks). */
export function catalogTasks(): string[] {
  return CATALOG.flatMap((b) => b.tasks.map((t) => `${b.slug}/${t.slug}`));
}
