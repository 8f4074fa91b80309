// Repeated runs (issue 34, part 3) through the route handlers on a real PostgreSQL: a team numbers
// its uploads of one model as runs; the best view shows their mean, spread, a two-level bootstrap
// interval (instances × runs) and consistency; `min_runs` filters; a snapshot recomputes it all.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intervalFromReplicates, runMeanReplicates, seedOf } from "@/lib/metrics";
import { getLeaderboard, toFloat64 } from "@/lib/server/leaderboard";
import type { RunSummary } from "@/lib/leaderboard-runs";
import { buildSnapshot } from "@/lib/server/snapshots";
import { verifySnapshot } from "@/lib/snapshots/verify";
import { gptVariant as variant, INPUT_IDS as ids, signedUpMember, uploadInput as upload } from "../helpers/bouncer";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { renderBoardTable } from "../helpers/render";
import { apiCall } from "../helpers/requests";
import { downloadSnapshot, fromDir } from "../helpers/snapshots";
import { getTaskOrThrow } from "@/lib/server/tasks";

let db: TestDatabase;
let token = "";
let other = "";

type Row = {
  submissionId: string;
  model: string;
  rank: number | null;
  baseline: string | null;
  metrics: Record<string, number>;
  ci: { low: number; high: number } | null;
  rankInterval: { lo: number; hi: number } | null;
  selection: unknown;
  runs: RunSummary | null;
  meta: { run?: number };
};
const board = async (q = "") =>
  (await apiCall("GET", `/api/v1/tasks/bouncerbench/input/leaderboard${q}`)).body as { rows: Row[] };

const runIds: string[] = [];

beforeAll(async () => {
  db = await seededTestDatabase();
  token = (await signedUpMember(db, "runs@example.org", "Runs Lab")).token;
  other = (await signedUpMember(db, "runs-other@example.org", "Other Runs Lab")).token;
}, 120_000);
afterAll(async () => db?.drop());

describe("repeated runs", () => {
  it("a run number must be a whole number from 1: a specific 422, nothing stored", async () => {
    for (const [run, message] of [
      ["0", "run must be at least 1"],
      ["2.5", "run must be a whole number"],
      ["two", "run must be a whole number from 1 to 1000 in plain decimal digits"],
    ]) {
      const r = await upload(token, variant(50), { model: "runner", run });
      expect(r.status).toBe(422);
      expect(JSON.stringify(r.body.error)).toContain(message);
    }
    expect(await db.prisma.submission.count({ where: { model: "runner" } })).toBe(0);
  });

  it("three numbered runs are stored; a run number twice is a 409 naming the run that stands and the next free one", async () => {
    for (const [run, k, o] of [
      [1, 9, 0],
      [2, 9, 3],
      [3, 9, 6],
    ]) {
      const r = await upload(token, variant(k, o), { model: "runner", run: String(run) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      runIds.push(r.body.id);
    }
    const again = await upload(token, variant(11), { model: "runner", run: "2" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain(runIds[1]);
    expect(again.body.error.message).toContain("run 4");
    expect(again.body.error.details).toMatchObject({ field: "run", submissionId: runIds[1] });
    // another model's run 2 (of this team or another) is its own
    expect((await upload(token, variant(13), { model: "runner-b", run: "2" })).status).toBe(201);
    expect((await upload(other, variant(9), { model: "other-runner", run: "2" })).status).toBe(201);
    // the number is fixed at upload
    const patch = await apiCall("PATCH", `/api/v1/submissions/${runIds[0]}`, { token, body: { meta: { run: 5 } } });
    expect(patch.status).toBe(422);
    expect(JSON.stringify(patch.body.error)).toContain("run is fixed at upload");
  });

  it("the best view shows the system once: the mean of its runs, their spread, a two-level interval and a rank interval", async () => {
    await db.runJobs();
    const all = (await board("?view=all")).rows.filter((r) => runIds.includes(r.submissionId));
    expect(all).toHaveLength(3);
    const byId = new Map(all.map((r) => [r.submissionId, r]));
    const values = runIds.map((id) => byId.get(id)!.metrics.F_m);
    const mean = (values[0] + values[1] + values[2]) / 3;
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / 2);
    const mine = (await board()).rows.filter((r) => r.model === "runner" && r.runs);
    expect(mine).toHaveLength(1);
    const row = mine[0];
    expect(row.submissionId).toBe(runIds[0]);
    expect(row.runs).toMatchObject({ k: 3, runs: [1, 2, 3], submissionIds: runIds });
    expect(row.metrics.F_m).toBeCloseTo(mean, 14);
    expect(row.runs!.mean).toBeCloseTo(mean, 14);
    expect(row.runs!.sd).toBeCloseTo(sd, 14);
    expect([row.runs!.min, row.runs!.max]).toEqual([Math.min(...values), Math.max(...values)]);
    // every metric is the runs' mean
    for (const key of Object.keys(row.metrics))
      if (typeof row.metrics[key] === "number")
        expect(row.metrics[key]).toBeCloseTo(runIds.reduce((a, id) => a + byId.get(id)!.metrics[key], 0) / 3, 12);
    // the interval: the stored replicates of the three scores, runs drawn with replacement
    const scores = await db.prisma.score.findMany({
      where: { submissionId: { in: runIds }, release: { status: "published" } },
    });
    const reps = runIds.map((id) => toFloat64(scores.find((s) => s.submissionId === id)!.replicates!));
    const iv = intervalFromReplicates(runMeanReplicates(reps, seedOf(runIds[0])));
    expect(row.ci).toEqual({ low: iv.low, high: iv.high });
    expect(row.runs!.ci).toEqual({ low: iv.low, high: iv.high });
    // a run's own interval counts the instances only: the mean's counts the runs as well
    expect(row.rank).not.toBeNull();
    expect(row.rankInterval).not.toBeNull();
    expect(row.selection).toBeNull();
    // each run's row in view=all names its number and the set
    expect(all.map((r) => r.meta.run).sort()).toEqual([1, 2, 3]);
    expect(all.every((r) => r.runs?.k === 3)).toBe(true);
  });

  it("consistency is the share of instances right in every run, as the per-instance outcomes say", async () => {
    const right = new Map<string, number>();
    for (const id of runIds)
      for (let page = 1; page <= Math.ceil(ids.length / 500); page++) {
        const r = await apiCall("GET", `/api/v1/submissions/${id}/instances?page=${page}&pageSize=500`);
        expect(r.status).toBe(200);
        for (const x of r.body.rows as { instanceId: string; outcome: { correct: boolean } | null }[])
          if (x.outcome?.correct) right.set(x.instanceId, (right.get(x.instanceId) ?? 0) + 1);
      }
    const inAll = [...right.values()].filter((n) => n === 3).length;
    const row = (await board()).rows.find((r) => r.submissionId === runIds[0])!;
    expect(row.runs!.consistency).toBeCloseTo(inAll / ids.length, 14);
  });

  it("min_runs keeps the systems with at least that many runs (baselines stay as reference)", async () => {
    const two = (await board("?min_runs=2")).rows.filter((r) => !r.baseline);
    expect(two.map((r) => r.submissionId)).toEqual([runIds[0]]);
    expect((await board("?min_runs=4")).rows.filter((r) => !r.baseline)).toEqual([]);
    expect((await board("?min_runs=1")).rows.filter((r) => !r.baseline).length).toBeGreaterThan(2);
    const bad = await apiCall("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?min_runs=0");
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.error)).toContain("min_runs is at least 1");
  });

  it("the board's table shows the mean's runs and a consistency column, rendered on the server", async () => {
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    const html = renderBoardTable(lb, { shown: new Set(["team"]), view: "best" });
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toMatch(/mean of 3 runs · run-to-run sd 0\.\d{3} \(range 0\.\d{3}–0\.\d{3}\)/);
    expect(html).toContain('data-metric="consistency"');
    const row = lb.rows.find((r) => r.submissionId === runIds[0])!;
    expect(text).toContain(`${(100 * row.runs!.consistency!).toFixed(1)}% in all 3 runs`);
  });

  it("a snapshot states the mean rows, and verify recomputes their means, intervals and the best view's ranks", async () => {
    const task = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
    const release = await db.prisma.release.findFirstOrThrow({ where: { taskId: task.id, status: "published" } });
    const { id } = await buildSnapshot(db.prisma, release.id, "admin");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-runs-"));
    try {
      await downloadSnapshot(id, dir);
      const v = await verifySnapshot(fromDir(dir), id);
      expect(v.lines.filter((l) => l.startsWith("✗"))).toEqual([]);
      expect(v.lines.some((l) => /^✓ runner: the mean of its runs 0\.\d{4} and its two-level interval$/.test(l))).toBe(
        true,
      );
      expect(v.lines.some((l) => l.startsWith("✓ rank intervals (best)"))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
