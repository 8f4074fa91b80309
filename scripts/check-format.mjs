// `npm run lint`'s formatting check (and, with --write, `npm run format`): Prettier over the repository's own source files — git's list
// of them (tracked, and new files git does not ignore), never a walk of the folder. A walk (what
// `prettier --check "**/*.ts"` does) descends into every directory before .prettierignore is
// applied: into build output (.next, .build) and into DATA_DIR, where the embedded PostgreSQL's
// data folder is private to its server's user, so a developer who ran `npm start` could not lint
// ("EACCES: permission denied, scandir '.data/pg'"). Outside a git checkout it checks the source
// folders by name. Prettier still honours .prettierignore for the files it is given.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/;
const FOLDERS = ["app", "components", "lib", "scripts", "test", "e2e", "prisma", "packages", "deploy"];

/** The repository's files Prettier formats, from git; null outside a checkout. */
function gitFiles() {
  try {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      stdio: ["ignore", "pipe", "ignore"],
    });
    // a tracked file deleted in the working tree is not there to check
    return out.split("\0").filter((f) => SOURCE.test(f) && fs.existsSync(f));
  } catch {
    return null;
  }
}

const prettier = path.join(
  path.dirname(createRequire(import.meta.url).resolve("prettier/package.json")),
  "bin/prettier.cjs",
);
const files = gitFiles() ?? [
  `{${FOLDERS.join(",")}}/**/*.{ts,tsx,mts,mjs,js,cjs,css}`,
  "*.{ts,tsx,mts,mjs,js,cjs,css}",
];
const mode = process.argv.includes("--write") ? "--write" : "--check";
const run = spawnSync(process.execPath, [prettier, mode, "--log-level", "warn", ...files], { stdio: "inherit" });
process.exit(run.status ?? 1);
