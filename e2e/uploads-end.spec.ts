// Every upload ends (issue 30), over real sockets to a running app: a body that stalls, is cut,
// trickles, or runs past the limit without a Content-Length gets the app's own 408/413 within the
// body limits (BODY_IDLE_SECONDS, BODY_WINDOW_SECONDS), the connection is closed, and the upload's
// row and chunks are gone when it fails — not at the next sweep or restart. A flood of stalled
// uploads from one account is capped by UPLOAD_MEMORY_TEAM_MB: the app's memory grows by about
// that much, not by what the account sends, and readers are answered meanwhile.
// The app runs on its own database with short limits, so that each shape ends in seconds.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { dropDatabase, freshDatabase } from "./databases.mjs";
import { startThrowawayPostgres } from "../scripts/pg-server.mjs";
import { waitHealthy } from "../scripts/wait-healthy.mjs";
import { adminToken, queryAt, teamToken } from "./helpers";

const root = process.cwd();
const PORT = 3331;
const base = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const LIMITS = { idle: 2, window: 4, async: 4 * MB, max: 12 * MB, teamMb: 24 };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-uploads-end-"));
const dbName = `lb_uploads_end_${process.pid}`;
let cluster: Awaited<ReturnType<typeof startThrowawayPostgres>> = null;
let dbUrl = "";
let app: ChildProcess | null = null;
let token = "";
let teamId = "";

test.setTimeout(180_000);
test.describe.configure({ mode: "serial" });

const sql = <T = Record<string, unknown>>(q: string, params: unknown[] = []) => queryAt<T>(dbUrl, q, params);

async function database(): Promise<string> {
  if (!process.env.DATABASE_URL) {
    cluster = await startThrowawayPostgres();
    return cluster?.url ?? "";
  }
  return freshDatabase(process.env.DATABASE_URL, dbName);
}

test.beforeAll(async () => {
  dbUrl = await database();
  test.skip(!dbUrl, "needs PostgreSQL server binaries");
  app = spawn(process.execPath, [path.join(root, ".build/server/server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      SEED: "1",
      WORKER: "0",
      NEXT_TELEMETRY_DISABLED: "1",
      ADMIN_EMAIL: "admin@uploads-end.test",
      ADMIN_PASSWORD: "uploads-end-admin-password",
      NEXTAUTH_SECRET: "uploads-end-secret-uploads-end-secret",
      NEXTAUTH_URL: base,
      BODY_IDLE_SECONDS: String(LIMITS.idle),
      BODY_WINDOW_SECONDS: String(LIMITS.window),
      ASYNC_UPLOAD_BYTES: String(LIMITS.async),
      MAX_UPLOAD_BYTES: String(LIMITS.max),
      UPLOAD_MEMORY_TEAM_MB: String(LIMITS.teamMb),
      RATE_UPLOADS_TEAM: "1000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  app.stderr!.on("data", (d) => process.stderr.write(`[uploads-end app] ${d}`));
  await waitHealthy(base, 120_000);
  token = await teamToken(base, adminToken(dataDir), "enders");
  [{ id: teamId }] = await sql<{ id: string }>(`SELECT id FROM teams WHERE slug = 'enders'`);
});

test.afterAll(async () => {
  app?.kill("SIGKILL");
  await new Promise((r) => setTimeout(r, 300));
  if (cluster) cluster.stop();
  else if (dbUrl) await dropDatabase(dbUrl, dbName);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ids = Object.keys(
  JSON.parse(fs.readFileSync(path.join(root, "prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);

/** A valid predictions file for bouncerbench/input of about `bytes` bytes (long traces). */
function predictions(bytes: number): Buffer {
  const per = Math.max(1, Math.ceil(bytes / ids.length) - 60);
  const trace = "t".repeat(per);
  return Buffer.from(
    JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: i % 3 === 0, trace }]))),
  );
}

const BOUNDARY = "uploadsendboundary";
function multipart(model: string, file: Buffer): { head: Buffer; body: Buffer } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${model}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${model}.json"\r\nContent-Type: application/json\r\n\r\n`,
  );
  return { head, body: Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]) };
}

type Ending = "stall" | "cut" | "trickle" | "endless";
interface Outcome {
  status: number;
  headers: string;
  /** ms from the last byte the client meant to send fast to the answer */
  answeredMs: number;
  /** ms from the answer to the server closing the connection (-1: it did not within 5 s) */
  closedMs: number;
  sent: number;
}

/**
 * Sends an upload over a raw socket: headers (with `Content-Length` unless "endless", which is
 * chunked), the first `send` bytes of the body as fast as the server reads them, then the
 * ending: a stall, a cut (the socket destroyed; resolves at once), a trickle of one byte every
 * 500 ms, or — "endless" — more file bytes for ever.
 */
async function rawUpload(model: string, fileBytes: number, send: number, ending: Ending): Promise<Outcome> {
  const { body } = multipart(model, predictions(fileBytes));
  const socket = net.connect(PORT, "127.0.0.1");
  await new Promise<void>((r) => socket.once("connect", () => r()));
  socket.on("error", () => undefined);
  let response = "";
  let answeredAt = 0;
  let closedAt = 0;
  let sent = 0;
  socket.on("data", (d) => {
    response += d.toString("latin1");
    if (!answeredAt && /\r\n\r\n/.test(response)) answeredAt = Date.now();
  });
  const closed = new Promise<void>((r) =>
    socket.once("close", () => {
      closedAt = Date.now();
      r();
    }),
  );
  const chunked = ending === "endless";
  socket.write(
    `POST /api/v1/tasks/bouncerbench/input/submissions HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${body.length}\r\n\r\n`),
  );
  const write = async (b: Buffer) => {
    if (socket.destroyed || answeredAt) return;
    const framed = chunked ? Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]) : b;
    sent += b.length;
    if (!socket.write(framed)) await Promise.race([new Promise((r) => socket.once("drain", r)), closed]);
  };
  for (let at = 0; at < send && !answeredAt && !socket.destroyed; at += 64 * 1024)
    await write(body.subarray(at, Math.min(send, at + 64 * 1024)));
  const t0 = Date.now();
  if (ending === "cut") {
    socket.destroy();
    return { status: 0, headers: "", answeredMs: 0, closedMs: 0, sent };
  }
  const filler = Buffer.alloc(64 * 1024, "t");
  const deadline = Date.now() + 30_000;
  while (!answeredAt && Date.now() < deadline && !socket.destroyed) {
    if (ending === "endless") {
      if (sent > 64 * MB) break;
      await write(filler);
    } else if (ending === "trickle") {
      await write(body.subarray(sent, sent + 1));
      await new Promise((r) => setTimeout(r, 500));
    } else await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.race([closed, new Promise((r) => setTimeout(r, 5000))]);
  socket.destroy();
  const [head] = response.split("\r\n\r\n");
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0),
    headers: head.toLowerCase(),
    answeredMs: answeredAt ? answeredAt - t0 : -1,
    closedMs: closedAt && answeredAt ? closedAt - answeredAt : -1,
    sent,
  };
}

async function leftovers() {
  const [r] = await sql<{ subs: number; chunks: number }>(
    `SELECT (SELECT count(*) FROM submissions WHERE team_id = $1::uuid)::int AS subs,
            (SELECT count(*) FROM upload_chunks)::int AS chunks`,
    [teamId],
  );
  return r;
}

/** The resident memory of the app and its children, in MB. */
function rssMb(pid: number): number {
  let kb = 0;
  const walk = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      for (const t of fs.readdirSync(`/proc/${p}/task`))
        for (const c of fs.readFileSync(`/proc/${p}/task/${t}/children`, "utf8").split(/\s+/).filter(Boolean))
          walk(Number(c));
    } catch {
      /* gone */
    }
  };
  walk(pid);
  return kb / 1024;
}

test("stalled, trickled, cut and endless bodies are answered within the limits, closed, and leave nothing", async () => {
  const idleMs = LIMITS.idle * 1000;
  const windowMs = LIMITS.window * 1000;
  const margin = 2500;
  // a small file (read whole in memory) that stops
  const small = await rawUpload("stall-small", 3 * MB, 2 * MB, "stall");
  expect(small.status).toBe(408);
  expect(small.answeredMs).toBeLessThan(idleMs + margin);
  expect(small.headers).toContain("connection: close");
  expect(small.closedMs).toBeGreaterThanOrEqual(0);
  expect(await leftovers()).toEqual({ subs: 0, chunks: 0 });

  // a large file (being stored for a worker) that stops: its row and chunks are gone with the answer
  const large = await rawUpload("stall-large", 8 * MB, 6 * MB, "stall");
  expect(large.status).toBe(408);
  expect(large.answeredMs).toBeLessThan(idleMs + margin);
  expect(large.closedMs).toBeGreaterThanOrEqual(0);
  expect(await leftovers()).toEqual({ subs: 0, chunks: 0 });

  // one that trickles (1 byte / 500 ms, under 16 KB per window)
  const trickle = await rawUpload("trickle", 3 * MB, 1 * MB, "trickle");
  expect(trickle.status).toBe(408);
  expect(trickle.answeredMs).toBeLessThan(windowMs + margin);
  expect(trickle.closedMs).toBeGreaterThanOrEqual(0);
  expect(await leftovers()).toEqual({ subs: 0, chunks: 0 });

  // a chunked body with no length that never ends: 413 once it passes MAX_UPLOAD_BYTES
  const endless = await rawUpload("endless", 8 * MB, 8 * MB, "endless");
  expect(endless.status).toBe(413);
  expect(endless.answeredMs).toBeLessThan(margin + 2000);
  expect(endless.closedMs).toBeGreaterThanOrEqual(0);
  // what was sent past the limit sits in the two kernels' socket buffers (several MB on loopback)
  expect(endless.sent).toBeLessThan(LIMITS.max + 16 * MB);
  expect(await leftovers()).toEqual({ subs: 0, chunks: 0 });

  // a large file whose client goes away: the row appears while it arrives, and goes with the cut
  const cutAt = Date.now();
  await rawUpload("cut-large", 8 * MB, 6 * MB, "cut");
  let left = await leftovers();
  while (Date.now() - cutAt < 3000 && (left.subs || left.chunks)) {
    await new Promise((r) => setTimeout(r, 50));
    left = await leftovers();
  }
  expect(left).toEqual({ subs: 0, chunks: 0 });
  console.log(
    `[uploads-end] stall ${small.answeredMs} / ${large.answeredMs} ms, trickle ${trickle.answeredMs} ms, endless 413 after ${(endless.sent / MB).toFixed(1)} MB, cut cleaned in ${Date.now() - cutAt} ms`,
  );
});

test("a flood of stalled uploads from one account holds at most its team's budget, and readers are answered", async () => {
  const appPid = app!.pid!;
  const before = rssMb(appPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(appPid))), 100);
  // 30 uploads of 3.9 MB (each read whole in memory before scoring), all stalling near their end:
  // 117 MB sent; the team's budget is 24 MB
  const flood = Array.from({ length: 30 }, (_, i) => rawUpload(`flood-${i}`, 3.9 * MB, 3.8 * MB, "stall"));
  await new Promise((r) => setTimeout(r, 1000));
  const t0 = Date.now();
  const board = await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard`);
  const readMs = Date.now() - t0;
  expect(board.status).toBe(200);
  const outcomes = await Promise.all(flood);
  clearInterval(sampler);
  const by = (s: number) => outcomes.filter((o) => o.status === s).length;
  console.log(
    `[uploads-end] flood: ${by(408)} × 408, ${by(429)} × 429; app RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB; a board read took ${readMs} ms meanwhile`,
  );
  expect(by(408) + by(429)).toBe(30);
  expect(by(429)).toBeGreaterThan(0);
  // at most the budget's worth waited for its idle limit
  expect(by(408)).toBeLessThanOrEqual(Math.ceil(LIMITS.teamMb / 3.8) + 1);
  for (const o of outcomes.filter((x) => x.status === 429)) expect(o.headers).toMatch(/retry-after: \d+/);
  // the account's 117 MB did not land in the app's memory (a bound with room for the runtime's own)
  expect(peak - before).toBeLessThan(LIMITS.teamMb + 60);
  expect(await leftovers()).toEqual({ subs: 0, chunks: 0 });
  // the budget is given back: the team's next upload goes through at once
  const fd = new FormData();
  fd.set("model", "after-flood");
  fd.set("dry_run", "true");
  fd.set("file", new Blob([new Uint8Array(predictions(1 * MB))]), "after.json");
  const res = await fetch(`${base}/api/v1/tasks/bouncerbench/input/submissions`, {
    method: "POST",
    body: fd,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
});

test("30 simultaneous ordinary uploads go through on the default scoring queue (none refused busy)", async () => {
  // dry runs: validated and scored in the scoring thread like any upload, nothing stored; 30 ×
  // 0.75 MB stays within this app's 24 MB team budget (the default is 64 MB)
  const file = predictions(0.75 * MB);
  const t0 = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const fd = new FormData();
      fd.set("model", `simultaneous-${i}`);
      fd.set("dry_run", "true");
      fd.set("file", new Blob([new Uint8Array(file)]), `simultaneous-${i}.json`);
      const res = await fetch(`${base}/api/v1/tasks/bouncerbench/input/submissions`, {
        method: "POST",
        body: fd,
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  console.log(
    `[uploads-end] 30 simultaneous 0.75 MB dry runs answered in ${Date.now() - t0} ms: ${statuses.join(" ")}`,
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(30);
});
