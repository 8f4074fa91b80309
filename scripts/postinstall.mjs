// postinstall: restore the embedded PostgreSQL's library links (npm 11 does not run the
// package's own install script unless approved), assemble the WebAssembly kept as text
// (scripts/assemble-wasm.mjs), then generate the Prisma client.
// Without the prisma CLI (a development dependency: `npm ci --omit=dev`) nothing is generated —
// npx would fetch whatever prisma release is newest — and the install goes on: a built app
// (`npm run build`: .next, .build, .cli) carries the client compiled in and needs no
// lib/generated at run time; building or `npm run dev` needs the full install.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hydrateEmbeddedPg } from "./embedded-pg.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const n = hydrateEmbeddedPg();
if (n) console.log(`[postinstall] embedded PostgreSQL: restored ${n} library links`);
const wasm = spawnSync(process.execPath, [path.join(here, "assemble-wasm.mjs")], { stdio: "inherit" });
if (wasm.status !== 0) process.exit(wasm.status ?? 1);

let prismaCli = true;
try {
  createRequire(path.join(root, "package.json")).resolve("prisma/package.json");
} catch {
  prismaCli = false;
}
if (!prismaCli) {
  const generated = fs.existsSync(path.join(root, "lib", "generated", "prisma", "client.ts"));
  console.log(
    generated
      ? "[postinstall] no prisma CLI (development dependencies omitted): the Prisma client in lib/generated/prisma is kept as it is"
      : "[postinstall] no prisma CLI (development dependencies omitted) and no lib/generated/prisma: a built app runs " +
          "without it, but `npm run build` and `npm run dev` need the full install (`npm ci`)",
  );
  process.exit(0);
}
const r = spawnSync(process.execPath, [path.join(here, "prisma-generate.mjs")], { stdio: "inherit" });
process.exit(r.status ?? 1);
