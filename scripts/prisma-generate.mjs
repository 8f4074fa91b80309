// postinstall: generate the Prisma client (lib/generated/prisma).
// `prisma generate` does not run the native schema engine, but the CLI looks for it;
// where it cannot be downloaded, point PRISMA_SCHEMA_ENGINE_BINARY at any existing file.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = fileURLToPath(import.meta.url);
const r = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env, shell: process.platform === "win32" });
process.exit(r.status ?? 1);
