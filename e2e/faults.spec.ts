// Faults an operator meets (issue 16): real processes killed with SIGKILL, and PostgreSQL
// stopped under the app. Runs on its own throwaway PostgreSQL cluster (it stops it), with two
// apps and job workers started here, as in production (`npm start` runs the same bundle).
//  - kill -9 of a worker (and of the app that published) in the middle of a re-score: the
//    stalled parts run again within 60 s, and every submission is scored exactly once;
//  - kill -9 of the app receiving a large upload: the half-received upload was never visible
//    to anyone but its team, kept "private" although "public" was asked, and is deleted with
//    its quota within a minute;
//  - PostgreSQL stopped: 503 with Retry-After from pages, the API and /api/v1/health (naming the
//    database); everything answers again on its own once it is back.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ensureBundle } from "../scripts/bundle.mjs";
import { startThrowawayPostgres } from "../scripts/pg-server.mjs";
import { waitHealthy } from "../scripts/wait-healthy.mjs";
import { adminToken, bounceFile, inputIds, postForm, publishAnnotations, queryAt, teamToken } from "./helpers";

const root = process.cwd();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-faults-"));
let cluster: Awaited<ReturnType<typeof startThrowawayPostgres>> = null;
let dbUrl = "";
const procs: ChildProcess[] = [];

test.setTimeout(300_000);
test.describe.configure({ mode: "serial" });

function spawnLogged(name: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", SEED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", () => undefined);
  child.stderr!.on("data", (d) => process.stderr.write(`[faults ${name}] ${d}`));
  procs.push(child);
  return child;
}

function startApp(port: number) {
  const child = spawnLogged(`app:${port}`, [path.join(root, ".build/server/server.mjs")], {
    PORT: String(port),
    WORKER: "0",
    ADMIN_EMAIL: "admin@faults.test",
    ADMIN_PASSWORD: "faults-admin-password",
    NEXTAUTH_SECRET: "faults-secret-faults-secret-faults-secret",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

function startWorker(name: string) {
  return spawnLogged(name, [path.join(root, ".build/server/worker.mjs")], { WORKER_CONCURRENCY: "1" });
}

function kill9(child: ChildProcess) {
  child.kill("SIGKILL");
  return new Promise<void>((r) => (child.exitCode !== null || child.signalCode ? r() : child.once("exit", () => r())));
}

const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => queryAt<T>(dbUrl, q, params);

test.beforeAll(async () => {
  await ensureBundle();
  cluster = await startThrowawayPostgres();
  test.skip(!cluster, "needs PostgreSQL server binaries");
  dbUrl = cluster!.url;
});

test.afterAll(async () => {
  for (const p of procs) if (p.exitCode === null && !p.signalCode) p.kill("SIGKILL");
  await new Promise((r) => setTimeout(r, 500));
  cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let A: { url: string; child: ChildProcess };
let B: { url: string; child: ChildProcess };
let admin = "";
let token = "";

test("kill -9 of a worker and an app in the middle of a re-score: it resumes within 60 s and scores each submission once", async () => {
  A = startApp(3321);
  await waitHealthy(A.url);
  B = startApp(3322);
  await waitHealthy(B.url);
  admin = adminToken(dataDir);
  const auth = { authorization: `Bearer ${admin}` };
  token = await teamToken(B.url, admin, "faults");

  // enough submissions for several re-score parts (25 each)
  const ids = inputIds();
  for (let k = 0; k < 60; k++) {
    // patterns repeat every 7 k: trailing spaces make each file its own (a team's identical file is a 409)
    const res = await postForm({
      base: k % 2 ? B.url : A.url,
      headers: { authorization: `Bearer ${token}` },
      fields: { model: `fault-${k}` },
      file: bounceFile(ids, (i) => (i * (k + 3)) % 7 < 2) + " ".repeat(k),
      name: `fault-${k}.json`,
    });
    expect(res.status).toBe(201);
  }

  // publish through A with no worker running: the re-score waits in the queue
  const job = await publishAnnotations(A.url, admin, "1.2-faults");

  // a worker starts; the moment it holds a re-score part, it and the publishing app are killed
  const w1 = startWorker("worker-1");
  let locked = 0;
  for (let i = 0; i < 3000 && !locked; i++) {
    locked = Number(
      (
        await sql<{ n: string }>(
          `SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'rescore-part' AND j.locked_by IS NOT NULL`,
        )
      )[0].n,
    );
    if (!locked) await new Promise((r) => setTimeout(r, 20));
  }
  expect(locked, "the worker took a re-score part").toBeGreaterThan(0);
  await Promise.all([kill9(w1), kill9(A.child)]);
  const killedAt = Date.now();
  const heldByDead = Number(
    (await sql<{ n: string }>(`SELECT count(*) AS n FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL`))[0]
      .n,
  );

  // a new worker and a restarted app: the dead worker's locks are released by the heartbeat reaper
  startWorker("worker-2");
  A = startApp(3321);
  let state = { status: "queued", progress: 0, total: 0, error: null as string | null };
  while (Date.now() - killedAt < 90_000 && state.status !== "done" && state.status !== "failed") {
    await new Promise((r) => setTimeout(r, 500));
    state = (await (await fetch(`${B.url}/api/v1/jobs/${job.id}`, { headers: auth })).json()) as typeof state;
  }
  const resumedIn = (Date.now() - killedAt) / 1000;
  console.log(
    `[faults] re-score finished ${resumedIn.toFixed(1)} s after kill -9 (${heldByDead} job(s) were locked by the dead worker)`,
  );
  expect(state.error).toBeNull();
  expect(state.status).toBe("done");
  expect(resumedIn).toBeLessThanOrEqual(60);

  const [{ subs }] = await sql<{ subs: number }>(
    `SELECT count(*)::int AS subs FROM submissions s JOIN tasks t ON t.id = s.task_id WHERE t.full_slug = 'bouncerbench/input'`,
  );
  const [{ scored }] = await sql<{ scored: number }>(
    `SELECT count(*)::int AS scored FROM scores sc JOIN releases r ON r.id = sc.release_id WHERE r.version = '1.2-faults'`,
  );
  // progress counts each part once, in the transaction that writes its scores
  expect(state.total).toBe(subs);
  expect(state.progress).toBe(subs);
  expect(scored).toBe(subs);
  // the last part queues the board refresh and the breakdowns' back-fill: they run, and nothing is left
  // stuck behind the kill (a job still locked by the dead worker would stay)
  let left = -1;
  for (let i = 0; i < 180 && left !== 0; i++) {
    [{ left }] = await sql<{ left: number }>(`SELECT count(*)::int AS left FROM graphile_worker._private_jobs`);
    if (left) await new Promise((r) => setTimeout(r, 500));
  }
  expect(left).toBe(0);
  // and every score of the new release got its breakdowns
  const [{ lacking }] = await sql<{ lacking: number }>(
    `SELECT count(*)::int AS lacking FROM scores sc JOIN releases r ON r.id = sc.release_id
      WHERE r.version = '1.2-faults' AND NOT sc.details ? 'breakdowns'`,
  );
  expect(lacking).toBe(0);
});

test("kill -9 of the app receiving a large upload: never public, deleted with its quota within a minute", async () => {
  await waitHealthy(A.url);
  const [{ before }] = await sql<{ before: number }>(`SELECT count(*)::int AS before FROM submissions`);
  // (the admin's team: the first test used up the other team's upload rate)
  // a 30 MB upload (queued: over ASYNC_UPLOAD_BYTES, 20 MB) of which only the first 22 MB arrive
  const boundary = "faultsboundary";
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\ninterrupted\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\npublic\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="interrupted-big.json"\r\nContent-Type: application/json\r\n\r\n`;
  const socket = net.connect(3322, "127.0.0.1");
  await new Promise<void>((r) => socket.once("connect", () => r()));
  socket.on("error", () => undefined);
  socket.write(
    `POST /api/v1/tasks/bouncerbench/input/submissions HTTP/1.1\r\nHost: 127.0.0.1:3322\r\nAuthorization: Bearer ${admin}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${30 * 1024 * 1024}\r\n\r\n${head}{`,
  );
  const chunk = Buffer.from(`"x${"0".repeat(60)}": {"input_bounce": true}, `.repeat(1000));
  for (let sent = 0; sent < 22 * 1024 * 1024; sent += chunk.length) {
    if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
  }
  let row: { id: string; visibility: string; receiver_id: string | null } | undefined;
  for (let i = 0; i < 300 && !row; i++) {
    [row] = await sql<{ id: string; visibility: string; receiver_id: string | null }>(
      `SELECT id, visibility::text, receiver_id FROM submissions WHERE file_name = 'interrupted-big.json'`,
    );
    if (!row) await new Promise((r) => setTimeout(r, 100));
  }
  expect(row, "the upload's row exists while its bytes arrive").toBeTruthy();
  expect(row!.receiver_id).not.toBeNull();
  // "public" was asked, but nothing is public before the form is complete
  expect(row!.visibility).toBe("private");
  expect((await fetch(`${A.url}/api/v1/submissions/${row!.id}`)).status).toBe(404);

  await kill9(B.child);
  socket.destroy();
  const killedAt = Date.now();
  let gone = false;
  while (!gone && Date.now() - killedAt < 90_000) {
    await new Promise((r) => setTimeout(r, 1000));
    gone = (await sql(`SELECT 1 FROM submissions WHERE id = $1::uuid`, [row!.id])).length === 0;
  }
  console.log(
    `[faults] the interrupted upload was deleted ${((Date.now() - killedAt) / 1000).toFixed(1)} s after kill -9`,
  );
  expect(gone).toBe(true);
  expect(Date.now() - killedAt).toBeLessThanOrEqual(60_000);
  const [{ chunks }] = await sql<{ chunks: number }>(
    `SELECT count(*)::int AS chunks FROM upload_chunks WHERE submission_id = $1::uuid`,
    [row!.id],
  );
  expect(chunks).toBe(0);
  const [{ after }] = await sql<{ after: number }>(`SELECT count(*)::int AS after FROM submissions`);
  expect(after).toBe(before);
});

test("PostgreSQL stopped under the app: 503 with Retry-After from pages, API and health; back on its own", async () => {
  await waitHealthy(A.url);
  expect((await fetch(`${A.url}/tasks/bouncerbench/input`)).status).toBe(200);
  cluster!.pause();
  try {
    // pages, the cached leaderboard, other API routes and the health check
    for (const p of [
      "/",
      "/tasks/bouncerbench/input",
      "/api/v1/tasks/bouncerbench/input/leaderboard",
      "/api/v1/benchmarks",
      "/api/v1/health",
    ]) {
      let res = await fetch(`${A.url}${p}`);
      // the first request may be the one that finds the database gone
      if (res.status !== 503) res = await fetch(`${A.url}${p}`);
      expect(res.status, p).toBe(503);
      expect(Number(res.headers.get("retry-after")), p).toBeGreaterThan(0);
      if (p === "/api/v1/health") {
        const body = (await res.json()) as { ok: boolean; down: string[] };
        expect(body.ok).toBe(false);
        expect(body.down).toEqual(["database"]);
      }
    }
  } finally {
    cluster!.resume();
  }
  const back = Date.now();
  let status = 0;
  while (status !== 200 && Date.now() - back < 30_000) {
    await new Promise((r) => setTimeout(r, 500));
    status = (await fetch(`${A.url}/tasks/bouncerbench/input`)).status;
  }
  expect(status).toBe(200);
  expect((await fetch(`${A.url}/api/v1/health`)).status).toBe(200);
  expect((await fetch(`${A.url}/api/v1/benchmarks`)).status).toBe(200);
});
