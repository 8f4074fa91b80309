// Runs cannot be hidden or forged (issue 47, item 5), through the route handlers on a real
// PostgreSQL: a system's mean counts every complete run it uploaded to the release — one its team
// made private or withdrew too, and its row says how many — only moderation takes a run out (by
// hiding it), a run's number stays taken; and `run` is a whole number in plain decimal digits,
// anything else a 422 naming the field and what it expects.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intervalFromReplicates, runMeanReplicates, seedOf } from "@/lib/metrics";
import type { RunSummary } from "@/lib/leaderboard-runs";
import { getLeaderboard, toFloat64 } from "@/lib/server/leaderboard";
import { buildSnapshot } from "@/lib/server/snapshots";
import { readCsvGz } from "@/lib/snapshots/format";
import { verifySnapshot } from "@/lib/snapshots/verify";
import { gptVariant as variant, INPUT_IDS as ids, signedUpMember, uploadInput as upload } from "../helpers/bouncer";
import { renderBoardTable } from "../helpers/render";
import { apiCall } from "../helpers/requests";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { downloadSnapshot, fromDir } from "../helpers/snapshots";
import { getTaskOrThrow } from "@/lib/server/tasks";

let db: TestDatabase;
let token = "";
let admin = "";

type Row = {
  submissionId: string;
  model: string;
  rank: number | null;
  metrics: Record<string, number>;
  ci: { low: number; high: number } | null;
  runs: RunSummary | null;
  meta: { run?: number };
};
const LB = "/api/v1/tasks/bouncerbench/input/leaderboard";
const board = async (q = "") => (await apiCall("GET", `${LB}${q}`)).body as { rows: Row[] };
const mine = async () => (await board()).rows.filter((r) => r.model === MODEL);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const MODEL = "five-runs";
/** runs 1–5: gpt-4.1's decisions with every k-th flipped — run 3 all of them, run 5 every other: the worst two */
const FLIPS = [9, 11, 1, 13, 2];
const run: { id: string; F_m: number }[] = [];

beforeAll(async () => {
  db = await seededTestDatabase();
  token = (await signedUpMember(db, "five-runs@example.org", "Five Runs Lab")).token;
  admin = await teamToken(db, "admins", { isAdmin: true });
}, 120_000);
afterAll(async () => db?.drop());

describe("a run number is a whole number in plain decimal digits", () => {
  it("1e2, 01, ' 2', +2, 0x10, an empty field, 0, -1, 1.5, abc: a 422 naming run and what it expects, nothing stored", async () => {
    const corpus: [string, RegExp][] = [
      ["1e2", /plain decimal digits.*got \\"1e2\\"/],
      ["01", /plain decimal digits.*got \\"01\\"/],
      [" 2", /plain decimal digits.*got \\" 2\\"/],
      ["2 ", /plain decimal digits/],
      ["+2", /plain decimal digits.*got \\"\+2\\"/],
      ["0x10", /plain decimal digits.*got \\"0x10\\"/],
      ["", /run is empty: send a whole number from 1 to 1000/],
      [" ", /run is empty/],
      ["0", /run must be at least 1/],
      ["-1", /plain decimal digits.*got \\"-1\\"/],
      ["1.5", /run must be a whole number from 1 to 1000 in plain decimal digits/],
      ["abc", /plain decimal digits.*got \\"abc\\"/],
      ["1001", /run must be at most 1000/],
      ["99999999999999999999", /run must be at most 1000/],
    ];
    for (const [value, message] of corpus) {
      const r = await upload(token, variant(50), { model: "numbered", run: value });
      expect(r.status, `run=${JSON.stringify(value)}`).toBe(422);
      expect(r.body.error.details.problems[0].field, `run=${JSON.stringify(value)}`).toBe("run");
      expect(JSON.stringify(r.body.error), `run=${JSON.stringify(value)}`).toMatch(message);
    }
    expect(await db.prisma.submission.count({ where: { model: "numbered" } })).toBe(0);
  });

  it("1, 2 and 1000 are runs; an upload without the field is no run", async () => {
    for (const [value, k] of [
      ["1", 21],
      ["2", 23],
      ["1000", 25],
    ] as const) {
      const r = await upload(token, variant(k), { model: "numbered", run: value });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const sub = await db.prisma.submission.findUniqueOrThrow({ where: { id: r.body.id } });
      expect((sub.meta as { run?: unknown }).run).toBe(Number(value));
    }
    const plain = await upload(token, variant(27), { model: "numbered" });
    expect(plain.status).toBe(201);
    const sub = await db.prisma.submission.findUniqueOrThrow({ where: { id: plain.body.id } });
    expect(sub.meta).not.toHaveProperty("run");
  });
});

describe("every run counts", () => {
  it("runs 1–5 uploaded, run 3 made private and run 5 withdrawn: the mean is over all five, and the row says 2 withheld", async () => {
    for (const [i, k] of FLIPS.entries()) {
      const r = await upload(token, variant(k, i), { model: MODEL, run: String(i + 1) });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      run.push({ id: r.body.id, F_m: r.body.metrics.F_m });
    }
    const priv = await apiCall("PATCH", `/api/v1/submissions/${run[2].id}`, { token, body: { visibility: "private" } });
    expect(priv.status).toBe(200);
    const gone = await apiCall("PATCH", `/api/v1/submissions/${run[4].id}`, { token, body: { withdrawn: true } });
    expect(gone.status).toBe(200);
    await db.runJobs();

    const all5 = mean(run.map((r) => r.F_m));
    const live3 = mean([run[0], run[1], run[3]].map((r) => r.F_m));
    // dropping the two withheld runs would move the mean well past rounding: the test can tell
    expect(Math.abs(live3 - all5)).toBeGreaterThan(0.01);

    const rows = await mine();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.submissionId).toBe(run[0].id);
    expect(row.metrics.F_m).toBeCloseTo(all5, 12);
    expect(row.runs).toMatchObject({
      k: 5,
      runs: [1, 2, 3, 4, 5],
      submissionIds: [run[0].id, run[1].id, run[3].id],
      withheld: { private: [3], withdrawn: [5] },
      removed: 0,
    });
    expect(row.runs!.mean).toBeCloseTo(all5, 12);
    const sd = Math.sqrt(run.reduce((a, r) => a + (r.F_m - all5) ** 2, 0) / 4);
    expect(row.runs!.sd).toBeCloseTo(sd, 12);
    expect([row.runs!.min, row.runs!.max]).toEqual([
      Math.min(...run.map((r) => r.F_m)),
      Math.max(...run.map((r) => r.F_m)),
    ]);
    // the interval resamples all five runs' stored replicates, seeded by run 1's submission
    const scores = await db.prisma.score.findMany({
      where: { submissionId: { in: run.map((r) => r.id) }, release: { status: "published" } },
    });
    const reps = run.map((r) => toFloat64(scores.find((s) => s.submissionId === r.id)!.replicates!));
    const iv = intervalFromReplicates(runMeanReplicates(reps, seedOf(run[0].id)));
    expect(row.ci).toEqual({ low: iv.low, high: iv.high });
    expect(row.runs!.ci).toEqual({ low: iv.low, high: iv.high });
    expect(row.rank).not.toBeNull();
  });

  it("consistency is over all five runs: the share of instances right in every one", async () => {
    const right = new Map<string, number>();
    for (const { id } of run)
      for (let page = 1; page <= Math.ceil(ids.length / 500); page++) {
        const r = await apiCall("GET", `/api/v1/submissions/${id}/instances?page=${page}&pageSize=500`, {
          token: admin,
        });
        expect(r.status).toBe(200);
        for (const x of r.body.rows as { instanceId: string; outcome: { correct: boolean } | null }[])
          if (x.outcome?.correct) right.set(x.instanceId, (right.get(x.instanceId) ?? 0) + 1);
      }
    const inAll = [...right.values()].filter((n) => n === 5).length;
    const [row] = await mine();
    expect(row.runs!.consistency).toBeCloseTo(inAll / ids.length, 14);
  });

  it("the board's table says the withheld runs are counted; the all view lists only the runs on the board", async () => {
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    const html = renderBoardTable(lb, { shown: new Set(["team"]), view: "best" });
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toMatch(/mean of 5 runs · 2 runs withheld \(private or withdrawn\), counted · run-to-run sd 0\.\d{3}/);
    expect(html).toContain('data-testid="runs-withheld"');
    expect(html).toContain("run 3 made private and run 5 withdrawn by the team count all the same");
    const all = (await board("?view=all")).rows.filter((r) => r.model === MODEL);
    expect(all.map((r) => r.meta.run).sort()).toEqual([1, 2, 4]);
    expect(all.every((r) => r.runs?.k === 5)).toBe(true);
    // nothing on the public board names the private or the withdrawn submission
    for (const q of ["", "?view=all", "?format=csv"]) {
      const body = JSON.stringify((await apiCall("GET", `${LB}${q}`)).body);
      expect(body).not.toContain(run[2].id);
      expect(body).not.toContain(run[4].id);
    }
  });

  it("with its lowest run made private too, the row stands on its lowest public run and the mean does not move", async () => {
    expect(
      (await apiCall("PATCH", `/api/v1/submissions/${run[0].id}`, { token, body: { visibility: "private" } })).status,
    ).toBe(200);
    await db.runJobs();
    const [row] = await mine();
    expect(row.submissionId).toBe(run[1].id);
    expect(row.metrics.F_m).toBeCloseTo(mean(run.map((r) => r.F_m)), 12);
    expect(row.runs).toMatchObject({ k: 5, withheld: { private: [1, 3], withdrawn: [5] } });
    expect(row.runs!.ci).not.toBeNull();
    expect(
      (await apiCall("PATCH", `/api/v1/submissions/${run[0].id}`, { token, body: { visibility: "public" } })).status,
    ).toBe(200);
    await db.runJobs();
    expect((await mine())[0].submissionId).toBe(run[0].id);
  });

  it("a withdrawn run's number stays taken: uploading run 5 again is a 409 naming it and run 6", async () => {
    const again = await upload(token, variant(40), { model: MODEL, run: "5" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain(run[4].id);
    expect(again.body.error.message).toContain("withdrawn");
    expect(again.body.error.details).toMatchObject({ field: "run", submissionId: run[4].id, expected: "run 6" });
  });

  it("a run an admin hides leaves the mean, counted as removed; shown again, it counts again", async () => {
    const hide = await apiCall("POST", `/api/v1/admin/submissions/${run[3].id}/hide`, {
      token: admin,
      body: { reason: "a copy of run 2" },
    });
    expect(hide.status).toBe(200);
    await db.runJobs();
    let [row] = await mine();
    const kept = [run[0], run[1], run[2], run[4]];
    expect(row.metrics.F_m).toBeCloseTo(mean(kept.map((r) => r.F_m)), 12);
    expect(row.runs).toMatchObject({
      k: 4,
      runs: [1, 2, 3, 5],
      removed: 1,
      withheld: { private: [3], withdrawn: [5] },
    });
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    expect(renderBoardTable(lb, { shown: new Set(["team"]), view: "best" })).toContain(
      "· 1 hidden by moderation, not counted",
    );
    const shown = await apiCall("POST", `/api/v1/admin/submissions/${run[3].id}/hide`, {
      token: admin,
      body: { reason: null },
    });
    expect(shown.status).toBe(200);
    await db.runJobs();
    [row] = await mine();
    expect(row.metrics.F_m).toBeCloseTo(mean(run.map((r) => r.F_m)), 12);
    expect(row.runs).toMatchObject({ k: 5, removed: 0 });
  });

  it("a snapshot says the mean counts runs it does not hold, and verify checks the rest", async () => {
    const task = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
    const release = await db.prisma.release.findFirstOrThrow({ where: { taskId: task.id, status: "published" } });
    const { id } = await buildSnapshot(db.prisma, release.id, "admin");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-runs-withheld-"));
    try {
      await downloadSnapshot(id, dir);
      const v = await verifySnapshot(fromDir(dir), id);
      expect(v.lines.filter((l) => l.startsWith("✗"))).toEqual([]);
      expect(v.ok).toBe(true);
      expect(v.lines).toContain(
        `· ${MODEL}: its mean counts 2 run(s) its team made private or withdrew, which this snapshot does not hold: not recomputed`,
      );
      expect(v.lines.some((l) => l.startsWith("· rank intervals (best): not recomputed"))).toBe(true);
      expect(v.lines.some((l) => l.startsWith("✓ rank intervals (all)"))).toBe(true);
      // the runs on the board are in it, the withheld ones are not
      const inIt = new Set(
        readCsvGz(fs.readFileSync(path.join(dir, "predictions.csv.gz"))).map((p) => p.submission_id),
      );
      expect([run[0], run[1], run[3]].every((r) => inIt.has(r.id))).toBe(true);
      expect(inIt.has(run[2].id) || inIt.has(run[4].id)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
