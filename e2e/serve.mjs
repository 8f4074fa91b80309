// Playwright's webServer command: create the e2e database (Playwright starts the web server
// before globalSetup), then serve the app the README's way (scripts/start.mjs).
import { spawn } from "node:child_process";
import { freshDatabase } from "./databases.mjs";

const url = process.env.DATABASE_URL;
if (url) await freshDatabase(url, new URL(url).pathname.slice(1));
const child = spawn(process.execPath, ["scripts/start.mjs"], { stdio: "inherit", env: process.env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
