import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The app under test gets its own database: a fresh one on the PostgreSQL server of
// DATABASE_URL (created by e2e/serve.mjs), or an embedded PGlite in a temp folder.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "lb-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
const e2eDbName = process.env.E2E_DB_NAME ?? `lb_e2e_${process.pid}`;
process.env.E2E_DB_NAME = e2eDbName;
let databaseUrl = "";
if (process.env.DATABASE_URL) {
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${e2eDbName}`;
  databaseUrl = u.toString();
}

export const E2E = {
  baseURL: `http://127.0.0.1:${port}`,
  adminEmail: "admin@e2e.test",
  adminPassword: "e2e-admin-password",
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // a test that fails now and then has a race to find: never retried away
  retries: 0,
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/playwright.json" }],
  ],
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL: E2E.baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1366, height: 900 } } }],
  webServer: {
    command: "node e2e/serve.mjs",
    url: `${E2E.baseURL}/api/v1/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E.adminEmail,
      ADMIN_PASSWORD: E2E.adminPassword,
      NEXTAUTH_URL: E2E.baseURL,
      NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
      NEXT_TELEMETRY_DISABLED: "1",
      // uploads over 3 MB are scored by the worker (202), so a browser test can follow one
      ASYNC_UPLOAD_BYTES: "3000000",
    },
  },
});
