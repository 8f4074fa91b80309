// The CLI teams install alone (issue 35): `npm pack` of packages/cli (its prepack bundles
// scripts/cli.ts), installed offline into an empty project with no other package, answers --help
// for every command and scores the paper's file exactly, outside this repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPackedCli, packedCliBin } from "../helpers/cli-package";

const root = path.resolve(__dirname, "../..");
let dir = "";
const run = (args: string[]) =>
  execFileSync(packedCliBin(dir), args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "", LEADERBOARD_URL: "http://127.0.0.1:9" },
  });

beforeAll(() => {
  dir = installPackedCli("a-team");
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the CLI installed alone", () => {
  it("brings no dependency of the app", () => {
    expect(fs.readdirSync(path.join(dir, "node_modules")).filter((n) => !n.startsWith("."))).toEqual([
      "trustworthy-se-leaderboard-cli",
    ]);
  });
  it("answers --help, and --help for every command with its own usage", () => {
    expect(run(["--help"])).toMatch(/^usage: leaderboard <command>/);
    for (const cmd of ["score", "submit", "token", "import-release", "whoami", "submissions", "invite", "verify"])
      expect(run([cmd, "--help"]), cmd).toMatch(new RegExp(`^usage: leaderboard ${cmd}\\b`));
  });
  it("scores the paper's gpt-4.1 file offline exactly (F_m 0.500210)", () => {
    const out = JSON.parse(
      run([
        "score",
        "--task",
        "bouncerbench/input",
        "--release",
        path.join(root, "prisma/seed-data/bouncerbench/ensembled_annotations_public.csv"),
        path.join(root, "prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"),
      ]),
    );
    expect(out.metrics.F_m).toBeCloseTo(0.50021, 5);
    expect(out.coverage).toMatchObject({ covered: 1699, total: 1699 });
  });
});
