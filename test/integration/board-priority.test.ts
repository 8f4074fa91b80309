// The board's refresh runs ahead of the back-fills and audits: a burst of uploads queues an audit
// each, and the rank intervals must not wait behind thousands of them (issue 36).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlOf } from "@/lib/server/db";
import { queueBoardRefresh } from "@/lib/server/scoring";
import { queuePublicBoardRefreshes } from "@/lib/server/leaderboard";
import { seed } from "@/lib/server/setup";
import { createTestDatabase } from "../helpers/db";
import { type TestDatabase } from "../helpers/seeded";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => db?.drop());

describe("the board refresh's place in the queue", () => {
  it("is taken before older jobs of default priority", async () => {
    const sql = sqlOf(db.prisma);
    await db.runJobs();
    const release = "00000000-0000-4000-8000-00000000000b";
    // an older job of default priority (an audit, a back-fill), then the refresh
    await sql(`SELECT graphile_worker.add_job('fill-outcomes', '{}'::json, run_at => now() - interval '1 hour')`, []);
    await queueBoardRefresh(sql, [release]);
    const order = await sql<{ task: string; priority: number }>(
      `SELECT t.identifier AS task, j.priority FROM graphile_worker._private_jobs j
         JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        ORDER BY j.priority, j.run_at, j.id`,
      [],
    );
    expect(order.map((o) => o.task)).toEqual(["refresh-board", "fill-outcomes"]);
    expect(order[0].priority).toBe(-10);
  });

  it("at start-up, a board whose stored intervals are for another key (an older build's) is refreshed", async () => {
    await seed(db, () => undefined);
    await db.runJobs();
    const sql = sqlOf(db.prisma);
    await sql(`UPDATE board_ranks SET key = 'from-an-older-build'`, []);
    expect(await queuePublicBoardRefreshes(db.prisma)).toBeGreaterThan(0);
    await db.runJobs();
    const stale = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM board_ranks WHERE key = 'from-an-older-build'`,
      [],
    );
    expect(stale[0].n).toBe(0);
  }, 120_000);
});
