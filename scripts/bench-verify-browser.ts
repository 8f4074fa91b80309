// `npm run bench` phase `verify` (issue 48): the snapshot page's "Verify in this browser" on a
// snapshot of the whole board, in Chromium (the tests' Debian build), timed from the click to the
// result line: every file downloaded and hashed, the signature checked, every row recomputed with
// its bootstrap and the rank intervals of both views. The server does nothing but serve files.
// Alone, against a running app: BENCH_URL=http://127.0.0.1:3000 [BENCH_SNAPSHOT=id] npx tsx scripts/bench-verify-browser.ts
import { chromium } from "playwright";

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"];

export interface BrowserVerifyFigures {
  id: string;
  rows: number;
  bytes: number;
  seconds: number;
  result: string;
}

/** The newest live snapshot of BouncerBench Input on `base`. */
async function newestSnapshot(base: string): Promise<string> {
  const list = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/snapshots`)).json()) as {
    snapshots: { id: string; takenDown: unknown; hidden: boolean }[];
  };
  const s = list.snapshots.find((x) => !x.takenDown && !x.hidden);
  if (!s) throw new Error("no live snapshot of bouncerbench/input");
  return s.id;
}

/** Opens the snapshot's page, clicks Verify, and times it to the result line (up to 10 minutes). */
export async function browserVerifyPhase(base: string, snapshot?: string): Promise<BrowserVerifyFigures> {
  const id = snapshot ?? (await newestSnapshot(base));
  const manifest = (await (await fetch(`${base}/api/v1/snapshots/${id}`)).json()) as {
    files: { name: string; bytes: number; rows: number }[];
  };
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/snapshots/${id}`);
    const button = page.getByTestId("verify-button");
    await button.waitFor();
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>("[data-testid=verify-button]")?.disabled,
    );
    const t0 = performance.now();
    await button.click();
    const result = page.getByTestId("verify-result");
    await result.waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - t0) / 1000;
    const text = (await result.innerText()).trim();
    return {
      id,
      rows: Number(/of (\d+) rows/.exec(text)?.[1] ?? 0),
      bytes: manifest.files.reduce((n, f) => n + f.bytes, 0),
      seconds,
      result: text,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
  const f = await browserVerifyPhase(base, process.env.BENCH_SNAPSHOT || undefined);
  console.log(
    `browser verify of snapshot ${f.id.slice(0, 12)} (${(f.bytes / 1048576).toFixed(1)} MB): ${f.seconds.toFixed(1)} s — ${f.result}`,
  );
}
