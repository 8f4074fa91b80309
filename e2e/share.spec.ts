// Sharing, printing, citing and the keyboard: link previews that follow the board, the icons,
// a print view with every row, citations, and focus that is always visible.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { adminToken, bounceFile, inputIds, postForm, teamToken } from "./helpers";

const base = E2E.baseURL;

async function meta(page: import("@playwright/test").Page, property: string) {
  return page.locator(`meta[property="${property}"], meta[name="${property}"]`).first().getAttribute("content");
}

test("a leaderboard link has a preview image that changes when the board does", async ({ page }) => {
  await page.goto("/tasks/bouncerbench/input");
  const image = await meta(page, "og:image");
  expect(image).toMatch(/\/og\/tasks\/bouncerbench\/input\?v=/);
  expect(await meta(page, "og:title")).toMatch(/leaderboard/);
  expect(await meta(page, "twitter:card")).toBe("summary_large_image");
  expect(await meta(page, "og:description")).toMatch(/Top: /);
  const res = await fetch(image!);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  expect(res.headers.get("cache-control")).toMatch(/immutable/);
  const png = Buffer.from(await res.arrayBuffer());
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);

  // a new public submission moves the board: the page now names another image
  const token = await teamToken(base, adminToken(), "share-team", "share");
  const up = await postForm({
    base,
    headers: { authorization: `Bearer ${token}` },
    fields: { model: "share-model" },
    file: bounceFile(inputIds(), (i) => i % 3 === 0),
  });
  expect(up.status).toBe(201);
  const sub = ((await up.json()) as { id: string }).id;
  await expect
    .poll(async () => {
      await page.goto("/tasks/bouncerbench/input");
      return meta(page, "og:image");
    })
    .not.toBe(image);

  // a submission page and a comparison have theirs
  await page.goto(`/submissions/${sub}`);
  const subImage = await meta(page, "og:image");
  expect(subImage).toMatch(new RegExp(`/og/submissions/${sub}\\?v=`));
  expect((await fetch(subImage!)).headers.get("content-type")).toBe("image/png");
  const lb = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard`)).json()) as {
    rows: { submissionId: string; baseline: string | null }[];
  };
  const [a, b] = lb.rows.filter((r) => !r.baseline).map((r) => r.submissionId);
  await page.goto(`/tasks/bouncerbench/input/compare?ids=${a},${b}`);
  const cmpImage = await meta(page, "og:image");
  expect(cmpImage).toMatch(/\/og\/tasks\/bouncerbench\/input\/compare\?ids=/);
  expect((await fetch(cmpImage!)).status).toBe(200);
});

test("favicon and web manifest are served; pages load without console errors", async ({ page }) => {
  for (const p of ["/favicon.ico", "/favicon.svg", "/manifest.webmanifest", "/icon-192.png", "/apple-touch-icon.png"]) {
    const res = await fetch(`${base}${p}`);
    expect(res.status, p).toBe(200);
  }
  const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as { icons: { src: string }[] };
  for (const i of manifest.icons) expect((await fetch(`${base}${i.src}`)).status, i.src).toBe(200);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`));
  page.on("response", (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  for (const p of ["/", "/tasks/bouncerbench/input", "/signin"]) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
});

test("the print view: every row, the release and the date, no navigation or controls", async ({ page }) => {
  await page.goto("/tasks/bouncerbench/input");
  await page.evaluate(() => (window.print = () => undefined)); // the test has no printer
  const href = await page.getByTestId("print-link").getAttribute("href");
  await page.addInitScript(() => (window.print = () => undefined));
  await page.goto(href!);
  await page.emulateMedia({ media: "print" });
  // every ranked row in the table; the baselines in their own band above it
  const total = (
    (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard?baselines=0`)).json()) as {
      matched: number;
    }
  ).matched;
  await expect(page.getByTestId("leaderboard").locator("tbody tr:not([data-divider])")).toHaveCount(total);
  await expect(page.getByTestId("baselines-band")).toBeVisible();
  await expect(page.getByTestId("print-header")).toBeVisible();
  await expect(page.getByTestId("print-header")).toContainText(/Release 1\.1 .* printed \d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByTestId("filters")).toBeHidden();
  await expect(page.getByTestId("compare-selected")).toBeHidden();
  await expect(page.getByRole("region", { name: "Charts" })).toBeHidden();
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
});

test("citations of the paper and the release", async ({ page }) => {
  await page.goto("/tasks/bouncerbench/input");
  await page.getByText("Cite this leaderboard").click();
  await expect(page.getByTestId("bibtex")).toContainText("author = {Mathews, Noble Saji and Nagappan, Meiyappan}");
  await expect(page.getByTestId("bibtex")).toContainText("release 1.1");
  await expect(page.getByTestId("cff")).toContainText('version: "1.1"');
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CITATION.cff" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("CITATION.cff");
  expect(fs.readFileSync(await file.path(), "utf8")).toMatch(/^cff-version: 1\.2\.0/);
});

test("the keyboard reaches every control with a visible focus ring", async ({ page }) => {
  for (const p of ["/", "/tasks/bouncerbench/input", "/signin"]) {
    await page.goto(p);
    const seen: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press("Tab");
      const f = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        // a date field's own calendar button (inside the browser's shadow DOM) draws its own ring
        const nativePart =
          el.tagName === "INPUT" && (el as HTMLInputElement).type === "date" && !el.matches(":focus-visible");
        return {
          tag: el.tagName.toLowerCase(),
          text: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40),
          ring: nativePart || (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0),
          visible: r.width > 0 && r.height > 0,
        };
      });
      if (!f) break;
      expect(f.ring, `${p}: focus ring on ${f.tag} "${f.text}"`).toBe(true);
      expect(f.visible, `${p}: ${f.tag} "${f.text}" is on screen`).toBe(true);
      seen.push(f.text);
    }
    expect(seen[0], `${p}: the first stop skips to the content`).toBe("Skip to content");
  }
  // a metric's definition opens from the keyboard too
  await page.goto("/tasks/bouncerbench/input");
  const info = page.getByRole("button", { name: /F_m|harmonic|F-measure|mean/i }).first();
  await info.focus();
  await expect(page.locator('[aria-hidden="true"].group-focus-within\\:block').first()).toBeVisible();
});
