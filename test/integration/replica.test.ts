// Leaderboard reads on a read replica (DATABASE_REPLICA_URL) never cache a lagging replica's board
// under a newer signature. The replica is simulated by a copy of the primary (CREATE DATABASE …
// TEMPLATE) that receives none of the primary's later writes: a streaming replica that lags
// forever. A row renamed on the copy alone (its triggers off, so its board_version stays) marks
// what was read there.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import {
  databaseHealth,
  markDatabaseUp,
  openDatabase,
  replicaReadStats,
  setDatabase,
  type Database,
} from "@/lib/server/db";
import { stopReleaseSignatures } from "@/lib/server/http";
import { cacheSignature, cachedResponse, type CachedResponse } from "@/lib/server/http/response-cache";
import { boardPageView, getLeaderboard } from "@/lib/server/leaderboard";
import { seed } from "@/lib/server/setup";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { createTestDatabase } from "../helpers/db";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";
import { getTaskOrThrow } from "@/lib/server/tasks";

const P = { benchmark: "bouncerbench", task: "input" };
const BOARD = "/api/v1/tasks/bouncerbench/input/leaderboard";
const MARK = "claude-on-the-replica";
let primary: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let replicaName = "";
let replicaUrl = "";
let token: string;

const server = () => process.env.DATABASE_URL!;
async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = server()): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
const boardVersion = async (url: string) =>
  admin(
    async (c) =>
      (
        await c.query<{ v: string }>(
          `SELECT r.board_version::text AS v FROM releases r JOIN tasks t ON t.id = r.task_id
            WHERE t.full_slug = 'bouncerbench/input' AND r.status = 'published'`,
        )
      ).rows[0].v,
    url,
  );

beforeAll(async () => {
  primary = await createTestDatabase();
  await seed(primary, () => undefined);
  await primary.runJobs();
  const team = await ensureTeam(primary.prisma, "Replica Team");
  token = (await createApiToken(primary.prisma, { teamId: team.id })).token;
  // the copy needs the primary without sessions: close this process's, then clone it
  stopReleaseSignatures();
  await primary.close();
  replicaName = `${primary.name}_replica`;
  await admin(async (c) => {
    // connections still closing (the listener's) are waited for, and ended only as a last resort
    const others = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`;
    for (let t = Date.now(); Date.now() - t < 10_000; await new Promise((r) => setTimeout(r, 50)))
      if ((await c.query<{ n: number }>(others, [primary.name])).rows[0].n === 0) break;
    await c.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [primary.name],
    );
    await c.query(`CREATE DATABASE ${replicaName} TEMPLATE ${primary.name}`);
  });
  // a connection ended above was this test's doing, not an outage
  markDatabaseUp();
  const u = new URL(server());
  u.pathname = `/${replicaName}`;
  replicaUrl = u.toString();
  // the mark: renamed on the copy alone, its board_version left as it was
  await admin(async (c) => {
    await c.query(`ALTER TABLE submissions DISABLE TRIGGER submissions_board_version`);
    await c.query(`UPDATE submissions SET model = $1 WHERE model = 'claude-3.7-sonnet'`, [MARK]);
    await c.query(`ALTER TABLE submissions ENABLE TRIGGER submissions_board_version`);
  }, replicaUrl);
  db = await openDatabase({ url: primary.url!, replicaUrl });
  setDatabase(db); // the route handlers' database (primary.drop() closes it)
}, 300_000);

afterAll(async () => {
  await primary?.drop();
  if (replicaName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${replicaName} WITH (FORCE)`));
});

const models = (rows: { model: string }[]) => rows.map((r) => r.model);
const bodyOf = async (r: CachedResponse | Response) =>
  r instanceof Response ? r.json() : JSON.parse(r.body.toString("utf8"));

describe("leaderboard reads on a read replica", () => {
  it("a replica at the board's version serves the board (and the page view model)", async () => {
    expect(await boardVersion(replicaUrl)).toBe(await boardVersion(primary.url!));
    const before = replicaReadStats();
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    expect(models(lb.rows)).toContain(MARK);
    expect(models(lb.rows)).not.toContain("claude-3.7-sonnet");
    expect(replicaReadStats().used).toBe(before.used + 1);
    const page = await boardPageView(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    expect(models(page.board!.lb.rows)).toContain(MARK);
  });

  it("a lagging replica is not read: the board and the page cached under the new signature are the primary's", async () => {
    const req = { method: "GET", url: `http://x${BOARD}`, headers: new Headers() };
    const render = () => leaderboard(getRequest(BOARD), ctx(P));
    const s1 = (await cacheSignature(req))!;
    const cached = await cachedResponse(s1.key, s1, render);
    expect(models((await bodyOf(cached.response)).rows)).toContain(MARK);

    // an upload to the primary: its board_version moves; the replica never sees it (the upload's
    // answer reads the board too: counted from here)
    const before = replicaReadStats();
    const gpt = JSON.parse(
      fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8"),
    ) as Record<string, { label: string }>;
    const file = JSON.stringify(
      Object.fromEntries(
        Object.entries(gpt).map(([id, v], i) => {
          const bounce = v.label === "VAGUE" || v.label === "IMPOSSIBLE_TO_SOLVE";
          return [id, { input_bounce: i % 4 === 0 ? !bounce : bounce }];
        }),
      ),
    );
    const res = await submit(
      multipartRequest(
        "/api/v1/tasks/bouncerbench/input/submissions",
        { model: "fresh-upload" },
        { name: "p.json", text: file },
        token,
      ),
      ctx(P),
    );
    expect(res.status).toBe(201);
    expect(BigInt(await boardVersion(primary.url!))).toBeGreaterThan(BigInt(await boardVersion(replicaUrl)));

    // the signature moves (notification, or a read); wait for it as a second process would
    let s2 = s1;
    const t = Date.now();
    while (s2.signature === s1.signature) {
      if (Date.now() - t > 10_000) throw new Error("the signature did not move");
      await new Promise((r) => setTimeout(r, 20));
      s2 = (await cacheSignature(req))!;
    }
    const fresh = await cachedResponse(s2.key, s2, render);
    expect(fresh.hit).toBe(false);
    const rows = models((await bodyOf(fresh.response)).rows);
    expect(rows).toContain("fresh-upload");
    expect(rows).toContain("claude-3.7-sonnet");
    expect(rows).not.toContain(MARK);
    expect(replicaReadStats().behind).toBeGreaterThan(before.behind);
    // what stays cached under the new signature is that board, and so is the board cache's entry
    const again = await cachedResponse(s2.key, s2, render);
    expect(again.hit).toBe(true);
    expect(models((await bodyOf(again.response)).rows)).toEqual(rows);
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    expect(models(lb.rows)).toContain("fresh-upload");
    expect(models(lb.rows)).not.toContain(MARK);
  });

  it("an unreachable replica costs nothing but a fallback: the primary answers, the database is not marked down", async () => {
    const down = await openDatabase({
      url: primary.url!,
      replicaUrl: "postgresql://nobody@127.0.0.1:1/none",
      poolSize: 2,
    });
    try {
      const before = replicaReadStats();
      // a task whose board this process has not cached yet
      const lb = await getLeaderboard(down.prisma, await getTaskOrThrow(down.prisma, "bouncerbench/output"), {});
      expect(lb.rows.length).toBeGreaterThan(0);
      expect(replicaReadStats().failed).toBe(before.failed + 1);
      expect(databaseHealth().down).toBe(false);
    } finally {
      await down.close();
    }
  });

  it("an unreachable primary is marked down by the pool's own connections (pg-pool's Client option), through pg and Prisma alike", async () => {
    for (const via of ["pg", "prisma"] as const) {
      markDatabaseUp();
      const gone = await openDatabase({ url: "postgresql://nobody@127.0.0.1:1/none", poolSize: 1 });
      try {
        expect(databaseHealth().down).toBe(false);
        const read = via === "pg" ? gone.pool.query("SELECT 1") : gone.prisma.$queryRawUnsafe("SELECT 1");
        await expect(read).rejects.toThrow();
        expect([via, databaseHealth().down, databaseHealth().reason]).toEqual([
          via,
          true,
          expect.stringMatching(/ECONNREFUSED|refused/i),
        ]);
      } finally {
        markDatabaseUp();
        await gone.close();
      }
    }
  });
});
