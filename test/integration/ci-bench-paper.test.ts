// CI-Bench as the paper reads it (issue 33), through the real admin and upload endpoints on a real
// PostgreSQL: a release's optional BugSwarm fields never fail its import (the report names the rows
// that lack a failure type); the board ranks by the paper's headline, CO over all artifacts; Table 1
// (tool × model: #PG, #PL, #SYE, #CO, per-tool means) equals a hand computation; and a board
// scored under the former primary metric is re-scored at start-up. All data is hand-made below.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// start-up (startUp) writes the admin token file under DATA_DIR: a throwaway one, before any env is read
// (hoisted above the imports: no module of them here; startUp creates the folder)
vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR || "/tmp"}/ci-bench-paper-${process.pid}-${Date.now()}`;
});

import { getPaperTable, taskChartData } from "@/lib/server/leaderboard";
import { startUp } from "@/lib/server/setup";
import { syncCatalog, getTaskOrThrow } from "@/lib/server/tasks";
import type { CiTable1 } from "@/lib/tasks/ci-repair/table-1";
import { createTestDatabase } from "../helpers/db";
import { teamToken } from "../helpers/seeded";
import { apiCall, postFile, type Json } from "../helpers/requests";
import { METRICS_VERSION } from "@/lib/metrics";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin = "";
let member = "";

beforeAll(async () => {
  db = await createTestDatabase();
  await syncCatalog(db.prisma);
  admin = await teamToken(db, "admins", { isAdmin: true });
  member = await teamToken(db, "Repair Lab");
});
afterAll(async () => {
  await db?.drop();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});

const post = (url: string, fields: Record<string, string>, file: string, token: string) =>
  postFile(url, fields, { name: url.includes("releases") ? "release.jsonl" : "predictions.json", text: file }, token);

const get = (url: string) => apiCall("GET", url);

const importRelease = (version: string, rows: object[], publish = false) =>
  post(
    "/api/v1/admin/releases",
    { task: "ci-bench/repair", version, ...(publish ? { publish: "true" } : {}) },
    rows.map((r) => JSON.stringify(r)).join("\n"),
    admin,
  );

// ---- four hand-made Java artifacts, each fixed by `return 1;` → `return 2;` ----

const IDS = ["hand-a1", "hand-a2", "hand-a3", "hand-a4"];
const fileOf = (k: number) => `src/A${k}.java`;
const before = (k: number) => `class A${k} {\n  int f() { return 1; }\n}\n`;
const diff = (k: number, line: string, context = `class A${k} {`) =>
  `--- a/${fileOf(k)}\n+++ b/${fileOf(k)}\n@@ -1,3 +1,3 @@\n ${context}\n-  int f() { return 1; }\n+${line}\n }\n`;
/** the developer's fix, the same fix reformatted with a comment (token-equal), another fix, one that does not apply */
const PATCH = {
  dev: (k: number) => diff(k, "  int f() { return 2; }"),
  same: (k: number) => diff(k, "  int f() {  return 2 ; } // fixed"),
  other: (k: number) => diff(k, "  int f() { return 3; }"),
  broken: (k: number) => diff(k, "  int f() { return 2; }", `class B${k} {`),
  none: () => null,
};

const artifact = (k: number, extra: object = {}) => ({
  instance_id: IDS[k],
  repo: "hand/made",
  lang: "Java",
  build_system: "Maven",
  developer_patch: PATCH.dev(k),
  files: { [fileOf(k)]: before(k) },
  ...extra,
});

/** BugSwarm's classification of a code fix: build/code/test say what the fix touched; no "Yes" at all here */
const classification = { build: "No", code: "Partial", test: "No", exceptions: ["NullPointerException"] };

describe("a release's optional BugSwarm fields never fail its import", () => {
  it("rows that lack a failure type entirely import, and the report names how many and which", async () => {
    const r = await importRelease(
      "no-failure-type",
      IDS.map((_, k) => artifact(k, k < 2 ? { classification } : {})),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.release.instanceCount).toBe(4);
    expect(r.body.validation.warnings).toEqual([
      expect.stringMatching(/^failure_type: no failure type: .* — 4 of 4 rows: hand-a1, hand-a2, hand-a3, hand-a4$/),
    ]);
    const stored = await db.prisma.instance.findMany({ where: { releaseId: r.body.release.id } });
    expect(stored.map((i) => (i.metadata as Json).failure_type)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("the failure type comes from the failed job; unreadable values are warnings, each with its rows", async () => {
    const r = await importRelease("failed-job", [
      artifact(0, {
        failed_job: { failed_tests: "A0Test#testF", num_tests_failed: 1, num_tests_run: 9 },
        classification,
      }),
      artifact(1, { failed_job: { failed_tests: "", num_tests_failed: 0, num_tests_run: 0 }, ci_service: ["travis"] }),
      artifact(2, { classification }),
      artifact(3, { failure_type: "lint", ci_service: "github" }),
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.validation.warnings).toEqual([
      expect.stringMatching(/^ci_service: unreadable, left out .* — 1 of 4 rows: hand-a2$/),
      expect.stringMatching(/^failure_type: no failure type: .* — 1 of 4 rows: hand-a3$/),
    ]);
    const stored = await db.prisma.instance.findMany({
      where: { releaseId: r.body.release.id },
      orderBy: { position: "asc" },
    });
    expect(stored.map((i) => [(i.metadata as Json).failure_type, (i.metadata as Json).ci_service])).toEqual([
      ["test", undefined],
      ["build", undefined],
      [undefined, undefined],
      ["lint", "github"],
    ]);
  });

  it("a required field is still a problem: nothing imported", async () => {
    const r = await importRelease("bad", [artifact(0, { repo: "" })]);
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body.error.details.problems)).toMatch(/repo/);
  });
});

// ---- five hand-made runs: per artifact a patch kind, reported plausible (P) and correct (C) ----

type Kind = keyof typeof PATCH;
/** One artifact's cell: its patch kind, then P when reported plausible and C when reported correct. */
type Cell = Kind | `${Kind} ${"P" | "PC"}` | `${Kind} C`;
const run = (...cells: [Cell, Cell, Cell, Cell]) =>
  JSON.stringify(
    Object.fromEntries(
      IDS.map((id, k) => {
        const [kind, reported = ""] = cells[k].split(" ") as [Kind, string?];
        return [id, { patch: PATCH[kind](k), plausible: reported.includes("P"), correct: reported.includes("C") }];
      }),
    ),
  );

/** A run of a system (`agent` null: no tool stated) and its four cells. */
const system = (model: string, agent: string | null, base_model: string, file: string) => ({
  model,
  meta: (agent ? { agent, base_model } : { base_model }) as Record<string, string>,
  file,
});
const RUNS = [
  system("agentless-gpt4o", "Agentless", "GPT-4o", run("dev PC", "other P", "none", "same")),
  system("agentless-claude", "Agentless", "Claude-3.5-Sonnet", run("dev PC", "same PC", "other", "none")),
  system("swe-agent-gpt4o", "SWE-agent", "GPT-4o", run("other PC", "other PC", "other PC", "broken")),
  system("swe-agent-gpt4o-2", "SWE-agent", "gpt-4o", run("dev PC", "none", "none", "none")),
  // every patch the developer's, one reported correct: first by SYE_rate, last by CO_rate
  system("no-tool-stated", null, "GPT-4o", run("dev P", "dev P", "dev P", "dev PC")),
];
/** By hand, per run: PG (applies) · PL · SYE (server) · SYE∧PL (the paper's #SYE) · CO, of 4 artifacts. */
const WANT: Record<string, Record<string, number>> = {
  "agentless-gpt4o": { PG: 3, PL: 2, SYE: 2, SYE_PL: 1, CO: 1, CO_rate: 0.25, SYE_rate: 0.5 },
  "agentless-claude": { PG: 3, PL: 2, SYE: 2, SYE_PL: 2, CO: 2, CO_rate: 0.5, SYE_rate: 0.5 },
  "swe-agent-gpt4o": { PG: 3, PL: 3, SYE: 0, SYE_PL: 0, CO: 3, CO_rate: 0.75, SYE_rate: 0 },
  "swe-agent-gpt4o-2": { PG: 1, PL: 1, SYE: 1, SYE_PL: 1, CO: 1, CO_rate: 0.25, SYE_rate: 0.25 },
  "no-tool-stated": { PG: 4, PL: 4, SYE: 4, SYE_PL: 4, CO: 1, CO_rate: 0.25, SYE_rate: 1 },
};
/** Board order by SYE_rate (INTERFACE.md's primary: the rate the server checks), ties by upload order; competition ranks. */
const BY_SYE = ["no-tool-stated", "agentless-gpt4o", "agentless-claude", "swe-agent-gpt4o-2", "swe-agent-gpt4o"];
const RANKS = [1, 2, 2, 4, 5];

describe("the board ranks by the rate the server checks, the paper's metrics beside it", () => {
  beforeAll(async () => {
    const r = await importRelease(
      "hand-1",
      IDS.map((_, k) => artifact(k)),
      true,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await db.runJobs();
    for (const s of RUNS) {
      const u = await post("/api/v1/tasks/ci-bench/repair/submissions", { model: s.model, ...s.meta }, s.file, member);
      expect(u.status, JSON.stringify(u.body)).toBe(201);
    }
    await db.runJobs();
  });

  it("every run's metrics equal the hand computation", async () => {
    const lb = await get("/api/v1/tasks/ci-bench/repair/leaderboard");
    for (const s of RUNS)
      expect(lb.body.rows.find((r: Json) => r.model === s.model).metrics, s.model).toMatchObject(WANT[s.model]);
  });

  it("primaryMetric is SYE_rate and says so; the paper's headline CO is a column that says it is reported", async () => {
    const lb = await get("/api/v1/tasks/ci-bench/repair/leaderboard");
    expect(lb.status).toBe(200);
    expect(lb.body.primaryMetric).toBe("SYE_rate");
    expect(lb.body.columns.find((c: Json) => c.key === "SYE_rate").description).toMatch(/ranking metric/);
    expect(lb.body.columns.find((c: Json) => c.key === "CO_rate").description).toMatch(/paper's headline.*not checked/);
    // a file claiming every patch correct is not ranked by its claim
    expect(lb.body.rows[0].model).toBe("no-tool-stated");
    expect(lb.body.rows.map((r: Json) => r.model)).toEqual(BY_SYE);
    expect(lb.body.rows.map((r: Json) => r.rank)).toEqual(RANKS);
    // the stored scores name the metric they were ranked by
    const scores = await db.prisma.score.findMany({ select: { primaryMetric: true, primaryValue: true } });
    expect(new Set(scores.map((s) => s.primaryMetric))).toEqual(new Set(["SYE_rate"]));
  });

  it("Table 1: the four counts per tool × model and per-tool means, as computed by hand", async () => {
    // the kind's paper table (ci-repair's paperTable): CI-Bench's Table 1
    const t = (await getPaperTable(db.prisma, await getTaskOrThrow(db.prisma, "ci-bench/repair"))) as CiTable1 & {
      task: string;
      release: string;
    };
    expect(t).toMatchObject({ release: "hand-1", artifacts: 4, unstated: 1 });
    expect(t.tools).toEqual(["SWE-agent", "Agentless"]); // mean #CO 3, then (1 + 2) / 2
    expect(t.models).toEqual(["GPT-4o", "Claude-3.5-Sonnet"]); // best #CO 3, then 2
    const cell = (tool: string, model: string) => t.cells.find((c) => c.tool === tool && c.baseModel === model);
    // SWE-agent × GPT-4o: two runs ("GPT-4o" and "gpt-4o"); the one with more #CO
    expect(cell("SWE-agent", "GPT-4o")).toMatchObject({
      PG: 3,
      PL: 3,
      SYE: 0,
      CO: 3,
      runs: 2,
      name: "swe-agent-gpt4o",
    });
    expect(cell("Agentless", "GPT-4o")).toMatchObject({ PG: 3, PL: 2, SYE: 1, CO: 1, runs: 1 });
    expect(cell("Agentless", "Claude-3.5-Sonnet")).toMatchObject({ PG: 3, PL: 2, SYE: 2, CO: 2, runs: 1 });
    expect(cell("SWE-agent", "Claude-3.5-Sonnet")).toBeUndefined();
    expect(t.means).toEqual([
      { tool: "SWE-agent", PG: 3, PL: 3, SYE: 0, CO: 3, models: 1 },
      { tool: "Agentless", PG: 3, PL: 2, SYE: 1.5, CO: 1.5, models: 2 },
    ]);
    // the task page draws the same table from its chart data (no page of its own)
    const charts = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "ci-bench/repair"), {});
    const { task: _t, release: _r, ...table } = t;
    expect((charts.kindCharts as Json).table1).toEqual(table);
  });

  it("a board scored under a former primary metric (CO_rate) is re-scored at start-up", async () => {
    // the state a deployment is in when a new catalog starts: the task and its scores say CO_rate
    await db.query(`UPDATE tasks SET primary_metric = 'CO_rate' WHERE full_slug = 'ci-bench/repair'`);
    await db.query(
      `UPDATE scores SET primary_metric = 'CO_rate', primary_value = (metrics->>'CO_rate')::float8, ci_low = NULL, ci_high = NULL`,
    );
    const stale = await get("/api/v1/tasks/ci-bench/repair/leaderboard");
    expect(stale.body.rows[0].model).toBe("swe-agent-gpt4o");

    await startUp(db, { seed: false, log: () => undefined });
    await db.runJobs();

    const task = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: "ci-bench/repair" } });
    expect(task.primaryMetric).toBe("SYE_rate");
    const scores = await db.prisma.score.findMany({ select: { primaryMetric: true } });
    expect(new Set(scores.map((s) => s.primaryMetric))).toEqual(new Set(["SYE_rate"]));
    const lb = await get("/api/v1/tasks/ci-bench/repair/leaderboard");
    expect(lb.body.rows.map((r: Json) => r.model)).toEqual(BY_SYE);
    expect(lb.body.rows.map((r: Json) => r.metrics.SYE_rate)).toEqual([1, 0.5, 0.5, 0.25, 0]);
    // a second start finds nothing stale
    await startUp(db, { seed: false, log: () => undefined });
    expect(await db.prisma.job.count({ where: { name: "rescore", status: { in: ["queued", "running"] } } })).toBe(0);
  });

  it("scores of a former metrics version are re-scored at start-up (their replicates may be another estimator's)", async () => {
    await db.query(`UPDATE scores SET metrics_version = '0.0.1-old'`);
    await startUp(db, { seed: false, log: () => undefined });
    expect(
      await db.prisma.job.count({ where: { name: "rescore", status: { in: ["queued", "running"] } } }),
    ).toBeGreaterThan(0);
    await db.runJobs();
    const versions = await db.prisma.score.findMany({ select: { metricsVersion: true } });
    expect(new Set(versions.map((s) => s.metricsVersion))).toEqual(new Set([METRICS_VERSION]));
    await startUp(db, { seed: false, log: () => undefined });
    expect(await db.prisma.job.count({ where: { name: "rescore", status: { in: ["queued", "running"] } } })).toBe(0);
  });
});
