// Dataset releases for every task kind through the admin API, publishing with background
// re-scoring, and the hidden-truth guarantees — against a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/v1/admin/releases/route";
import { GET as releaseDetail } from "@/app/api/v1/admin/releases/[id]/route";
import { POST as publishRoute } from "@/app/api/v1/admin/releases/[id]/publish/route";
import { GET as jobRoute } from "@/app/api/v1/admin/jobs/[id]/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { GET as releasesRoute } from "@/app/api/v1/tasks/[benchmark]/[task]/releases/route";
import { GET as getSubmission } from "@/app/api/v1/submissions/[id]/route";
import { GET as getInstances } from "@/app/api/v1/submissions/[id]/instances/route";
import { GET as benchmarks } from "@/app/api/v1/benchmarks/route";
import { compareSubmissions } from "@/lib/server/submissions";
import { getTaskInstance, listTaskInstances } from "@/lib/server/leaderboard";
import { taskChartData } from "@/lib/server/leaderboard";
import type { binaryAbstention } from "@/lib/tasks/binary-abstention";
import type { TaskChartsOf } from "@/lib/tasks/define";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { countRows } from "../helpers/db";
import { seededWithTokens, type TestDatabase } from "../helpers/seeded";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";
import { getTaskOrThrow } from "@/lib/server/tasks";

let db: TestDatabase;
let admin: string;
let member: string;
const synthetic = generateSynthetic();
const synth = (task: string) => synthetic.find((t) => t.task === task)!;
const inputIds = Object.keys(
  JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);
const gptLabels = fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8");

beforeAll(async () => void ({ db, admin, member } = await seededWithTokens("Members")));
afterAll(async () => db?.drop());

async function importFile(fields: Record<string, string>, name: string, text: string, token = admin) {
  const res = await importRoute(multipartRequest("/api/v1/admin/releases", fields, { name, text }, token), ctx({}));
  return { status: res.status, body: await res.json() };
}

/** The route queues the re-score; a worker would run it: here this process runs the due jobs. */
async function waitJob(id: string) {
  for (let i = 0; i < 200; i++) {
    await db.runJobs();
    const j = await (await jobRoute(getRequest(`/api/v1/admin/jobs/${id}`, admin), ctx({ id }))).json();
    if (j.status === "done" || j.status === "failed") return j;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("job did not finish");
}

/** Tasks whose verdicts are an LLM judge's: uploads name it (issue 20, judge provenance). */
const JUDGED: Record<string, Record<string, string>> = {
  "cr-bench/review": { judge_model: "claude-sonnet-4.5", judge_prompt: "cr-evaluator" },
  "abstain-validate/repair": { judge_model: "gemini-2.5-pro", judge_prompt: "fix-spec" },
};

async function upload(task: string, text: string, fields: Record<string, string> = { model: "m" }, name = "p.json") {
  const [benchmark, t] = task.split("/");
  fields = { ...JUDGED[task], ...fields };
  const res = await submit(
    multipartRequest(`/api/v1/tasks/${task}/submissions`, fields, { name, text }, member),
    ctx({ benchmark, task: t }),
  );
  return { status: res.status, body: await res.json() };
}

async function board(task: string, q = "") {
  const [benchmark, t] = task.split("/");
  const res = await leaderboard(getRequest(`/api/v1/tasks/${task}/leaderboard${q}`), ctx({ benchmark, task: t }));
  return { status: res.status, body: await res.json() };
}

describe("release files of every task kind", () => {
  it("bouncerbench/output: JSONL with the HF Python-literal tests_status, and CSV with output_quality", async () => {
    const rows = synth("bouncerbench/output").release.slice(0, 20);
    const r = await importFile(
      { task: "bouncerbench/output", version: "hf-1" },
      "out.jsonl",
      rows.map((x) => JSON.stringify(x)).join("\n"),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.release).toMatchObject({ version: "hf-1", status: "draft", instanceCount: 20 });
    expect(r.body.validation.format).toBe("jsonl");
    const csv = 'instance_id,patch,output_quality\nsyn-a,"diff --git a/x b/x",1.0\nsyn-b,"diff",0.5\n';
    const c = await importFile({ task: "bouncerbench/output", version: "csv-1" }, "out.csv", csv);
    expect(c.status).toBe(201);
    const detail = await (
      await releaseDetail(
        getRequest(`/api/v1/admin/releases/${c.body.release.id}`, admin),
        ctx({ id: c.body.release.id }),
      )
    ).json();
    expect(detail.preview.map((p: { truth: unknown }) => p.truth)).toEqual([
      { bounce: false, pass: 1 },
      { bounce: true, pass: 0.5 },
    ]);
  });

  it.each([
    ["bouncerbench/lite", "json"],
    ["abstain-validate/repair", "json"],
    ["ci-bench/repair", "jsonl"],
    ["cr-bench/review", "jsonl"],
  ])("%s imports (%s)", async (task, fmt) => {
    const rows = synth(task).release.slice(0, 10);
    const text = fmt === "json" ? JSON.stringify(rows) : rows.map((x) => JSON.stringify(x)).join("\n");
    const r = await importFile({ task, version: "v-test" }, `r.${fmt}`, text);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.release.instanceCount).toBe(10);
    expect(r.body.diff).toMatchObject({ added: 0, removed: synth(task).release.length - 10, changed: 0 });
  });

  it.each([
    ["bouncerbench/input", "a.csv", "instance_id,underspecified\nx,5\n", /underspecified.*0–3/],
    ["bouncerbench/input", "a.csv", "instance_id,underspecified,input_bounce\nx,0,true\n", /input_bounce/],
    ["bouncerbench/output", "a.jsonl", '{"instance_id":"x","tests_status":"{\'FAIL_TO_PASS\': "}', /tests_status/],
    [
      "abstain-validate/repair",
      "a.json",
      JSON.stringify([{ instance_id: "b", title: "t", trajectories: [{ trajectory_id: "t1" }] }]),
      /success/,
    ],
    [
      "ci-bench/repair",
      "a.json",
      JSON.stringify([
        {
          instance_id: "c",
          repo: "r",
          lang: "Java",
          build_system: "Maven",
          files: { "A.java": "class A {}\n" },
          developer_patch: "--- a/A.java\n+++ b/A.java\n@@ -1,1 +1,1 @@\n-class B {}\n+class C {}\n",
        },
      ]),
      /does not apply/,
    ],
    [
      "cr-bench/review",
      "a.jsonl",
      JSON.stringify({
        instance_id: "p",
        repo: "r",
        pr_number: 1,
        title: "t",
        diff: "d",
        bug_description: "b",
        fix_files: ["a"],
        category: "Vibes",
        impact: "Reliability",
        severity: "High",
      }),
      /category/,
    ],
    ["bouncerbench/input", "a.json", "[1, 2", /malformed JSON/],
  ])("%s rejects a bad file (%s) with nothing written", async (task, name, text, re) => {
    const before = await countRows(db);
    const r = await importFile({ task, version: `bad-${Math.random()}`.slice(0, 12) }, name, text);
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body.error.details.problems)).toMatch(re);
    expect(await countRows(db)).toEqual(before);
  });

  it("cr-bench: the tagging prompt's own category names (Listing 3) import, and the PR description is kept", async () => {
    const names: [string, string][] = [
      ["Requirements, Features, and Functionality Bugs", "RFF"],
      ["Interface, Integration, and System Bugs", "IIS"],
      ["Test and Test Design Bugs", "Test"],
      ["Memory-related Bugs", "Memory"],
      ["Concurrent Bugs", "Concurrency"],
      ["structural bugs", "Structural"],
      ["Security", "Security"],
    ];
    const base = synth("cr-bench/review").release[0] as Record<string, unknown>;
    const rows = names.map(([category], k) => ({
      ...base,
      instance_id: `listing3-${k}`,
      category,
      description: k === 0 ? "Fixes the retry loop; see #12." : undefined,
    }));
    const r = await importFile(
      { task: "cr-bench/review", version: "listing-3" },
      "r.jsonl",
      rows.map((x) => JSON.stringify(x)).join("\n"),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const stored = await db.prisma.instance.findMany({
      where: { releaseId: r.body.release.id },
      orderBy: { position: "asc" },
    });
    expect(stored.map((i) => (i.truth as { category: string }).category)).toEqual(names.map(([, c]) => c));
    expect((stored[0].metadata as { description?: string }).description).toBe("Fixes the retry loop; see #12.");
  });

  it("only admins import; a version is imported once", async () => {
    expect(
      (
        await importFile(
          { task: "bouncerbench/input", version: "x" },
          "a.csv",
          "instance_id,underspecified\na,1\n",
          member,
        )
      ).status,
    ).toBe(403);
    const again = await importFile(
      { task: "bouncerbench/input", version: "1.0" },
      "a.csv",
      "instance_id,underspecified\na,1\n",
    );
    expect(again.status).toBe(409);
  });
});

describe("publishing re-scores every submission in the background; scores are kept per release", () => {
  it("a release that adds instances makes old submissions partial on it, keeps their old scores and all predictions", async () => {
    const teamPredictions = () => db.prisma.prediction.count({ where: { submission: { baseline: null } } });
    const predsBefore = await teamPredictions();
    const csv = [
      "instance_id,underspecified",
      ...inputIds.map((id, i) => `${id},${i % 4}`),
      "new__instance-1,3",
      "new__instance-2,0",
    ].join("\n");
    const r = await importFile({ task: "bouncerbench/input", version: "2.0", notes: "relabelled" }, "v2.csv", csv);
    expect(r.status).toBe(201);
    expect(r.body.diff).toMatchObject({ against: "1.1", added: 2, removed: 0 });
    expect(r.body.diff.changed).toBeGreaterThan(100);
    // the file has labels only: the issue texts (and their word counts) are carried over, not
    // dropped, and the diff names the one field that changed
    expect(r.body.diff.carried).toMatchObject({ problem_statement: 638, words: 638 });
    expect(r.body.diff.lost).toEqual([]);
    expect(r.body.diff.fields["metadata.problem_statement"]).toBeUndefined();
    expect(Object.keys(r.body.diff.fields).every((k) => k.startsWith("truth."))).toBe(true);
    expect(Object.values(r.body.diff.fields).reduce((a: number, b) => a + (b as number), 0)).toBeGreaterThanOrEqual(
      r.body.diff.changed,
    );
    // without carrying over, the loss is named before anything is published
    const bare = await importFile(
      { task: "bouncerbench/input", version: "2.0-bare", carry_over: "false" },
      "v2.csv",
      csv,
    );
    expect(bare.status).toBe(201);
    expect(bare.body.diff.carried).toEqual({});
    expect(bare.body.diff.lost).toEqual(
      expect.arrayContaining([{ field: "metadata.problem_statement", before: 638, after: 0 }]),
    );
    expect(bare.body.diff.fields["metadata.problem_statement"]).toBe(638);

    const pub = await publishRoute(
      new Request(`http://localhost/api/v1/admin/releases/${r.body.release.id}/publish`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin}` },
      }),
      ctx({ id: r.body.release.id }),
    );
    expect(pub.status).toBe(202);
    const { job } = await pub.json();
    const done = await waitJob(job.id);
    // the paper's five Table II systems and three baselines
    expect(done).toMatchObject({ status: "done", progress: 8, total: 8 });
    // the re-score defers breakdowns to the fill-breakdowns job and refreshes the board once, when
    // its last part lands: after the queue drains, every new score has both
    await db.runJobs();
    const [after] = await db.query<{ lacking: number; scored: number; ranks: number }>(
      `SELECT count(*) FILTER (WHERE NOT s.details ? 'breakdowns')::int AS lacking, count(*)::int AS scored,
              (SELECT count(*)::int FROM board_ranks b WHERE b.release_id = $1::uuid) AS ranks
         FROM scores s WHERE s.release_id = $1::uuid`,
      [r.body.release.id],
    );
    expect(after).toEqual({ lacking: 0, scored: expect.any(Number), ranks: 1 });
    expect(after.scored).toBeGreaterThanOrEqual(8);

    const current = await board("bouncerbench/input");
    expect(current.body.release.version).toBe("2.0");
    // the five real submissions miss the 2 new instances: partial, so only baselines are listed
    expect(current.body.rows.every((x: { baseline: string | null }) => x.baseline)).toBe(true);
    const withPartial = await board("bouncerbench/input", "?partial=1");
    const gpt = withPartial.body.rows.find((x: { model: string }) => x.model === "gpt-4.1");
    expect(gpt).toMatchObject({ rank: null, partial: true, coverage: { covered: 1699, total: 1701 } });

    const old = await board("bouncerbench/input", "?release=1.0");
    const oldGpt = old.body.rows.find((x: { model: string }) => x.model === "gpt-4.1");
    // second to o4-mini (F_m 0.592, the paper's Table II)
    expect(oldGpt).toMatchObject({ rank: 2, partial: false });
    expect(oldGpt.metrics.F_m).toBeCloseTo(0.50021, 6);
    expect(await teamPredictions()).toBe(predsBefore);

    const list = await (
      await releasesRoute(
        getRequest("/api/v1/tasks/bouncerbench/input/releases"),
        ctx({ benchmark: "bouncerbench", task: "input" }),
      )
    ).json();
    expect(list.releases.map((x: { version: string; status: string }) => `${x.version}:${x.status}`)).toEqual([
      "2.0:published",
      "1.1:archived",
      "1.0:archived",
    ]);
  });

  it("a new upload is scored on the new current release", async () => {
    const r = await upload("bouncerbench/input", gptLabels, { model: "late" });
    expect(r.status).toBe(201);
    expect(r.body.validation).toMatchObject({ release: "2.0", partial: true, covered: 1699, total: 1701 });
  });
});

describe("uploads of every task kind", () => {
  const firstPreds = (task: string) => synth(task).submissions[0].predictions;
  it("lite needs both bounces", async () => {
    const r = await upload("bouncerbench/lite", JSON.stringify({ "syn-lite-0001": { input_bounce: true } }));
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems[0]).toMatchObject({ instanceId: "syn-lite-0001", field: "output_bounce" });
  });
  it("abstain-validate: full file scores; unknown or missing trajectories and scores outside [0,1] are 422", async () => {
    const ok = await upload("abstain-validate/repair", JSON.stringify(firstPreds("abstain-validate/repair")));
    expect(ok.status).toBe(201);
    expect(typeof ok.body.metrics.combined_binary_success_at_1).toBe("number");
    const one = structuredClone(firstPreds("abstain-validate/repair")["syn-bug-001"]) as {
      abstention_score: number;
      trajectories: { trajectory_id: string; validation_score: number }[];
    };
    const bad = {
      ...one,
      abstention_score: 1.2,
      trajectories: [
        { ...one.trajectories[0], trajectory_id: "t99" },
        { ...one.trajectories[1], validation_score: -1 },
      ],
    };
    const r = await upload("abstain-validate/repair", JSON.stringify({ "syn-bug-001": bad }));
    expect(r.status).toBe(422);
    const msgs = JSON.stringify(r.body.error.details.problems);
    expect(msgs).toMatch(/abstention_score/);
    expect(msgs).toMatch(/unknown trajectory id t99/);
    expect(msgs).toMatch(/validation_score/);
    expect(msgs).toMatch(/no validation for trajectory/);
  });
  it("ci-bench: a patch that does not apply is a warning, not an error", async () => {
    const preds = structuredClone(firstPreds("ci-bench/repair")) as Record<string, { patch: string | null }>;
    const [first] = Object.keys(preds);
    preds[first] = { patch: "--- a/nope.java\n+++ b/nope.java\n@@ -1,1 +1,1 @@\n-x\n+y\n" };
    const ciRow = synth("ci-bench/repair").release[1] as { files: Record<string, string>; instance_id: string };
    const path1 = Object.keys(ciRow.files)[0];
    preds[ciRow.instance_id] = {
      patch: `--- a/${path1}\n+++ b/${path1}\n@@ -1,1 +1,1 @@\n-this line is not there\n+x\n`,
    };
    const r = await upload("ci-bench/repair", JSON.stringify(preds));
    expect(r.status).toBe(201);
    expect(r.body.validation.warnings.join("\n")).toMatch(new RegExp(`${ciRow.instance_id}: patch does not apply`));
    const bad = await upload("ci-bench/repair", JSON.stringify({ [first]: { patch: 42 } }));
    expect(bad.status).toBe(422);
  });
  it('cr-bench: a line as the review prompt writes it (\'approximate\': "42", "~42", "L42-45") is read; a word is a 422', async () => {
    const preds = structuredClone(firstPreds("cr-bench/review")) as Record<string, { comments: { line: unknown }[] }>;
    const [first] = Object.keys(preds);
    const lines = ["42", "~42", "L42-45", " 7 "];
    preds[first].comments = preds[first].comments.map((c, k) => ({ ...c, line: lines[k % lines.length] }));
    const ok = await upload("cr-bench/review", JSON.stringify(preds));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const stored = await db.prisma.prediction.findFirstOrThrow({
      where: { submissionId: ok.body.id, externalId: first },
    });
    const want = preds[first].comments.map((_, k) => [42, 42, 42, 7][k % 4]);
    expect((stored.data as { comments: { line: number }[] }).comments.map((c) => c.line)).toEqual(want);
    const bad = structuredClone(preds);
    bad[first].comments[0].line = "forty-two";
    const r = await upload("cr-bench/review", JSON.stringify(bad));
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems[0]).toMatchObject({ instanceId: first, field: "comments[0].line" });
  });
  it("cr-bench: an unknown judgment is 422; a full file scores", async () => {
    const r = await upload(
      "cr-bench/review",
      JSON.stringify({ "syn-pr-0001": { comments: [{ file: "a", line: 1, comment: "x", judgment: "maybe" }] } }),
    );
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems[0]).toMatchObject({ field: "comments[0].judgment" });
    const ok = await upload("cr-bench/review", JSON.stringify(firstPreds("cr-bench/review")));
    expect(ok.status).toBe(201);
    expect(ok.body.metrics.f1).toBeGreaterThan(0);
  });
});

describe("a release with hidden ground truth never leaks it", () => {
  let subId: string;
  const hiddenIds = inputIds.slice(0, 40);
  it("is imported hidden and published; partial uploads are rejected", async () => {
    const csv = ["instance_id,underspecified", ...hiddenIds.map((id, i) => `${id},${(i * 7) % 4}`)].join("\n");
    const r = await importFile(
      { task: "bouncerbench/input", version: "3.0-hidden", hidden: "true", publish: "true" },
      "h.csv",
      csv,
    );
    expect(r.status).toBe(201);
    await waitJob(r.body.job.id);
    const part = await upload(
      "bouncerbench/input",
      JSON.stringify(Object.fromEntries(hiddenIds.slice(0, 39).map((id) => [id, { input_bounce: true }]))),
    );
    expect(part.status).toBe(422);
    expect(part.body.error.message).toMatch(/hidden/);
  });
  it("a full upload is scored; every route shows aggregates only", async () => {
    const full = await upload(
      "bouncerbench/input",
      JSON.stringify(Object.fromEntries(hiddenIds.map((id, i) => [id, { input_bounce: i % 2 === 0 }]))),
      { model: "hidden-tester", visibility: "public" },
    );
    expect(full.status).toBe(201);
    subId = full.body.id;
    const bodies: string[] = [];
    const lb = await board("bouncerbench/input");
    expect(lb.body.release.hidden).toBe(true);
    bodies.push(JSON.stringify(lb.body));
    bodies.push(
      JSON.stringify(
        await (await getSubmission(getRequest(`/api/v1/submissions/${subId}`), ctx({ id: subId }))).json(),
      ),
    );
    const inst = await getInstances(
      getRequest(`/api/v1/submissions/${subId}/instances?pageSize=500`),
      ctx({ id: subId }),
    );
    const ib = await inst.json();
    expect(ib.rows).toHaveLength(40);
    expect(ib.rows.every((r: { truth: unknown; outcome: unknown }) => r.truth === null && r.outcome === null)).toBe(
      true,
    );
    bodies.push(JSON.stringify(ib));
    const filtered = await getInstances(
      getRequest(`/api/v1/submissions/${subId}/instances?outcome=wrong`),
      ctx({ id: subId }),
    );
    expect(filtered.status).toBe(403);
    bodies.push(
      JSON.stringify(
        await (
          await releasesRoute(
            getRequest("/api/v1/tasks/bouncerbench/input/releases"),
            ctx({ benchmark: "bouncerbench", task: "input" }),
          )
        ).json(),
      ),
    );
    bodies.push(JSON.stringify(await (await benchmarks(getRequest("/api/v1/benchmarks"), ctx({}))).json()));
    for (const b of bodies) {
      expect(b).not.toMatch(/"truth":\{/);
      expect(b).not.toMatch(/"label":\d/);
      expect(b).not.toMatch(/prCurve|labelTable/);
    }
    // the reader's services: no explorer, no truth on instance pages, no correctness in comparisons
    await expect(
      listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {}),
    ).rejects.toThrow(/hidden/);
    const one = await getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), hiddenIds[0]);
    expect(one.truth).toBeNull();
    expect(one.predictions.every((p) => p.outcome === null)).toBe(true);
    const other = await upload(
      "bouncerbench/input",
      JSON.stringify(Object.fromEntries(hiddenIds.map((id, i) => [id, { input_bounce: i % 3 === 0 }]))),
      { model: "hidden-tester-2" },
    );
    const cmp = await compareSubmissions(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      [subId, other.body.id],
      null,
    );
    // no disagreement list, no paired test: either would say which side is right (test/integration/hidden-release.test.ts)
    expect(cmp.disagreements).toEqual([]);
    expect(cmp.pairs).toEqual([]);
    expect(cmp.disagreementCount).toBeNull();
    const charts = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    expect((charts.kindCharts as TaskChartsOf<typeof binaryAbstention>).pr).toEqual([]);
    expect(charts.lengths).toBeNull();
    // the admin preview is the only place with truth, and it is admins-only
    const rel = await db.prisma.release.findFirstOrThrow({ where: { version: "3.0-hidden" } });
    expect(
      (await releaseDetail(getRequest(`/api/v1/admin/releases/${rel.id}`, member), ctx({ id: rel.id }))).status,
    ).toBe(403);
    expect((await releaseDetail(getRequest(`/api/v1/admin/releases/${rel.id}`), ctx({ id: rel.id }))).status).toBe(401);
  });
  it("a baseline's predictions follow the current release: on an archived one it lists only the rows it still has", async () => {
    const base = await db.prisma.submission.findFirstOrThrow({
      where: { baseline: { not: null }, task: { fullSlug: "bouncerbench/input" } },
    });
    // its score on 2.0 covered 1,701 instances; its predictions are now the hidden release's
    const score = await db.prisma.score.findFirstOrThrow({
      where: { submissionId: base.id, release: { version: "2.0" } },
      select: { outcomes: true, covered: true },
    });
    expect(score).toMatchObject({ covered: 1701, outcomes: expect.anything() });
    const res = await getInstances(
      getRequest(`/api/v1/submissions/${base.id}/instances?release=2.0&pageSize=500`),
      ctx({ id: base.id }),
    );
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.total).toBe(body.rows.length);
  });
});
