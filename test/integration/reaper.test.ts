// The heartbeat reaper (lib/server/jobs/heartbeat.ts) on a real graphile-worker queue: what a
// killed worker was running is freed for the others, a job a newer one of its key replaced while
// it ran is deleted (graphile-worker would never run it again: found after a kill -9 as a
// `refresh-board` row left at attempts 5/5 for good), and a last attempt gets one attempt more.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/db";
import { sqlOf, type Sql } from "@/lib/server/db";
import { reapStale } from "@/lib/server/jobs/heartbeat";
import { DIED_TWICE, LAST_ATTEMPT_DIED } from "@/lib/server/jobs/heartbeat.sql";
import { addGraphileJob, insertJobRow, SUPERSEDED } from "@/lib/server/jobs/jobs.sql";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;

type Row = {
  id: string;
  key: string | null;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  last_error: string | null;
};
const job = async (id: string) =>
  (
    await sql<Row>(
      `SELECT id::text AS id, key, attempts, max_attempts, locked_by, last_error FROM graphile_worker._private_jobs WHERE id = $1::bigint`,
      [id],
    )
  )[0];

/** What graphile-worker's get_job does when a worker takes a job: the job and its queue locked, one attempt more. */
async function take(id: string, worker: string) {
  await sql(
    `UPDATE graphile_worker._private_jobs SET locked_by = $2, locked_at = now(), attempts = attempts + 1 WHERE id = $1::bigint`,
    [id, worker],
  );
  await sql(
    `UPDATE graphile_worker._private_job_queues q SET locked_by = $2, locked_at = now()
       FROM graphile_worker._private_jobs j WHERE j.id = $1::bigint AND q.id = j.job_queue_id`,
    [id, worker],
  );
}

/** A process whose last beat was an hour ago, naming these graphile-worker ids. */
async function deadProcess(workerIds: string[]) {
  const id = `worker:test:${crypto.randomBytes(4).toString("hex")}`;
  await sql(
    `INSERT INTO process_heartbeats (id, kind, pid, host, worker_ids, last_seen) VALUES ($1, 'worker', 1, 'test', $2::text[], now() - interval '1 hour')`,
    [id, workerIds],
  );
  return id;
}

const add = async (name: string, payload: unknown, jobKey: string | null, maxAttempts: number, queue?: string) =>
  (await addGraphileJob(sql, name, payload, { queue: queue ?? null, jobKey, maxAttempts }))[0].id;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = sqlOf(db);
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

describe("reaping a killed worker's jobs", () => {
  it("deletes the job a newer one of its key replaced, keeps the newer one, and frees their queue", async () => {
    const releaseId = crypto.randomUUID();
    const first = await add("refresh-board", { releaseId }, `board:${releaseId}`, 5, `board:${releaseId}`);
    await take(first, "w-superseded");
    const second = await add("refresh-board", { releaseId }, `board:${releaseId}`, 5, `board:${releaseId}`);
    expect(second).not.toBe(first);
    // graphile-worker's replace mode took the running job's key and retries; we marked why
    expect(await job(first)).toMatchObject({ key: null, attempts: 5, last_error: SUPERSEDED + second });
    // a waiting job of the key is replaced in place: nothing is marked
    expect(await add("refresh-board", { releaseId }, `board:${releaseId}`, 5, `board:${releaseId}`)).toBe(second);

    await deadProcess(["w-superseded"]);
    const reaped = await reapStale(db);
    expect(reaped).toMatchObject({ superseded: 1, failed: 0 });
    expect(await job(first)).toBeUndefined();
    expect(await job(second)).toMatchObject({ key: `board:${releaseId}`, attempts: 0, locked_by: null });
    const [queue] = await sql<{ locked_by: string | null }>(
      `SELECT locked_by FROM graphile_worker._private_job_queues WHERE queue_name = $1`,
      [`board:${releaseId}`],
    );
    expect(queue.locked_by).toBeNull();
  });

  it("gives a job that died on its last attempt one attempt more; a second death there fails it and the row it names", async () => {
    const jobId = crypto.randomUUID();
    await insertJobRow(sql, { id: jobId, name: "rescore", payload: {}, total: 0, createdBy: null, teamId: null });
    await sql(`UPDATE jobs SET status = 'running' WHERE id = $1::uuid`, [jobId]);
    // a re-score's part (its payload names the re-score's row)
    const last = await add("rescore-part", { jobId, part: 0 }, null, 2);
    await take(last, "w-last");
    await take(last, "w-last"); // its second attempt of two
    const earlier = await add("tracked", { jobId: crypto.randomUUID() }, null, 4);
    await take(earlier, "w-last");
    const status = async () =>
      (
        await sql<{ status: string; error: string | null }>(
          `SELECT status::text AS status, error FROM jobs WHERE id = $1::uuid`,
          [jobId],
        )
      )[0];

    await deadProcess(["w-last"]);
    expect(await reapStale(db)).toMatchObject({ superseded: 0, retried: 1, failed: 0 });
    expect(await job(last)).toMatchObject({
      attempts: 2,
      max_attempts: 3,
      locked_by: null,
      last_error: LAST_ATTEMPT_DIED,
    });
    expect(await job(earlier)).toMatchObject({ attempts: 1, max_attempts: 4, locked_by: null, last_error: null });
    expect(await status()).toEqual({ status: "running", error: null });

    // its extra attempt dies too
    await take(last, "w-again");
    await deadProcess(["w-again"]);
    expect(await reapStale(db)).toMatchObject({ retried: 0, failed: 1 });
    expect(await job(last)).toMatchObject({ attempts: 3, max_attempts: 3, locked_by: null, last_error: DIED_TWICE });
    expect(await status()).toEqual({ status: "failed", error: DIED_TWICE });
  });

  it("leaves a live worker's jobs alone, the replaced one too (its worker completes or fails it)", async () => {
    const alive = crypto.randomUUID();
    const dead = crypto.randomUUID();
    const ofAlive = await add("refresh-board", { releaseId: alive }, `board:${alive}`, 5, `board:${alive}`);
    const ofDead = await add("refresh-board", { releaseId: dead }, `board:${dead}`, 5, `board:${dead}`);
    await take(ofAlive, "w-alive");
    await take(ofDead, "w-dead-too");
    await sql(
      `INSERT INTO process_heartbeats (id, kind, pid, host, worker_ids) VALUES ('worker:test:alive', 'worker', 2, 'test', ARRAY['w-alive'])`,
      [],
    );
    await add("refresh-board", { releaseId: alive }, `board:${alive}`, 5, `board:${alive}`);
    await add("refresh-board", { releaseId: dead }, `board:${dead}`, 5, `board:${dead}`);
    await deadProcess(["w-dead-too"]);
    // one reap: the dead worker's replaced job goes, the live one's stays locked by it
    expect(await reapStale(db)).toMatchObject({ superseded: 1, failed: 0 });
    expect(await job(ofDead)).toBeUndefined();
    expect(await job(ofAlive)).toMatchObject({
      key: null,
      locked_by: "w-alive",
      last_error: expect.stringMatching(/^superseded/),
    });
  });
});

describe("migration 20261210000000_settle_stale_jobs", () => {
  it("settles the rows kills left before the reaper did: a replaced job goes, a dead last attempt fails with its row", async () => {
    const fs = await import("node:fs");
    const releaseId = crypto.randomUUID();
    const replaced = await add("refresh-board", { releaseId }, null, 5);
    const jobId = crypto.randomUUID();
    await insertJobRow(sql, { id: jobId, name: "rescore", payload: {}, total: 0, createdBy: null, teamId: null });
    await sql(`UPDATE jobs SET status = 'running' WHERE id = $1::uuid`, [jobId]);
    const dead = await add("tracked", { jobId }, null, 2);
    const waiting = await add("tracked", { jobId: crypto.randomUUID() }, null, 4);
    await sql(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts WHERE id = ANY($1::bigint[])`, [
      [replaced, dead],
    ]);
    await sql(fs.readFileSync("prisma/migrations/20261210000000_settle_stale_jobs/migration.sql", "utf8"), []);
    expect(await job(replaced)).toBeUndefined();
    expect(await job(dead)).toMatchObject({ attempts: 2, last_error: expect.stringMatching(/^the process running/) });
    expect(await job(waiting)).toMatchObject({ attempts: 0, last_error: null });
    const [row] = await sql<{ status: string }>(`SELECT status::text AS status FROM jobs WHERE id = $1::uuid`, [jobId]);
    expect(row.status).toBe("failed");
  });
});
