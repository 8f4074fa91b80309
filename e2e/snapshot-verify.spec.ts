// A snapshot's page and "Verify in this browser" (issue 48, item 4): the page says what the
// snapshot holds and links every file, with JavaScript off too; the browser's Web Worker downloads
// the files, checks every hash and the host's signature and recomputes every row — ✓ on the intact
// snapshot, ✗ naming the file when one byte of it is changed in transit or on disk, or when the
// signature is not the host's; a copy chosen from disk is verified offline.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext } from "@playwright/test";

let id = "";
let files: string[] = [];
let boardRows = 0;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  // the snapshot made when the seeded release was published (a job: waited for)
  for (let i = 0; i < 200 && !id; i++) {
    const list = (await (await request.get("/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
      snapshots: { id: string; takenDown: unknown; hidden: boolean }[];
    };
    id = list.snapshots.find((s) => !s.takenDown && !s.hidden)?.id ?? "";
    if (!id) await new Promise((r) => setTimeout(r, 500));
  }
  expect(id).toMatch(/^[0-9a-f]{64}$/);
  const manifest = (await (await request.get(`/api/v1/snapshots/${id}`)).json()) as {
    files: { name: string; rows: number }[];
  };
  files = manifest.files.map((f) => f.name);
  // the board file holds both views; the verifier recomputes the "all" view's rows
  const board = await request.get(`/api/v1/snapshots/${id}/files/board.csv.gz`);
  const { gunzipSync } = await import("node:zlib");
  boardRows = gunzipSync(await board.body())
    .toString()
    .split(/\r?\n/)
    .filter((l) => l.startsWith("all,")).length;
  expect(boardRows).toBeGreaterThan(2);
});

/** Every response for `name` of the snapshot gets one byte changed (worker requests included). */
async function tamperInTransit(context: BrowserContext, name: string) {
  await context.route(`**/api/v1/snapshots/${id}/files/${name}`, async (route) => {
    const res = await route.fetch();
    const body = Buffer.from(await res.body());
    body[Math.floor(body.length / 2)] ^= 0x01;
    await route.fulfill({ response: res, body });
  });
}

test("the page: what the snapshot holds and every file to download, with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(`/snapshots/${id}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("snapshot-id")).toHaveText(id);
  await expect(page.getByTestId("snapshot-facts")).toContainText(`${boardRows} (`);
  const hrefs = await page.getByTestId("snapshot-file-link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual([`/api/v1/snapshots/${id}`, ...files.map((f) => `/api/v1/snapshots/${id}/files/${f}`)]);
  for (const href of hrefs) expect((await page.request.get(href!)).status(), href!).toBe(200);
  await expect(page.getByTestId("snapshot-bibtex")).toContainText(`snapshot ${id}`);
  await expect(page.getByTestId("verify-cli")).toContainText(`verify `);
  await expect(page.getByTestId("verify-openssl")).toContainText("openssl pkeyutl -verify");
  // the button cannot work without scripts: disabled, and the page says what to do instead
  await expect(page.getByTestId("verify-button")).toBeDisabled();
  await expect(page.getByTestId("verify-noscript")).toBeVisible();
  for (const bad of ["0".repeat(64), "not-a-snapshot", id.toUpperCase()])
    expect((await page.goto(`/snapshots/${bad}`))?.status(), bad).toBe(404);
  await context.close();
});

test("Verify in this browser: ✓ every row of the intact snapshot", async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/snapshots/${id}`);
  await page.getByTestId("verify-button").click();
  await expect(page.getByTestId("verify-result")).toHaveText(`✓ ${boardRows} of ${boardRows} rows`, {
    timeout: 150_000,
  });
  await expect(page.getByTestId("verify-checks")).toContainText(
    "✓ signature: the manifest is signed by the host's key",
  );
  await expect(page.getByTestId("verify-progress")).toContainText(
    `Files fetched: ${files.length + 1} of ${files.length + 1}`,
  );
  await expect(page.getByTestId("verify-good-rows")).toHaveText(`${boardRows} rows recomputed equal ✓`);
  expect(errors).toEqual([]);
});

test("a byte changed in transit, or a signature not the host's: ✗ naming what differs", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  await tamperInTransit(context, "predictions.csv.gz");
  const page = await context.newPage();
  await page.goto(`/snapshots/${id}`);
  await page.getByTestId("verify-button").click();
  const result = page.getByTestId("verify-result");
  await expect(result).toHaveText(/^✗ predictions\.csv\.gz: SHA-256 /, { timeout: 150_000 });
  await context.close();

  const other = await browser.newContext();
  await other.route(`**/api/v1/snapshots/${id}/signature`, async (route) => {
    const res = await route.fetch();
    const sig = (await res.json()) as { signature: string };
    const bytes = Buffer.from(sig.signature, "base64");
    bytes[0] ^= 0x01;
    await route.fulfill({ response: res, json: { ...sig, signature: bytes.toString("base64") } });
  });
  const page2 = await other.newPage();
  await page2.goto(`/snapshots/${id}`);
  await page2.getByTestId("verify-button").click();
  await expect(page2.getByTestId("verify-result")).toHaveText(/^✗ signature: /, { timeout: 150_000 });
  await other.close();
});

test("a copy from disk: ✓ intact (offline), ✗ with a file changed", async ({ page, request }) => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-copy-"));
  const save = async (url: string, name: string) =>
    fs.writeFileSync(path.join(dir, name), await (await request.get(url)).body());
  // named as the page's download links name them
  await save(`/api/v1/snapshots/${id}`, `${id.slice(0, 12)}-manifest.json`);
  for (const f of files) await save(`/api/v1/snapshots/${id}/files/${f}`, `${id.slice(0, 12)}-${f}`);
  await save(`/api/v1/snapshots/${id}/signature`, `${id.slice(0, 12)}-signature.json`);
  await save("/.well-known/leaderboard-keys.json", "leaderboard-keys.json");
  await page.goto(`/snapshots/${id}`);
  // the worker is up (its script loaded); offline from here: nothing more is fetched from the host
  await expect(page.getByTestId("verify-button")).toBeEnabled();
  await page.context().setOffline(true);
  const all = fs.readdirSync(dir).map((f) => path.join(dir, f));
  await page.getByTestId("verify-files").setInputFiles(all);
  await expect(page.getByTestId("verify-result")).toHaveText(`✓ ${boardRows} of ${boardRows} rows`, {
    timeout: 150_000,
  });
  const board = path.join(dir, `${id.slice(0, 12)}-board.csv.gz`);
  const bytes = fs.readFileSync(board);
  bytes[Math.floor(bytes.length / 2)] ^= 0x01;
  fs.writeFileSync(board, bytes);
  await page.getByTestId("verify-files").setInputFiles([]);
  await page.getByTestId("verify-files").setInputFiles(all);
  await expect(page.getByTestId("verify-result")).toHaveText(/^✗ board\.csv\.gz: SHA-256 /, { timeout: 150_000 });
  await page.context().setOffline(false);
  fs.rmSync(dir, { recursive: true, force: true });
});
