// The CLI verifies without a checkout (issue 48, item 5): packages/cli packed (`npm pack`, whose
// prepack bundles scripts/cli.ts) and installed alone into an empty project runs
// `leaderboard verify` against a real server — the app's route handlers behind a Node HTTP server,
// on a real PostgreSQL — by URL and by id, keeps the files and the signature with --out, verifies
// that folder offline, and exits 1 when the manifest was altered after signing or the keys are not
// the host's.
import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiRequest } from "../helpers/requests";
import { dispatch } from "../helpers/router";
import { installPackedCli, packedCliBin } from "../helpers/cli-package";

let db: TestDatabase;
let dir = "";
let server: http.Server;
let base = "";
let id = "";
let keyId = "";

/** The app's routes over HTTP: each request to the handler its path names. */
function serve(): Promise<http.Server> {
  const s = http.createServer(async (req, res) => {
    const res2 = await dispatch(new Request(`http://localhost${req.url}`, { method: req.method }));
    res.writeHead(res2.status, Object.fromEntries(res2.headers));
    res.end(Buffer.from(await res2.arrayBuffer()));
  });
  return new Promise((resolve) => s.listen(0, "127.0.0.1", () => resolve(s)));
}

/** The installed CLI, run as a team would: its exit code and what it printed. */
async function leaderboard(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(packedCliBin(dir), args, {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: "", LEADERBOARD_URL: "http://127.0.0.1:9", ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, out: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
}

beforeAll(async () => {
  dir = installPackedCli("a-reader");
  db = await seededTestDatabase();
  const admin = await teamToken(db, "verify-admins", { isAdmin: true });
  const task = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
  const release = await db.prisma.release.findFirstOrThrow({ where: { taskId: task.id, status: "published" } });
  const queued = await dispatch(apiRequest("POST", `/api/v1/admin/releases/${release.id}/snapshots`, { token: admin }));
  expect([200, 201, 202]).toContain(queued.status);
  await db.runJobs();
  const list = (await (await dispatch(apiRequest("GET", "/api/v1/tasks/bouncerbench/input/snapshots"))).json()) as {
    snapshots: { id: string }[];
  };
  id = list.snapshots[0].id;
  server = await serve();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sig = (await (await dispatch(apiRequest("GET", `/api/v1/snapshots/${id}/signature`))).json()) as {
    keyId: string;
  };
  keyId = sig.keyId;
}, 300_000);
afterAll(async () => {
  server?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("leaderboard verify, installed alone", () => {
  it("brings nothing of this repository: the package is all there is", () => {
    expect(fs.readdirSync(path.join(dir, "node_modules")).filter((n) => !n.startsWith("."))).toEqual([
      "trustworthy-se-leaderboard-cli",
    ]);
    expect(fs.existsSync(path.join(dir, "lib"))).toBe(false);
  });

  it("verifies a snapshot by URL, says which key signed it, and keeps its files and signature with --out", async () => {
    const r = await leaderboard(["verify", `${base}/api/v1/snapshots/${id}`, "--out", "copy"]);
    expect(r.out).toContain(`✓ signature: manifest.json signed by key ${keyId} (Ed25519)`);
    expect(r.out).toMatch(/verified: every check passed/);
    expect(r.code).toBe(0);
    // the files and every row were checked too, not the signature alone
    expect(r.out).toMatch(/✓ board\.csv\.gz/);
    expect(r.out).toMatch(/✓ gpt-4\.1 .*: /);
    expect(fs.readdirSync(path.join(dir, "copy"))).toEqual(
      expect.arrayContaining(["manifest.json", "signature.json", "leaderboard-keys.json", "board.csv.gz"]),
    );
  }, 180_000);

  it("verifies by id from LEADERBOARD_URL", async () => {
    const r = await leaderboard(["verify", id], { LEADERBOARD_URL: base });
    expect(r.out).toContain(`signed by key ${keyId}`);
    expect(r.code).toBe(0);
  }, 180_000);

  it("verifies the kept folder offline, signature included", async () => {
    const r = await leaderboard(["verify", "copy"]);
    expect(r.out).toContain(`✓ signature: manifest.json signed by key ${keyId}`);
    expect(r.code).toBe(0);
  }, 180_000);

  it("exits 1 when the manifest was altered after signing, though every file still matches it", async () => {
    fs.cpSync(path.join(dir, "copy"), path.join(dir, "altered"), { recursive: true });
    const file = path.join(dir, "altered", "manifest.json");
    const text = fs.readFileSync(file, "utf8");
    const altered = text.replace(
      /"createdAt":\s*"([^"]+)"/,
      (_m, at: string) => `"createdAt": "${at.replace(/^\d{4}/, "1999")}"`,
    );
    expect(altered).not.toBe(text);
    fs.writeFileSync(file, altered);
    const r = await leaderboard(["verify", "altered"]);
    expect(r.out).toMatch(/✗ signature: the signature of key [0-9a-f]{16} does not match these manifest bytes/);
    expect(r.out).toMatch(/NOT verified/);
    expect(r.code).toBe(1);
  }, 180_000);

  it("exits 1 when --keys names keys that are not the host's, and says so when a folder holds no signature", async () => {
    const foreign = path.join(dir, "foreign-keys.json");
    fs.writeFileSync(foreign, JSON.stringify({ keys: [] }));
    const r = await leaderboard(["verify", "copy", "--keys", foreign]);
    expect(r.out).toContain(`✗ signature: key ${keyId} is not among the host's keys (none)`);
    expect(r.code).toBe(1);
    fs.cpSync(path.join(dir, "copy"), path.join(dir, "unsigned"), { recursive: true });
    for (const f of ["signature.json", "leaderboard-keys.json"]) fs.rmSync(path.join(dir, "unsigned", f));
    const u = await leaderboard(["verify", "unsigned"]);
    expect(u.out).toContain("· signature: not checked");
    expect(u.code).toBe(0);
  }, 180_000);
});
