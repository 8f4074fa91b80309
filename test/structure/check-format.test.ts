// The formatting check `npm run lint` runs (scripts/check-format.mjs) reads git's list of the
// repository's files, never a walk of the folder: what git ignores (DATA_DIR, where the embedded
// PostgreSQL's private data folder lives; build output) is not read, and a badly formatted source
// file, tracked or new, still fails it.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const script = path.resolve(__dirname, "../../scripts/check-format.mjs");
let dir = "";
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const check = () => spawnSync(process.execPath, [script], { cwd: dir, encoding: "utf8" });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-format-"));
  execFileSync("git", ["init", "-q"], { cwd: dir });
  write(".gitignore", ".data/\n.next/\n");
  write("lib/a.ts", "export const a = 1;\n");
  execFileSync("git", ["add", "."], { cwd: dir });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("scripts/check-format.mjs", () => {
  it("passes a formatted tree, whatever lies in the folders git ignores", () => {
    write(".data/pg/base/x.js", "const  x=1");
    write(".next/server/y.js", "const  y=2");
    // ignored by git alone (Prettier does not read .git/info/exclude): a walk would report it
    fs.appendFileSync(path.join(dir, ".git/info/exclude"), "scratch/\n");
    write("scratch/z.js", "const  z=3");
    const r = check();
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
  it("fails on a badly formatted file, tracked or new, and names it", () => {
    write("lib/a.ts", "export const  a=1");
    const tracked = check();
    expect(tracked.status).toBe(1);
    expect(tracked.stderr).toContain("lib/a.ts");
    execFileSync("git", ["checkout", "-q", "lib/a.ts"], { cwd: dir });
    write("scripts/new.mjs", "const  b=2");
    const added = check();
    expect(added.status).toBe(1);
    expect(added.stderr).toContain("scripts/new.mjs");
  });
});
