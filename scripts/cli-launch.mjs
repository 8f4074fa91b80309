// `npm run cli -- <command>`: runs the CLI (scripts/cli.ts) compiled into one ES module bundle
// (.cli/, esbuild), rebuilt here whenever a source file is newer than the bundle. A compiled
// CLI starts in a fraction of the time tsx needs to compile TypeScript on every call; commands
// load the database code only when they use it (code splitting).
// The .env files are read first (scripts/load-env.mjs): variables already set win.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cliBuildOptions } from "./cli-build-options.mjs";
import { loadEnv } from "./load-env.mjs";

loadEnv();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, ".cli");
const entry = path.join(outDir, "cli.mjs");
const sources = [path.join(root, "scripts"), path.join(root, "lib"), path.join(root, "package-lock.json")];

function newest(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let n = st.mtimeMs;
  for (const f of fs.readdirSync(p)) if (f !== "node_modules") n = Math.max(n, newest(path.join(p, f)));
  return n;
}

export async function buildCli() {
  const esbuild = await import("esbuild");
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build(cliBuildOptions(root, { outdir: outDir, packages: "external" }));
}

const stale = !fs.existsSync(entry) || fs.statSync(entry).mtimeMs < Math.max(...sources.map(newest));
if (stale) await buildCli();
if (process.argv[2] !== "--build-only") await import(pathToFileURL(entry).href);
