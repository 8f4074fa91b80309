// postinstall: restore the embedded PostgreSQL's library links (npm 11 does not run the
// package's own install script unless approved), then generate the Prisma client.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hydrateEmbeddedPg } from "./embedded-pg.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const n = hydrateEmbeddedPg();
if (n) console.log(`[postinstall] embedded PostgreSQL: restored ${n} library links`);
const r = spawnSync(process.execPath, [path.join(here, "prisma-generate.mjs")], { stdio: "inherit" });
process.exit(r.status ?? 1);
