// Write-time leaderboards, the job queue and streamed ingest (issue 7), through the real route
// handlers on a real PostgreSQL.
process.env.ASYNC_UPLOAD_BYTES = "400000";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { GET as getSubmission } from "@/app/api/v1/submissions/[id]/route";
import { GET as getJob } from "@/app/api/v1/jobs/[id]/route";
import { openDatabase, sqlOf } from "@/lib/server/db";
import { createJob, defineJob, defineUpkeep, queueUpkeep } from "@/lib/server/jobs";
import { JOBS, runDueJobs } from "@/lib/server/worker";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { releaseSignatureState, taskSignature } from "@/lib/server/http";
import { cacheSignature } from "@/lib/server/http/response-cache";
import { knownSignature } from "@/lib/server/http/release-signatures";
import { getReleaseOrThrow, getTaskOrThrow } from "@/lib/server/tasks";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { countRows } from "../helpers/db";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { gptVariant as variant, INPUT_IDS as ids } from "../helpers/bouncer";
import { numpyAvailable, numpyRankIntervals } from "../metrics/rank-intervals-numpy";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

const URL_SUB = "/api/v1/tasks/bouncerbench/input/submissions";
const P = { benchmark: "bouncerbench", task: "input" };
let db: TestDatabase;
let token: string;

beforeAll(async () => {
  db = await seededTestDatabase({ runJobs: true });
  const team = await ensureTeam(db.prisma, "Scale Team");
  token = (await createApiToken(db.prisma, { teamId: team.id })).token;
});
afterAll(async () => db?.drop());

/** A large file: every instance with a 300-character trace of `c`, bounced as `bounce(i)` says. */
const withTraces = (bounce: (i: number) => unknown, c = "t") =>
  JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: bounce(i), trace: c.repeat(300) }])));

async function post(text: string, model: string, name = "p.json", fields: Record<string, string> = {}) {
  // as curl and browsers send it: with a Content-Length (the route picks the 202 path by it)
  const built = multipartRequest(URL_SUB, { model, ...fields }, { name, text }, token);
  const body = Buffer.from(await built.arrayBuffer());
  const headers = new Headers(built.headers);
  headers.set("content-length", String(body.length));
  const res = await submit(new Request(built.url, { method: "POST", body, headers }), ctx(P));
  return { status: res.status, body: await res.json() };
}

/** Posts a form as built (its parts in their order, no Content-Length: the route reads the real size). */
function postForm(fd: FormData) {
  return submit(
    new Request(`http://localhost${URL_SUB}`, {
      method: "POST",
      body: fd,
      headers: { authorization: `Bearer ${token}` },
    }),
    ctx(P),
  );
}

/** The submission's API answer, as its team reads it. */
async function submission(id: string) {
  return (await getSubmission(getRequest(`/api/v1/submissions/${id}`, token), ctx({ id }))).json();
}

async function board(query = "") {
  const res = await leaderboard(getRequest(`/api/v1/tasks/bouncerbench/input/leaderboard${query}`), ctx(P));
  expect(res.status).toBe(200);
  return res.json();
}

describe("ranks and rank intervals are written by a job, from stored replicates", () => {
  type Row = {
    submissionId: string;
    rank: number | null;
    significancePending: boolean;
    rankInterval: { lo: number; hi: number } | null;
    rankIntervalSimultaneous: { lo: number; hi: number } | null;
    topGroup: boolean;
    primary?: number;
    metrics: Record<string, number>;
  };

  it("a new upload shows at once with its rank; its interval is pending until the refresh job ran", async () => {
    const r = await post(variant(3), "flip-every-3rd");
    expect(r.status).toBe(201);
    const before = (await board()).rows as Row[];
    const at = before.findIndex((x) => x.submissionId === r.body.id);
    expect(before[at].rank).toBeGreaterThan(0);
    expect(before[at].significancePending).toBe(true);
    await db.runJobs();
    const after = (await board()).rows as Row[];
    expect(after.some((x) => x.significancePending)).toBe(false);
    const ranked = after.filter((x) => x.rank !== null);
    expect(ranked.every((x) => x.rankInterval !== null && x.rankIntervalSimultaneous !== null)).toBe(true);
    for (const x of ranked) {
      expect(x.rankInterval!.lo).toBeLessThanOrEqual(x.rank!);
      expect(x.rankInterval!.hi).toBeGreaterThanOrEqual(x.rank!);
      expect(x.topGroup).toBe(x.rankIntervalSimultaneous!.lo === 1);
    }
    expect(ranked[0].topGroup).toBe(true);
  });

  it.skipIf(!numpyAvailable)(
    "every interval equals a direct numpy computation on the replicates exported from the database",
    async () => {
      for (const [k, o] of [
        [50, 0],
        [40, 1],
        [45, 2],
      ])
        expect((await post(variant(k, o), `flip-${k}-${o}`)).status).toBe(201);
      await db.runJobs();
      const all = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
        view: "all",
      });
      const best = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
        view: "best",
      });
      const ranked = all.rows.filter((r) => r.rank !== null);
      const rankedBest = best.rows.filter((r) => r.rank !== null);
      expect(ranked.length).toBeGreaterThanOrEqual(5);
      const reps = await sqlOf(db.prisma)<{ submission_id: string; replicates: Uint8Array }>(
        `SELECT submission_id, replicates FROM scores WHERE release_id = $1::uuid AND submission_id = ANY($2::uuid[])`,
        [all.releaseId, ranked.map((r) => r.submissionId)],
      );
      const vec = new Map(
        reps.map((r) => [r.submission_id, new Float64Array(new Uint8Array(r.replicates).buffer)] as const),
      );
      const points = ranked.map((r) => r.primary!);
      const vectors = ranked.map((r) => vec.get(r.submissionId)!);
      const subset = rankedBest.map((r) => ranked.findIndex((x) => x.submissionId === r.submissionId));
      expect(subset.every((i) => i >= 0)).toBe(true);
      for (const [rows, py] of [
        [ranked, numpyRankIntervals(points, vectors)],
        [rankedBest, numpyRankIntervals(points, vectors, subset)],
      ] as const) {
        expect(rows.map((r) => r.rank)).toEqual(py.rank);
        expect(rows.map((r) => r.rankInterval)).toEqual(py.lo.map((lo, i) => ({ lo, hi: py.hi[i] })));
        expect(rows.map((r) => r.rankIntervalSimultaneous)).toEqual(py.simLo.map((lo, i) => ({ lo, hi: py.simHi[i] })));
      }
    },
  );

  it("the refresh does nothing while the ranked set stands still, and recomputes when it moves", async () => {
    const { refreshBoard } = await import("@/lib/server/leaderboard");
    const task = await getTaskOrThrow(db.prisma, "bouncerbench/input");
    const release = await getReleaseOrThrow(db.prisma, task.id);
    await db.runJobs();
    expect(await refreshBoard(db.prisma, release.id)).toBe(0);
    await post(variant(7), "flip-every-7th");
    expect(await refreshBoard(db.prisma, release.id)).toBeGreaterThan(0);
    expect(await refreshBoard(db.prisma, release.id)).toBe(0);
    await db.runJobs();
  });
});

describe("boards are cached per board_version, which the database moves", () => {
  it("a change written through another connection pool (another process) is seen at once", async () => {
    const first = await board();
    const other = await openDatabase({ url: db.url!, poolSize: 2 });
    try {
      const target = first.rows.find((r: { baseline: string | null }) => !r.baseline);
      await other.prisma.submission.update({ where: { id: target.submissionId }, data: { visibility: "private" } });
      const second = await board();
      expect(second.rows.some((r: { submissionId: string }) => r.submissionId === target.submissionId)).toBe(false);
      await other.prisma.submission.update({ where: { id: target.submissionId }, data: { visibility: "public" } });
      await other.prisma.team.updateMany({ where: { name: "Scale Team" }, data: { name: "Scale Team Renamed" } });
      const third = await board();
      expect(third.rows.find((r: { submissionId: string }) => r.submissionId === target.submissionId)).toBeTruthy();
      expect(third.rows.some((r: { team: string | null }) => r.team === "Scale Team Renamed")).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("limit/offset return one page; without them every row; ETag answers 304", async () => {
    const all = await board();
    const page = await board("?limit=2&offset=1");
    expect(page.rows.map((r: { submissionId: string }) => r.submissionId)).toEqual(
      all.rows.slice(1, 3).map((r: { submissionId: string }) => r.submissionId),
    );
    expect(page).toMatchObject({ total: all.total, matched: all.rows.length, offset: 1, limit: 2 });
    const res = await leaderboard(getRequest("/api/v1/tasks/bouncerbench/input/leaderboard"), ctx(P));
    const etag = res.headers.get("etag")!;
    const again = await leaderboard(
      new Request("http://localhost/api/v1/tasks/bouncerbench/input/leaderboard", {
        headers: { "if-none-match": etag },
      }),
      ctx(P),
    );
    expect(again.status).toBe(304);
    const bad = await leaderboard(getRequest("/api/v1/tasks/bouncerbench/input/leaderboard?limit=0"), ctx(P));
    expect(bad.status).toBe(422);
  });
});

describe("release signatures are kept in memory, fed by LISTEN/NOTIFY", () => {
  /** The response cache's signature of a page (undefined: the page is not served from the cache). */
  const signatureOf = async (path: string) =>
    (await cacheSignature({ method: "GET", url: `http://x${path}`, headers: new Headers() }))?.signature;
  /** Waits (5 s at most) until the signature of `path` is no longer `before`; the new one. */
  const movedFrom = async (path: string, before: string | undefined) => {
    const t = Date.now();
    for (;;) {
      const now = await signatureOf(path);
      if (now !== before) return now;
      if (Date.now() - t > 5000) throw new Error(`the signature of ${path} did not move`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("read once while nothing changes; a release changed by another pool is seen within the notification's delivery", async () => {
    const until = async (ok: () => boolean, ms = 5000) => {
      const t = Date.now();
      while (!ok()) {
        if (Date.now() - t > ms) throw new Error("timed out");
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    let reads = 0;
    const read = async () => `sig-${++reads}`;
    await knownSignature(db.url!, "bouncerbench/input", read);
    await until(() => releaseSignatureState().ready);
    const first = await knownSignature(db.url!, "bouncerbench/input", read);
    const n = reads;
    for (let i = 0; i < 20; i++) expect(await knownSignature(db.url!, "bouncerbench/input", read)).toBe(first);
    expect(reads).toBe(n);
    // another process moves a release (a score written there bumps board_version the same way)
    const other = await openDatabase({ url: db.url!, poolSize: 1 });
    try {
      const seen = releaseSignatureState().notified;
      const t0 = performance.now();
      await other.query(
        `UPDATE releases SET board_version = board_version + 1 WHERE id = (SELECT id FROM releases LIMIT 1)`,
      );
      await until(() => releaseSignatureState().notified > seen);
      console.log(
        `[signature] notification delivered ${(performance.now() - t0).toFixed(1)} ms after the commit returned`,
      );
      expect(await knownSignature(db.url!, "bouncerbench/input", read)).not.toBe(first);
      expect(reads).toBe(n + 1);
    } finally {
      await other.close();
    }
    // the real signature follows the database
    const before = await taskSignature("bouncerbench/input");
    const task = await getTaskOrThrow(db.prisma, "bouncerbench/input");
    await db.prisma.release.updateMany({ where: { taskId: task.id }, data: { boardVersion: { increment: 1 } } });
    let after = before;
    const t = Date.now();
    while (after === before && Date.now() - t < 5000) {
      after = await taskSignature("bouncerbench/input");
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(after).not.toBe(before);
  });

  it("a task's and the home page's signatures move when the task's settings change (the approved-teams switch), written by another pool", async () => {
    const board = await signatureOf("/tasks/bouncerbench/input");
    const home = await signatureOf("/");
    // kept: read again without a change, the same
    expect(await signatureOf("/tasks/bouncerbench/input")).toBe(board);
    const other = await openDatabase({ url: db.url!, poolSize: 1 });
    try {
      await other.query(
        `UPDATE tasks SET hidden_approved_only = NOT hidden_approved_only WHERE full_slug = 'bouncerbench/input'`,
      );
      const b1 = await movedFrom("/tasks/bouncerbench/input", board);
      await movedFrom("/", home);
      // the benchmark's row too (its name is on every task's page)
      await other.query(
        `UPDATE benchmarks SET name = name || ' ' WHERE id = (SELECT benchmark_id FROM tasks WHERE full_slug = 'bouncerbench/input')`,
      );
      await movedFrom("/tasks/bouncerbench/input", b1);
      // an update that changes nothing notifies nothing, and moves nothing
      const b2 = await signatureOf("/tasks/bouncerbench/input");
      await other.query(`UPDATE tasks SET name = name WHERE full_slug = 'bouncerbench/input'`);
      expect(await signatureOf("/tasks/bouncerbench/input")).toBe(b2);
    } finally {
      await other.close();
    }
  });

  it("a cached team page's signature moves when a member joins, is renamed or leaves, and when the team is renamed", async () => {
    const team = await db.prisma.team.findFirstOrThrow({ where: { name: { startsWith: "Scale Team" } } });
    const signature = (slug: string) => signatureOf(`/teams/${slug}`);
    const version = async () => (await db.prisma.team.findUniqueOrThrow({ where: { id: team.id } })).membersVersion;
    // written by another pool (another process): seen through the notification, not a timer
    const moved = (before: string | undefined) => movedFrom(`/teams/${team.slug}`, before);
    const s0 = await signature(team.slug);
    expect(s0).toMatch(/^team:/);
    expect(await signature(team.slug)).toBe(s0);
    expect(await signature("no-such-team")).toBeUndefined();
    const other = await openDatabase({ url: db.url!, poolSize: 1 });
    try {
      const v0 = await version();
      const user = await other.prisma.user.create({ data: { email: "joiner@example.org", name: "Joiner" } });
      await other.prisma.membership.create({ data: { userId: user.id, teamId: team.id } });
      const s1 = await moved(s0);
      expect(await version()).toBe(v0 + 1n);
      // an e-mail address is not on the visitors' page: nothing moves
      await other.prisma.user.update({ where: { id: user.id }, data: { email: "joiner2@example.org" } });
      expect(await version()).toBe(v0 + 1n);
      await other.prisma.user.update({ where: { id: user.id }, data: { name: "Joiner Renamed" } });
      const s2 = await moved(s1);
      expect(await version()).toBe(v0 + 2n);
      await other.prisma.membership.update({
        where: { userId_teamId: { userId: user.id, teamId: team.id } },
        data: { role: "owner" },
      });
      const s3 = await moved(s2);
      // a deleted account leaves its teams
      await other.prisma.user.delete({ where: { id: user.id } });
      const s4 = await moved(s3);
      expect(await version()).toBe(v0 + 4n);
      await other.prisma.team.update({ where: { id: team.id }, data: { name: `${team.name} Again` } });
      const s5 = await moved(s4);
      await other.prisma.team.update({ where: { id: team.id }, data: { name: team.name } });
      // seen here first: until its notification arrives, a signature kept from before the rename
      // (every task's: a team's name moves its releases' board_version) may still be served
      await moved(s5);
      // a team deleted by hand (no path of the app does): its page is not served from the cache
      const gone = await other.prisma.team.create({ data: { slug: "gone-soon", name: "Gone Soon" } });
      const g0 = await signature(gone.slug);
      expect(g0).toMatch(/^team:/);
      expect(await signature(gone.slug)).toBe(g0);
      await other.prisma.team.delete({ where: { id: gone.id } });
      const t = Date.now();
      while ((await signature(gone.slug)) !== undefined) {
        if (Date.now() - t > 5000) throw new Error("a deleted team's signature was still kept");
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await other.close();
    }
  });
});

/** Queues a re-score of BouncerBench Input's published release; the job's id. */
async function queueRescore(opts: Parameters<typeof createJob>[3]) {
  const release = await db.prisma.release.findFirstOrThrow({
    where: { task: { fullSlug: "bouncerbench/input" }, status: "published" },
  });
  return createJob(
    sqlOf(db.prisma),
    "rescore",
    { releaseId: release.id, task: "bouncerbench/input", version: release.version },
    opts,
  );
}

describe("the job queue", () => {
  it("a job that keeps failing ends failed, shown to whoever started it: what they can act on, never an internal detail", async () => {
    const user = await db.prisma.user.create({ data: { email: "starter@example.test" } });
    const team = await ensureTeam(db.prisma, "Starter Team");
    await db.prisma.membership.create({ data: { userId: user.id, teamId: team.id } });
    const starter = (await createApiToken(db.prisma, { teamId: team.id, userId: user.id })).token;
    const jobId = await queueRescore({ createdBy: user.id, maxAttempts: 1 });
    // the registry is explicit: a test swaps one handler for one that fails inside
    const failing = defineJob("rescore", async () => {
      throw new Error("the disk is full");
    });
    await runDueJobs(db.prisma, db.pool, { ...JOBS, rescore: failing });
    const res = await getJob(getRequest(`/api/v1/jobs/${jobId}`, starter), ctx({ id: jobId }));
    expect(res.status).toBe(200);
    const job = await res.json();
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    // an internal error: a generic line naming the job (the detail is in the server log)
    expect(job.error).toContain(jobId);
    expect(job.error).not.toContain("disk");
    // another team does not see it
    const stranger = await getJob(getRequest(`/api/v1/jobs/${jobId}`, token), ctx({ id: jobId }));
    expect(stranger.status).toBe(404);
  });
});

describe("running due jobs in this process (scripts, seeding, tests)", () => {
  it("runs every job of a named queue queued back to back, though the queue is still held while the last one's completion commits", async () => {
    // graphile-worker's run-once mode marked a job done without awaiting it: the next fetch saw
    // the queue held and stopped, leaving the second of two audits queued (seen in CI: a seeded
    // submission without its audit)
    const ran: string[] = [];
    const counting = defineUpkeep("audit-submission", async (_db, { submissionId }) => {
      ran.push(submissionId);
    });
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID());
    for (const submissionId of ids)
      await queueUpkeep(sqlOf(db.prisma), "audit-submission", { submissionId }, { queue: "integrity-test" });
    await runDueJobs(db.prisma, db.pool, { ...JOBS, "audit-submission": counting });
    expect(ran.sort()).toEqual([...ids].sort());
    const left = await db.pool.query(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE queue_name = 'integrity-test'`,
    );
    expect(left.rows[0].n).toBe(0);
  });
});

describe("job payloads", () => {
  it("a job is queued only with the payload its schema names", async () => {
    // @ts-expect-error the compiler refuses it too; this is the runtime check for untyped callers
    await expect(createJob(sqlOf(db.prisma), "rescore", { releaseId: "not-a-uuid" })).rejects.toThrow(/releaseId/);
    expect(await db.prisma.job.count({ where: { payload: { path: ["releaseId"], equals: "not-a-uuid" } } })).toBe(0);
  });

  it("a stored payload that does not parse fails the job at once with a clear log line, no retries", async () => {
    const jobId = await queueRescore({ createdBy: null });
    await db.prisma.job.update({ where: { id: jobId }, data: { payload: { releaseId: 42 } } });
    await db.runJobs();
    const job = await db.prisma.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.error).toContain(jobId);
  });
});

describe("re-scoring on publish", () => {
  it("a parent job delivered twice fans out once: every submission is re-scored exactly once", async () => {
    const { importRelease } = await import("@/lib/server/releases");
    const csv = fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/ensembled_annotations_public.csv"), "utf8");
    const r = await importRelease(db.prisma, {
      task: "bouncerbench/input",
      version: "1.1-twice",
      text: csv,
      fileName: "a.csv",
      publish: true,
    });
    const jobId = r.job!.id;
    // the same parent delivered again (e.g. a worker died after fanning out, before it acknowledged)
    await db.query(`SELECT graphile_worker.add_job('tracked', json_build_object('jobId', $1::text))`, [jobId]);
    await db.runJobs();
    const job = await db.prisma.job.findUniqueOrThrow({ where: { id: jobId } });
    const subs = await db.prisma.submission.count({ where: { task: { fullSlug: "bouncerbench/input" } } });
    expect(job).toMatchObject({ status: "done", total: subs, progress: subs });
    expect(await db.prisma.score.count({ where: { releaseId: r.release.id } })).toBe(subs);
  });
});

describe("streamed ingest", () => {
  it("a large upload answers 202, a worker scores it, and the submission shows progress then scores", async () => {
    const big = withTraces((i) => i % 4 === 0);
    expect(big.length).toBeGreaterThan(400_000);
    const r = await post(big, "big-upload", "big.json");
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: "queued", job: { id: expect.any(String) } });
    const queued = await submission(r.body.id);
    expect(queued).toMatchObject({ status: "queued", job: { status: "queued" } });
    await db.runJobs();
    const done = await submission(r.body.id);
    expect(done.status).toBe("scored");
    expect(done.coverage).toMatchObject({ covered: 1699, total: 1699 });
    expect(done.file.size).toBe(Buffer.byteLength(big));
    const rows = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM upload_chunks WHERE submission_id = $1`,
      [r.body.id],
    );
    expect(rows[0].n).toBe("0");
  });

  it("the path follows the real size: a large upload sent without Content-Length is queued too", async () => {
    const big = withTraces((i) => i % 5 === 0, "c");
    const fd = new FormData();
    fd.set("model", "chunked-big");
    fd.set("file", new Blob([big]), "chunked.json");
    const res = await postForm(fd);
    expect(res.status).toBe(202);
    const { id } = await res.json();
    await db.runJobs();
    expect((await db.prisma.submission.findUniqueOrThrow({ where: { id } })).status).toBe("scored");
  });

  it("a large upload whose fields are invalid leaves nothing behind", async () => {
    const before = await countRows(db);
    const big = withTraces(() => false, "d");
    const r = await post(big, "", "nameless.json");
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems[0]).toMatchObject({ field: "model" });
    expect(await countRows(db)).toEqual(before);
    expect((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM upload_chunks`))[0].n).toBe("0");
  });

  it("uploads abandoned mid-way by a dead process are swept after an hour, queued ones with a job are not", async () => {
    const { sweepAbandonedUploads } = await import("@/lib/server/submissions");
    const task = await getTaskOrThrow(db.prisma, "bouncerbench/input");
    const stale = await db.prisma.submission.create({
      data: { taskId: task.id, model: "", status: "queued", createdAt: new Date(Date.now() - 2 * 3600_000) },
    });
    await db.prisma.uploadChunk.create({ data: { submissionId: stale.id, seq: 0, data: Buffer.from("{") } });
    const recent = await db.prisma.submission.create({ data: { taskId: task.id, model: "", status: "queued" } });
    expect(await sweepAbandonedUploads(db.prisma)).toBe(1);
    expect(await db.prisma.submission.findUnique({ where: { id: stale.id } })).toBeNull();
    expect(await db.prisma.uploadChunk.count({ where: { submissionId: stale.id } })).toBe(0);
    expect(await db.prisma.submission.findUnique({ where: { id: recent.id } })).not.toBeNull();
    await db.prisma.submission.delete({ where: { id: recent.id } });
  });

  it("a large invalid upload ends failed with its problems on the submission, not retried", async () => {
    const bad = withTraces((i) => (i === 5 ? "maybe" : false));
    const r = await post(bad, "big-bad", "bad.json");
    expect(r.status).toBe(202);
    await db.runJobs();
    const sub = await submission(r.body.id);
    expect(sub.status).toBe("failed");
    expect(sub.job).toMatchObject({ status: "failed", attempts: 1 });
    expect(sub.validation.problems[0]).toMatchObject({ instanceId: ids[5], field: "input_bounce" });
  });

  it("a file with a problem near its end stores nothing, and names instance and line", async () => {
    const before = await countRows(db);
    const lines = ids.map((id, i) => `  "${id}": { "input_bounce": ${i === ids.length - 3 ? '"yes"' : "true"} }`);
    const text = `{\n${lines.join(",\n")}\n}`;
    const r = await post(text, "late-problem");
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems[0]).toMatchObject({
      instanceId: ids[ids.length - 3],
      line: ids.length - 1,
      field: "input_bounce",
    });
    expect(await countRows(db)).toEqual(before);
  });

  it("a NUL character in a trace is a 422 naming instance and field, not a 500", async () => {
    const before = await countRows(db);
    const text = JSON.stringify({
      ...Object.fromEntries(ids.map((id) => [id, { input_bounce: false }])),
      [ids[9]]: { input_bounce: true, trace: "a\u0000b" },
    });
    const r = await post(text, "nul");
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems[0]).toMatchObject({ instanceId: ids[9], field: "trace" });
    expect(await countRows(db)).toEqual(before);
  });

  it("a dry run scores and stores nothing, whether dry_run comes before or after the file", async () => {
    const before = await countRows(db);
    for (const order of ["before", "after"]) {
      const fd = new FormData();
      if (order === "before") fd.set("dry_run", "true");
      fd.set("model", `dry-${order}`);
      fd.set("file", new Blob([variant(11)]), "dry.json");
      if (order === "after") fd.set("dry_run", "true");
      const res = await postForm(fd);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ id: null, status: "validated", validation: { covered: 1699 } });
      expect(body.metrics.F_m).toBeGreaterThan(0);
    }
    expect(await countRows(db)).toEqual(before);
  });

  it("fields sent after the file still apply; a second file part is refused", async () => {
    const fd = new FormData();
    fd.set("file", new Blob([variant(9)]), "late.json");
    fd.set("model", "fields-after-file");
    fd.set("visibility", "private");
    const res = await postForm(fd);
    expect(res.status).toBe(201);
    const sub = await db.prisma.submission.findUniqueOrThrow({ where: { id: (await res.json()).id } });
    expect(sub).toMatchObject({ model: "fields-after-file", visibility: "private", status: "scored" });

    const before = await countRows(db);
    const two = new FormData();
    two.set("model", "two-files");
    two.append("file", new Blob([variant(9)]), "a.json");
    two.append("file", new Blob([variant(9)]), "b.json");
    const res2 = await postForm(two);
    expect(res2.status).toBe(422);
    expect(await countRows(db)).toEqual(before);
  });
});
