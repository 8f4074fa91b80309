// The app behind a transaction-mode PgBouncer (Debian's `pgbouncer`, started here): DATABASE_URL
// goes through it, DATABASE_DIRECT_URL straight to PostgreSQL. Bootstrap (migrations, the job
// queue's schema, the seed), an upload through the route handler, board reads, graphile-worker's
// jobs, and release_changed notifications — written through the pooler by another pool, heard by
// this process's LISTEN on the direct URL — all work; a LISTEN through the pooler hears nothing.
// Skipped when no pgbouncer binary is installed (apt-get install pgbouncer).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const tmp = path.join(os.tmpdir(), `lb-pgbouncer-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
// startUp writes the admin token under DATA_DIR: never the repository's .data
process.env.DATA_DIR = path.join(tmp, "data");

import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { getEnv } from "@/lib/env";
import { closeDatabase, getDatabase, openDatabase, sessionPool, type Database } from "@/lib/server/db";
import { releaseSignatureState, stopReleaseSignatures } from "@/lib/server/http";
import { cacheSignature, cachedResponse, type CachedResponse } from "@/lib/server/http/response-cache";
import { startUp } from "@/lib/server/setup";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { runDueJobs } from "@/lib/server/worker";
import { consume } from "@/lib/server/limits";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

function findPgbouncer(): string | null {
  for (const p of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"])
    if (fs.existsSync(p)) return p;
  const r = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

const PGBOUNCER = findPgbouncer();
const SERVER = process.env.DATABASE_URL;
if (!PGBOUNCER)
  console.warn(
    "[pgbouncer] skipped: no pgbouncer binary (apt-get install pgbouncer) — the transaction-mode test did not run",
  );

const P = { benchmark: "bouncerbench", task: "input" };
const BOARD = "/api/v1/tasks/bouncerbench/input/leaderboard";
const saved = {
  DATABASE_URL: process.env.DATABASE_URL,
  DATABASE_DIRECT_URL: process.env.DATABASE_DIRECT_URL,
};
let bouncer: ChildProcess | null = null;
let bouncerLog = "";
let bouncerPort = 0;
let user = "postgres";
let name = "";
let directUrl = "";
let pooledUrl = "";
let db: Database;
let token: string;

const bodyOf = async (r: CachedResponse | Response) =>
  r instanceof Response ? r.json() : JSON.parse(r.body.toString("utf8"));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function until(ok: () => boolean | Promise<boolean>, ms = 10_000, what = "a condition") {
  const t = Date.now();
  while (!(await ok())) {
    if (Date.now() - t > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts PgBouncer in transaction mode in front of the test server; resolves once it answers. */
async function startBouncer(server: URL): Promise<void> {
  const password = decodeURIComponent(server.password);
  fs.chmodSync(tmp, 0o755); // PgBouncer drops to `nobody` when started as root: it must read these
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const host = server.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1";
  const ini = [
    "[databases]",
    // every database name maps to the same name on the test server
    `* = host=${host} port=${server.port || 5432}${password ? ` password=${q(password)}` : ""}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${bouncerPort}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(tmp, "userlist.txt")}`,
    `admin_users = ${user}`,
    "pool_mode = transaction",
    // fewer server connections than the app's pool has clients: statements of one client land on
    // several server connections, as in production
    "default_pool_size = 4",
    "max_client_conn = 200",
    "ignore_startup_parameters = extra_float_digits,options",
  ].join("\n");
  fs.writeFileSync(path.join(tmp, "pgbouncer.ini"), ini + "\n", { mode: 0o644 });
  fs.writeFileSync(path.join(tmp, "userlist.txt"), `"${user}" ""\n`, { mode: 0o644 });
  const args = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
  bouncer = spawn(PGBOUNCER!, [...args, path.join(tmp, "pgbouncer.ini")], { stdio: ["ignore", "pipe", "pipe"] });
  bouncer.stdout!.on("data", (d) => (bouncerLog += d));
  bouncer.stderr!.on("data", (d) => (bouncerLog += d));
  await until(
    async () => {
      if (bouncer!.exitCode !== null) throw new Error(`pgbouncer exited:\n${bouncerLog}`);
      const c = new pg.Client({ connectionString: pooledUrl });
      try {
        await c.connect();
        await c.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    15_000,
    "pgbouncer to answer",
  );
}

/** PgBouncer's counters for the test database (its admin console: simple queries only). */
async function bouncerStats(): Promise<{ xacts: number; queries: number }> {
  const c = new pg.Client({
    connectionString: `postgresql://${encodeURIComponent(user)}@127.0.0.1:${bouncerPort}/pgbouncer`,
  });
  await c.connect();
  try {
    const { rows } = await c.query("SHOW STATS");
    const r = rows.find((x) => x.database === name);
    return { xacts: Number(r?.total_xact_count ?? 0), queries: Number(r?.total_query_count ?? 0) };
  } finally {
    await c.end();
  }
}

describe.skipIf(!PGBOUNCER || !SERVER)(
  PGBOUNCER
    ? "behind a transaction-mode PgBouncer"
    : "behind a transaction-mode PgBouncer (skipped: no pgbouncer binary)",
  () => {
    beforeAll(async () => {
      fs.mkdirSync(tmp, { recursive: true });
      const server = new URL(SERVER!);
      name = `lb_test_${crypto.randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: SERVER });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const direct = new URL(SERVER!);
      direct.pathname = `/${name}`;
      directUrl = direct.toString();
      user = decodeURIComponent(server.username) || "postgres";
      bouncerPort = await freePort();
      pooledUrl = `postgresql://${encodeURIComponent(user)}@127.0.0.1:${bouncerPort}/${name}`;
      await startBouncer(server);
      // the app's own configuration path: the environment, read once by getEnv()
      process.env.DATABASE_URL = pooledUrl;
      process.env.DATABASE_DIRECT_URL = directUrl;
      expect(getEnv().DATABASE_URL).toBe(pooledUrl);
      expect(getEnv().DATABASE_DIRECT_URL).toBe(directUrl);
      db = await getDatabase();
      await startUp(db, { seed: true, log: () => undefined });
      await runDueJobs(db.prisma, db.pool);
      const team = await ensureTeam(db.prisma, "Pooled Team");
      token = (await createApiToken(db.prisma, { teamId: team.id })).token;
    }, 300_000);

    afterAll(async () => {
      stopReleaseSignatures();
      await closeDatabase().catch(() => undefined);
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      if (bouncer && bouncer.exitCode === null) {
        const exited = new Promise((r) => bouncer!.once("exit", r));
        bouncer.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      if (SERVER && name) {
        const c = new pg.Client({ connectionString: SERVER });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      }
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it("requests go through the pooler; sessions (graphile-worker, LISTEN) to the direct URL", async () => {
      expect(db.url).toBe(pooledUrl);
      expect(db.directUrl).toBe(directUrl);
      expect(db.directPool).not.toBe(db.pool);
      // graphile-worker runs on the direct pool whichever pool its callers hand it
      expect(sessionPool(db.pool)).toBe(db.directPool);
      const stats = await bouncerStats();
      // start-up's and the seed's queries went through PgBouncer
      expect(stats.xacts).toBeGreaterThan(50);
      // the migrations went to the direct URL, under the lock, and are all there
      const [m] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
      expect(m.n).toBe(
        fs.readdirSync("prisma/migrations", { withFileTypes: true }).filter((d) => d.isDirectory()).length,
      );
    });

    it("named prepared statements (the rate limiter's) go to a direct connection, so they hold under concurrency", async () => {
      // through a transaction-mode PgBouncer before 1.21 (Debian's among them) named statements
      // fail ("prepared statement … already exists" / "does not exist"): a pg client's next query
      // may run on another server connection. The rate limits' store is the direct pool; on
      // db.pool these 40 counts fail.
      // rate-limiter-flexible's PostgreSQL store names its statements
      const counted = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => consume("signin-account", `someone-${i % 4}@example.org`)),
      );
      expect(
        counted.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const [n] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'signin-account%'`,
      );
      expect(n.n).toBe(4);
    });

    it("an upload through the route handler is stored, scored and shown on the board", async () => {
      const gpt = JSON.parse(
        fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8"),
      ) as Record<string, { label: string }>;
      // a bouncer flipping gpt-4.1 on every k-th instance (each upload a different file)
      const file = (k: number) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(gpt).map(([id, v], i) => {
              const bounce = v.label === "VAGUE" || v.label === "IMPOSSIBLE_TO_SOLVE";
              return [id, { input_bounce: i % k === 0 ? !bounce : bounce }];
            }),
          ),
        );
      const before = await bouncerStats();
      // several uploads: the rate limiter's named statements, the quota's advisory lock, COPY
      for (const [k, model] of [
        [5, "pooled-bouncer"],
        [6, "pooled-bouncer-2"],
        [7, "pooled-bouncer-3"],
      ] as const) {
        const res = await submit(
          multipartRequest(
            `/api/v1/tasks/bouncerbench/input/submissions`,
            { model },
            { name: "p.json", text: file(k) },
            token,
          ),
          ctx(P),
        );
        const body = await res.json();
        expect(res.status, JSON.stringify(body)).toBe(201);
        expect(body.status).toBe("scored");
      }
      // the queued jobs (board refresh, audit) run on graphile-worker (direct pool)
      await runDueJobs(db.prisma, db.pool);
      const res = await leaderboard(getRequest(BOARD), ctx(P));
      expect(res.status).toBe(200);
      const lb = await res.json();
      const row = lb.rows.find((r: { model: string }) => r.model === "pooled-bouncer");
      expect(row).toMatchObject({ team: "Pooled Team", significancePending: false });
      expect(row.rank).toBeGreaterThan(0);
      expect((await bouncerStats()).xacts).toBeGreaterThan(before.xacts);
      // no job was left failing
      const [failed] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'failed'`);
      expect(failed.n).toBe(0);
    });

    it("a write through the pooler by another process invalidates the cached signature here (LISTEN on the direct URL)", async () => {
      const req = { method: "GET", url: `http://x${BOARD}`, headers: new Headers() };
      const s0 = (await cacheSignature(req))!;
      await until(() => releaseSignatureState().ready, 10_000, "the release listener");
      const s1 = (await cacheSignature(req))!;
      expect(s1.signature).toBe(s0.signature);
      const render = () => leaderboard(getRequest(BOARD), ctx(P));
      const first = await cachedResponse(s1.key, s1, render);
      const firstBody = await bodyOf(first.response);
      const target = firstBody.rows.find((r: { model: string }) => r.model === "pooled-bouncer-2");
      expect(target).toBeTruthy();
      expect((await cachedResponse(s1.key, s1, render)).hit).toBe(true);

      // a control: a LISTEN through the transaction-mode pooler hears nothing
      const viaBouncer = new pg.Client({ connectionString: pooledUrl });
      await viaBouncer.connect();
      const heardViaBouncer: string[] = [];
      viaBouncer.on("notification", (n) => heardViaBouncer.push(n.channel));
      await viaBouncer.query("LISTEN release_changed");

      // another process, configured the same way, hides a submission through PgBouncer
      const other = await openDatabase({ url: pooledUrl, directUrl, poolSize: 2 });
      try {
        const seen = releaseSignatureState().notified;
        await other.prisma.submission.update({ where: { id: target.submissionId }, data: { visibility: "private" } });
        await until(() => releaseSignatureState().notified > seen, 10_000, "the release_changed notification");
        const s2 = (await cacheSignature(req))!;
        expect(s2.signature).not.toBe(s1.signature);
        // the cache answers under the new signature with the board as it is now
        const second = await cachedResponse(s2.key, s2, render);
        expect(second.hit).toBe(false);
        const secondBody = await bodyOf(second.response);
        expect(secondBody.rows.some((r: { submissionId: string }) => r.submissionId === target.submissionId)).toBe(
          false,
        );
        await new Promise((r) => setTimeout(r, 1000));
        expect(heardViaBouncer).toEqual([]);
      } finally {
        await other.close();
        await viaBouncer.end().catch(() => undefined);
      }
    });

    it("the LISTEN connection is a session on PostgreSQL itself, not one through PgBouncer", async () => {
      // the listener's socket: PostgreSQL sees its local port as the client's port only when it
      // connects directly (through PgBouncer it would see one of the pooler's own connections)
      const listener = (
        globalThis as unknown as {
          __releaseSignatures?: { client: { connection?: { stream?: net.Socket } } | null };
        }
      ).__releaseSignatures?.client;
      const port = listener?.connection?.stream?.localPort;
      expect(port).toBeGreaterThan(0);
      const c = new pg.Client({ connectionString: directUrl });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND client_port = $2`,
          [name, port],
        );
        expect(rows[0].n).toBe(1);
      } finally {
        await c.end();
      }
    });
  },
);
