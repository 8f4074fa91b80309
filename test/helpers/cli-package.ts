// The CLI package as a team gets it: packages/cli packed (`npm pack`, whose prepack bundles
// scripts/cli.ts) and installed offline, alone, into an empty project of its own.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

/** A new folder holding a project whose only dependency is the packed CLI; returns the folder. */
export function installPackedCli(project: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lb-${project}-`));
  const tgz = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: path.join(root, "packages", "cli"),
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .at(-1)!;
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: project, private: true }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(dir, tgz)], {
    cwd: dir,
    stdio: "ignore",
  });
  return dir;
}

/** The installed CLI's binary in such a folder. */
export const packedCliBin = (dir: string) => path.join(dir, "node_modules", ".bin", "leaderboard");
