// Compiles the server code that runs outside Next.js — the scoring threads, the job worker and the
// web server's front door (scripts/server.ts, which hands requests to Next.js) —
// into ES module bundles (esbuild, code splitting, packages left to node_modules), rebuilt
// whenever a source is newer than the bundle. `npm run build`, `npm start`, `npm test` and the
// CLI call it; the scoring pool builds on first use when nothing did.
//   node scripts/bundle.mjs            build .build/server if stale
//   node scripts/bundle.mjs --force    build it anyway
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cliBuildOptions } from "./cli-build-options.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The server bundle's entries: name → source (relative to the root). */
export const SERVER_ENTRIES = {
  "score-thread": "lib/server/submissions/score-thread.ts",
  worker: "scripts/worker.ts",
  server: "scripts/server.ts",
};

/** Newest modification time under these paths (files and folders; node_modules skipped). */
export function newest(paths) {
  let n = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    n = Math.max(n, st.mtimeMs);
    if (!st.isDirectory()) return;
    for (const f of fs.readdirSync(p))
      if (f !== "node_modules" && f !== "generated" && !f.startsWith(".")) walk(path.join(p, f));
  };
  for (const p of paths) walk(p);
  return n;
}

const SOURCES = ["lib", "scripts", "package-lock.json", "prisma/schema.prisma"].map((p) => path.join(root, p));

/**
 * Builds (when stale) a bundle of these entries into outDir and returns the folder. `extra`
 * entries (name → absolute path) join the same build, so they share its modules (a plugin's
 * registrations reach the registry the thread uses).
 */
export async function ensureBundle({
  outDir = path.join(root, ".build", "server"),
  entries = SERVER_ENTRIES,
  extra = {},
  force = false,
} = {}) {
  const all = { ...Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, path.resolve(root, v)])), ...extra };
  const stamp = path.join(outDir, ".stamp");
  const key = crypto.createHash("sha256").update(JSON.stringify(all)).digest("hex");
  const sources = [...SOURCES, ...Object.values(extra)];
  const fresh =
    !force &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === key &&
    fs.statSync(stamp).mtimeMs >= newest(sources);
  if (fresh) return outDir;
  const esbuild = await import("esbuild");
  const tmp = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  // the CLI's esbuild options (one ES module, code-split, Node's require available), these entries
  await esbuild.build(cliBuildOptions(root, { entryPoints: all, outdir: tmp, packages: "external" }));
  fs.writeFileSync(path.join(tmp, ".stamp"), key);
  // replace the old bundle in one step (a running thread keeps the files it loaded)
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  try {
    if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
    fs.renameSync(tmp, outDir);
  } catch (e) {
    // another process built it at the same moment: use theirs
    if (!fs.existsSync(path.join(outDir, ".stamp"))) throw e;
  }
  fs.rmSync(old, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  const dir = await ensureBundle({ force: process.argv.includes("--force") });
  console.log(`[bundle] ${path.relative(root, dir)} ready (${Date.now() - t} ms)`);
}
