import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"] });
const p = await b.newPage({ viewport: { width: 1400, height: 1000 } });
const pages = process.argv.slice(2);
for (const u of pages) {
  await p.goto("http://localhost:3100" + u);
  const name = u.replace(/[^a-z0-9]+/gi, "_");
  await p.screenshot({ path: `/tmp/s_${name}.png`, fullPage: true });
  console.log(name);
}
await b.close();
