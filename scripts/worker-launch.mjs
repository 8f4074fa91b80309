// `npm run worker`, `npm run db:migrate`, `npm run db:seed`: the server scripts that run outside
// Next.js, as the ES module bundles esbuild compiles them into (scripts/bundle.mjs), never through
// tsx (a development dependency):
//   node scripts/worker-launch.mjs               a job worker: .build/server/worker.mjs — the file
//                                                `npm start` runs as its child — with its heap
//                                                capped at WORKER_MEMORY_MB (default 2048)
//   node scripts/worker-launch.mjs migrate       apply pending migrations (.build/tools/migrate.mjs)
//   node scripts/worker-launch.mjs seed          migrate, then add the first-run content if missing
//   node scripts/worker-launch.mjs --build-only  compile all three (`npm run build` does)
// The .env files are read first (scripts/load-env.mjs; variables already set win). A bundle older
// than its sources is rebuilt when esbuild is installed and NODE_ENV is not `production`; otherwise
// the compiled file is run as it is, and a missing one is an error that says to build first — so
// an install without development dependencies (`npm ci --omit=dev` after `npm run build`) works.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadEnv } from "./load-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The database scripts' bundle (its own folder: the server bundle's entries stay as they are). */
const TOOLS = {
  outDir: path.join(root, ".build", "tools"),
  entries: { migrate: "scripts/migrate.ts", seed: "scripts/seed.ts" },
};
/** name → the bundle that holds it (undefined: the server bundle of scripts/bundle.mjs, as `npm start` builds it) */
const BUNDLES = { worker: undefined, server: undefined, migrate: TOOLS, seed: TOOLS };

/** Whether this install may compile: esbuild is there and NODE_ENV is not production. */
export function canCompile(env = process.env) {
  if (env.NODE_ENV === "production") return false;
  try {
    createRequire(import.meta.url).resolve("esbuild");
    return true;
  } catch {
    return false;
  }
}

/**
 * The compiled file of `name` (worker, migrate, seed), rebuilt first when stale and `compile`
 * allows it. @throws when it has never been built here
 */
export async function compiledFile(name, { compile = canCompile() } = {}) {
  if (!(name in BUNDLES)) throw new Error(`unknown script ${name} (worker, server, migrate or seed)`);
  const bundle = BUNDLES[name];
  const dir = bundle?.outDir ?? path.join(root, ".build", "server");
  if (compile) {
    const { ensureBundle } = await import("./bundle.mjs");
    await ensureBundle(bundle);
  }
  const file = path.join(dir, `${name}.mjs`);
  if (!fs.existsSync(file))
    throw new Error(
      `${path.relative(root, file)} is missing: run \`npm run build\` first (it compiles the server scripts; ` +
        `without esbuild or with NODE_ENV=production nothing is compiled at start)`,
    );
  return file;
}

/** node's arguments for a job worker process (the same for `npm start`'s child and `npm run worker`). */
export function workerArgs(file, env = process.env) {
  return [`--max-old-space-size=${env.WORKER_MEMORY_MB || 2048}`, file];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  loadEnv();
  const args = process.argv.slice(2);
  if (args.includes("--build-only")) {
    const { ensureBundle } = await import("./bundle.mjs");
    await ensureBundle();
    await ensureBundle(TOOLS);
    process.exit(0);
  }
  const name = args[0] ?? "worker";
  let file;
  try {
    file = await compiledFile(name);
  } catch (e) {
    console.error(`[${name}] ${e.message}`);
    process.exit(1);
  }
  if (name !== "worker") {
    await import(pathToFileURL(file).href);
  } else {
    // a child process, for the heap cap; signals are passed on, and its exit is ours
    const child = spawn(process.execPath, workerArgs(file), { stdio: "inherit" });
    for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
    child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
  }
}
