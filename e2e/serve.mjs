// Playwright's webServer command: create the e2e database (Playwright starts the web server
// before globalSetup), then serve the app the README's way (scripts/start.mjs).
import { spawn } from "node:child_process";
import pg from "pg";

const url = process.env.DATABASE_URL;
if (url) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
}
const child = spawn(process.execPath, ["scripts/start.mjs"], { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
