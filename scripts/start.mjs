// `npm start`: build the app if needed, then serve it on $PORT (default 3000).
// The server itself migrates and seeds the database on boot (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const port = env.PORT || "3000";
const dataDir = path.resolve(env.DATA_DIR || ".data");
fs.mkdirSync(dataDir, { recursive: true });

// A stable session secret for this install unless one is configured.
if (!env.NEXTAUTH_SECRET) {
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  env.NEXTAUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}
env.NEXTAUTH_URL ||= `http://localhost:${port}`;

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** Newest modification time under the app's source folders (files and folders). */
function newestSource() {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (/node_modules|\.next|generated|\.data/.test(path.basename(p))) return;
      // a folder's mtime changes when a file in it is added, renamed or deleted
      newest = Math.max(newest, st.mtimeMs);
      for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of ["app", "components", "lib", "public", "next.config.js", "package-lock.json", "instrumentation.ts"]) walk(path.join(root, d));
  return newest;
}

const buildId = path.join(root, ".next", "BUILD_ID");
const stale = !fs.existsSync(buildId) || fs.statSync(buildId).mtimeMs < newestSource();
if (stale && env.SKIP_BUILD !== "1") {
  console.log("[start] building the app (first start or sources changed)…");
  const r = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

console.log(`[start] serving on http://localhost:${port} (${env.DATABASE_URL ? "PostgreSQL from DATABASE_URL" : `embedded PGlite in ${path.relative(root, dataDir)}/pglite`})`);
const child = spawn(process.execPath, [next, "start", "-p", port], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
