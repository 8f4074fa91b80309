// `npm start`: build the app if needed, start the embedded PostgreSQL when there is no
// DATABASE_URL, then serve the app on $PORT (default 3000) with a job worker inside.
// The server itself migrates and seeds the database on boot (instrumentation.ts).
// While it runs, DATA_DIR/server.json says where (the CLI reads it, whatever the port).
// `node scripts/start.mjs --dev` does the same with Next.js in development mode.
// Settings: the environment, then the .env files (scripts/load-env.mjs), read before anything
// else here so that DATABASE_URL, PORT, DATA_DIR or NEXTAUTH_* from .env count.
// With NODE_ENV=production nothing is built: without a build (`npm run build`) it refuses to start.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ensureEmbeddedPostgres, readServerInfo, serverInfoPath } from "./embedded-pg.mjs";
import { envForNext, loadEnv } from "./load-env.mjs";
import { compiledFile, workerArgs } from "./worker-launch.mjs";
import { newest } from "./bundle.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
// the files Next.js reads, in its order and mode; a variable already set wins over them
const dotenv = loadEnv({
  dir: root,
  mode: process.env.NODE_ENV === "test" ? "test" : dev ? "development" : "production",
});
if (dotenv.files.length)
  console.log(`[start] settings from ${dotenv.files.join(", ")} (variables set in the environment win)`);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const production = !dev && env.NODE_ENV === "production";
const port = env.PORT || "3000";
const dataDir = path.resolve(env.DATA_DIR || ".data");
fs.mkdirSync(dataDir, { recursive: true });

// A stable session secret for this install unless one is configured.
if (!env.NEXTAUTH_SECRET) {
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  env.NEXTAUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}
if (production && !env.NEXTAUTH_URL)
  console.warn(`[start] NEXTAUTH_URL is not set: sign-in links will name http://localhost:${port}; set the public URL`);
env.NEXTAUTH_URL ||= `http://localhost:${port}`;
// Next.js reads the .env files again: it gets the values settled here (envForNext)
const nextEnv = (extra = {}) => ({ ...envForNext(env, dotenv.named), ...extra });

// `next build`: the package's own command (its package.json "bin")
const nextPackage = createRequire(import.meta.url).resolve("next/package.json");
const next = path.join(path.dirname(nextPackage), JSON.parse(fs.readFileSync(nextPackage, "utf8")).bin.next);

/** Newest modification time under the app's source folders (files and folders; bundle.mjs's walk). */
const newestSource = () =>
  newest(
    ["app", "components", "lib", "public", "next.config.js", "package-lock.json", "instrumentation.ts"].map((d) =>
      path.join(root, d),
    ),
  );

// the embedded database has one owner: a second app on the same DATA_DIR must not start it
const running = env.DATABASE_URL ? null : readServerInfo(dataDir);
if (running) {
  console.error(
    `[start] the app already runs from this data folder (pid ${running.pid}, ${running.url}); stop it first or set DATA_DIR`,
  );
  process.exit(1);
}

const buildId = path.join(root, ".next", "BUILD_ID");
const built = fs.existsSync(buildId);
const stale = !built || fs.statSync(buildId).mtimeMs < newestSource();
const runWorker = env.WORKER !== "0";
if (production) {
  // a production start builds nothing: the build is a step of its own, made before (README, "Deploy")
  const compiled = await compiledFile("server", { compile: false }).catch((e) => e);
  if (!built || compiled instanceof Error) {
    console.error(
      `[start] NODE_ENV=production: ${!built ? "the app is not built (no .next/BUILD_ID)" : "the server scripts are not compiled (no .build/server)"}; ` +
        "run `npm run build` first — a production start never builds",
    );
    process.exit(1);
  }
  if (stale) console.warn("[start] NODE_ENV=production: sources are newer than the build; serving the build as it is");
} else if (!dev && stale && env.SKIP_BUILD !== "1") {
  console.log("[start] building the app (first start or sources changed)…");
  const r = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: nextEnv() });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

let pg = null;
if (!env.DATABASE_URL) {
  pg = await ensureEmbeddedPostgres(dataDir, { log: (m) => console.log(m) });
  env.DATABASE_URL = pg.url;
  env.EMBEDDED_DATABASE = "1";
}
const infoFile = serverInfoPath(dataDir);
const url = `http://localhost:${port}`;
console.log(
  `[start] serving on ${url} (${pg ? `embedded PostgreSQL on 127.0.0.1:${pg.port}, data in ${path.relative(root, dataDir)}/pg` : "PostgreSQL from DATABASE_URL"})`,
);
// The web server: the app's front door (scripts/server.ts, compiled with the worker into
// .build/server), which hands requests to Next.js through its custom-server API
let stopping = false;
const serverFile = await compiledFile("server", production ? { compile: false } : {});
const child = spawn(process.execPath, [serverFile, ...(dev ? ["--dev"] : [])], {
  stdio: "inherit",
  env: nextEnv({ WORKER: "0", PORT: port }),
});
let worker = null;
let workerRestarts = 0;
async function startWorkerChild() {
  // the compiled worker `npm run worker` runs too (scripts/worker-launch.mjs); never built in production
  const file = await compiledFile("worker", production ? { compile: false } : {});
  worker = spawn(process.execPath, workerArgs(file, env), { stdio: "inherit", env });
  const started = Date.now();
  worker.on("exit", (code, signal) => {
    worker = null;
    if (stopping) return;
    if (Date.now() - started > 60_000) workerRestarts = 0;
    const wait = Math.min(30_000, 1000 * 2 ** workerRestarts++);
    console.error(`[start] the job worker stopped (${signal ?? `exit ${code}`}); restarting it in ${wait / 1000} s`);
    setTimeout(
      () => void startWorkerChild().catch((e) => console.error(`[start] could not start the job worker: ${e.message}`)),
      wait,
    ).unref();
  });
}
if (runWorker) await startWorkerChild();

// Record where the app listens once it answers, so the CLI finds it whatever the port.
const started = Date.now();
const poll = setInterval(async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) return;
    clearInterval(poll);
    const info = {
      pid: process.pid,
      appPid: child.pid,
      url,
      port: Number(port),
      embeddedDatabase: pg ? { port: pg.port } : null,
      startedAt: new Date().toISOString(),
    };
    fs.writeFileSync(infoFile, JSON.stringify(info, null, 2) + "\n", { mode: 0o600 });
  } catch {
    if (Date.now() - started > 600_000) clearInterval(poll);
  }
}, 500);

let shutDown = false;
function shutdown(code) {
  if (shutDown) return;
  shutDown = true;
  clearInterval(poll);
  try {
    const info = JSON.parse(fs.readFileSync(infoFile, "utf8"));
    if (info.pid === process.pid) fs.rmSync(infoFile, { force: true });
  } catch {
    /* not written yet */
  }
  if (pg?.owned) {
    console.log("[start] stopping the embedded PostgreSQL");
    pg.stop();
  }
  process.exit(code);
}
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => {
    stopping = true;
    worker?.kill(sig);
    child.kill(sig);
  });
child.on("exit", (code) => {
  // the web server is gone: stop the worker (it finishes or releases its jobs), then the database
  stopping = true;
  if (!worker) return shutdown(code ?? 0);
  worker.once("exit", () => shutdown(code ?? 0));
  worker.kill("SIGTERM");
  setTimeout(() => shutdown(code ?? 0), 15_000).unref();
});
