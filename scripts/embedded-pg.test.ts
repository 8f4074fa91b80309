// The app's record in DATA_DIR/server.json counts only while its process lives: after a kill -9 a
// restart must not be refused because the dead process has not been reaped (a zombie).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readServerInfo, serverInfoPath } from "./embedded-pg.mjs";

const record = (dir: string, pid: number) =>
  fs.writeFileSync(
    serverInfoPath(dir),
    JSON.stringify({ pid, appPid: pid, url: "http://localhost:1", port: 1, embeddedDatabase: null, startedAt: "" }),
  );

describe("readServerInfo", () => {
  it("a live process is the running app; a dead or unreaped (zombie) one is not", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-info-"));
    record(dir, process.pid);
    expect(readServerInfo(dir)?.pid).toBe(process.pid);
    // `sleep 0` exits at once and its parent, exec'd into `sleep 3`, never reaps it: a zombie
    const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 3"], { stdio: ["ignore", "pipe", "ignore"] });
    const zombie = Number(await new Promise<string>((r) => parent.stdout!.once("data", (d) => r(String(d)))));
    await new Promise((r) => setTimeout(r, 300));
    if (process.platform === "linux") {
      expect(fs.readFileSync(`/proc/${zombie}/stat`, "utf8")).toMatch(/\) Z /);
      record(dir, zombie);
      expect(readServerInfo(dir)).toBeNull();
    }
    parent.kill("SIGKILL");
    await new Promise((r) => parent.once("exit", r));
    // gone altogether
    record(dir, zombie);
    expect(readServerInfo(dir)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
