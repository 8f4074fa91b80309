// The reader's services through their real routes and pages' data: leaderboard views and export,
// comparison, instance explorer, release overview, chart data — against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as policy } from "@/app/api/v1/submissions/[id]/policy/route";
import { GET as lengthBuckets } from "@/app/api/v1/submissions/[id]/length-buckets/route";
import { readFileSync } from "node:fs";
import path from "node:path";
import { GET as prediction } from "@/app/api/v1/submissions/[id]/predictions/[instance]/route";
import { compareSubmissions, predictionTraceView } from "@/lib/server/submissions";
import { getTaskInstance, listTaskInstances } from "@/lib/server/leaderboard";
import { releaseOverview } from "@/lib/server/releases";
import type { bouncerPipeline } from "@/lib/tasks/bouncer-pipeline";
import type { TaskChartsOf } from "@/lib/tasks/define";
import { listBenchmarks, taskChartData } from "@/lib/server/leaderboard";
import { teamView } from "@/lib/server/teams";
import { getReleaseInstances } from "@/lib/server/cache";
import { fillOutcomes, queueFillOutcomes } from "@/lib/server/scoring";
import { getReleaseOrThrow, getTaskOrThrow } from "@/lib/server/tasks";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

let db: TestDatabase;
let token: string;
const P = { benchmark: "bouncerbench", task: "input" };

beforeAll(async () => {
  db = await seededTestDatabase();
  const t = await ensureTeam(db.prisma, "=cmd|' /C calc'!A0");
  token = (await createApiToken(db.prisma, { teamId: t.id })).token;
});
afterAll(async () => db?.drop());

async function lb(q = "") {
  const res = await leaderboard(getRequest(`/api/v1/tasks/bouncerbench/input/leaderboard${q}`), ctx(P));
  return res;
}
const ids = async () =>
  (await (await lb()).json()).rows as { model: string; submissionId: string; baseline: string | null }[];

// the paper's Table II systems in the order of its F_m (0.592, 0.500, 0.466, 0.422, 0.399)
const BY_F_M = ["o4-mini", "gpt-4.1", "qwen3_32b-q8_0", "claude-3.7-sonnet", "gemma3_27b-it-q8_0"];

describe("leaderboard views", () => {
  it("filters baselines, searches, sorts, and keeps ranks of the whole release", async () => {
    const all = await (await lb()).json();
    // the paper's five Table II systems and three baselines
    expect(all.rows.length).toBe(8);
    const nob = await (await lb("?baselines=0")).json();
    // in the order of the paper's F_m (Table II: 0.592, 0.500, 0.466, 0.422, 0.399)
    expect(nob.rows.map((r: { model: string }) => r.model)).toEqual(BY_F_M);
    const q = await (await lb("?q=claude")).json();
    expect(q.rows).toHaveLength(1);
    expect(q.rows[0]).toMatchObject({ model: "claude-3.7-sonnet", rank: 4 });
    const asc = await (await lb("?baselines=0&sort=FNR_a&dir=asc")).json();
    // the paper's FNR_a: 0.3%, 0.6%, 1.3%, 2.0%, 5.4%
    expect(asc.rows.map((r: { model: string }) => r.model)).toEqual([
      "gemma3_27b-it-q8_0",
      "claude-3.7-sonnet",
      "qwen3_32b-q8_0",
      "gpt-4.1",
      "o4-mini",
    ]);
    const future = await (await lb("?from=2999-01-01")).json();
    expect(future.rows).toHaveLength(0);
    const bad = await lb("?from=yesterday");
    expect(bad.status).toBe(422);
  });

  it("o4-mini is clearly ahead: alone in the top group; gpt-4.1 beats claude beyond chance", async () => {
    await db.runJobs();
    const rows = (await (await lb("?baselines=0")).json()).rows as {
      rank: number;
      rankInterval: { lo: number; hi: number } | null;
      rankIntervalSimultaneous: { lo: number; hi: number } | null;
      topGroup: boolean;
      significancePending: boolean;
    }[];
    expect(rows.map((r) => r.significancePending)).toEqual([false, false, false, false, false]);
    // o4-mini's 0.592 is 0.09 above the next: no resample puts another row first
    expect(rows[0].rankInterval).toEqual({ lo: 1, hi: 1 });
    expect(rows[0].rankIntervalSimultaneous).toEqual({ lo: 1, hi: 1 });
    expect(rows.map((r) => r.topGroup)).toEqual([true, false, false, false, false]);
    // compare: the paired bootstrap of gpt-4.1 and claude excludes 0
    const two = (await ids()).filter((r) => r.model === "gpt-4.1" || r.model === "claude-3.7-sonnet");
    const c = await compareSubmissions(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      two.map((r) => r.submissionId),
      null,
    );
    expect(c.pairs[0].primary!.significant).toBe(true);
  });

  it("exports exactly the shown rows as CSV, safe against formula injection", async () => {
    // a file of its own (a copy of another team's would be held for review, off the board):
    // claude-3.7-sonnet's decisions with every 10th flipped, below gpt-4.1
    const claudeFile = JSON.parse(
      readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_claude-3.7-sonnet.json"), "utf8"),
    ) as Record<string, { label: string }>;
    const preds = JSON.stringify(
      Object.fromEntries(
        Object.entries(claudeFile).map(([id, p], i) => [
          id,
          { input_bounce: (p.label === "VAGUE" || p.label === "IMPOSSIBLE_TO_SOLVE") !== (i % 10 === 0) },
        ]),
      ),
    );
    const r = await submit(
      multipartRequest(
        "/api/v1/tasks/bouncerbench/input/submissions",
        { model: '=HYPERLINK("http://evil")', system: "+sum(1)" },
        { name: "p.json", text: preds },
        token,
      ),
      ctx(P),
    );
    expect(r.status).toBe(201);
    const res = await lb("?format=csv&baselines=0");
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/bouncerbench-input-1\.1\.csv/);
    const csv = await res.text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^rank,model,team,system,baseline,synthetic,partial,F_m,/);
    expect(lines).toHaveLength(1 + 6);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`"'+sum(1)"`);
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    // the gpt-4.1 row: rank 2 (o4-mini is first) and its unrounded F_m
    expect(lines.find((l) => l.includes(",gpt-4.1,"))).toMatch(
      /^2,gpt-4\.1,BouncerBench authors,BouncerBench prompt,,false,false,0\.50021/,
    );
  });
});

describe("comparison", () => {
  it("reports deltas, a significant paired bootstrap, McNemar and the disagreements", async () => {
    const rows = await ids();
    const gpt = rows.find((r) => r.model === "gpt-4.1")!.submissionId;
    const claude = rows.find((r) => r.model === "claude-3.7-sonnet")!.submissionId;
    const c = await compareSubmissions(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      [gpt, claude],
      null,
    );
    expect(c.commonInstances).toBe(1699);
    const p = c.pairs[0];
    expect(p.primary!.difference).toBeCloseTo(0.50021 - 0.422144, 5);
    expect(p.primary!.significant).toBe(true);
    expect(p.mcnemar.b + p.mcnemar.c).toBe(c.disagreementCount);
    expect(p.mcnemar.pValue).toBeLessThan(0.001);
    expect(c.disagreements[0].predictions).toHaveLength(2);
  });
  it("refuses fewer than 2, more than 4, and bad ids", async () => {
    const rows = await ids();
    await expect(
      compareSubmissions(
        db.prisma,
        await getTaskOrThrow(db.prisma, "bouncerbench/input"),
        [rows[0].submissionId],
        null,
      ),
    ).rejects.toThrow(/2 to 4/);
    await expect(
      compareSubmissions(
        db.prisma,
        await getTaskOrThrow(db.prisma, "bouncerbench/input"),
        [rows[0].submissionId, "nope"],
        null,
      ),
    ).rejects.toThrow(/not a submission id/);
  });
  it("refuses a submission with no score on the release, by name (scores are what is compared)", async () => {
    const rows = await ids();
    const claude = rows.find((r) => r.model === "claude-3.7-sonnet")!.submissionId;
    // the score is deleted inside a transaction that is rolled back: the other tests keep it
    const refused = await db.prisma
      .$transaction(async (tx) => {
        await tx.score.deleteMany({ where: { submissionId: claude } });
        const err = await compareSubmissions(
          tx as unknown as typeof db.prisma,
          await getTaskOrThrow(tx as unknown as typeof db.prisma, "bouncerbench/input"),
          [rows[0].submissionId, claude],
          null,
        ).catch((e: unknown) => e);
        throw Object.assign(new Error("rollback"), { cause: err });
      })
      .catch((e: Error) => e.cause as Error);
    expect(refused.message).toMatch(/claude-3\.7-sonnet has no score on release .+: compare submissions scored on it/);
    expect(await db.prisma.score.count({ where: { submissionId: claude } })).toBeGreaterThan(0);
  });
});

describe("instances, releases and charts", () => {
  it("the explorer sorts by difficulty and by disagreement", async () => {
    const hard = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      sort: "difficulty",
      pageSize: 10,
    });
    expect(hard.total).toBe(1699);
    expect(hard.rows[0].difficulty).toBe(1);
    const dis = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      sort: "disagreement",
    });
    expect(dis.rows[0].disagreement).toBeGreaterThan(0);
    const one = await getTaskInstance(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      hard.rows[0].instanceId,
    );
    expect(one.truth).toMatchObject({ bounce: expect.any(Boolean), label: expect.any(Number) });
    expect(one.predictions.length).toBeGreaterThanOrEqual(2);
  });
  it("per-instance aggregates equal what the predictions say, and follow visibility (no prediction read per request)", async () => {
    const task = await getTaskOrThrow(db.prisma, "bouncerbench/input");
    const release = await getReleaseOrThrow(db.prisma, task.id);
    const instances = await getReleaseInstances(db.prisma, release.id, true);
    // the slow way: every counted submission's predictions through the kind's outcome
    const expected = async () => {
      const subs = await db.prisma.submission.findMany({
        where: { taskId: task.id, visibility: "public", status: "scored", baseline: null, hiddenAt: null },
        select: { id: true },
      });
      const right = new Array(instances.length).fill(0);
      const covered = new Array(instances.length).fill(0);
      for (const s of subs) {
        const preds = new Map(
          (await db.prisma.prediction.findMany({ where: { submissionId: s.id } })).map((p) => [
            p.externalId,
            p.data as Record<string, unknown>,
          ]),
        );
        instances.forEach((inst, i) => {
          const p = preds.get(inst.externalId);
          if (!p) return;
          covered[i]++;
          if (task.kind.outcome(inst, p, task.options).correct) right[i]++;
        });
      }
      return { right, covered, n: subs.length };
    };
    const all = async () => {
      const rows = [];
      for (let page = 1; ; page++) {
        const x = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
          page,
          pageSize: 200,
        });
        rows.push(...x.rows);
        if (page >= x.pages) return { rows, x };
      }
    };
    const before = await expected();
    expect(before.n).toBeGreaterThanOrEqual(2);
    const { rows, x } = await all();
    expect(x.systems.counted).toBe(before.n);
    expect(rows.map((r) => r.right)).toEqual(before.right);
    expect(rows.map((r) => r.covered)).toEqual(before.covered);
    // a submission made private leaves the counts at once (its board_version moved)
    const top = x.top[0].submissionId;
    await db.prisma.submission.update({ where: { id: top }, data: { visibility: "private" } });
    try {
      const after = await expected();
      const again = await all();
      expect(again.x.systems.counted).toBe(before.n - 1);
      expect(again.rows.map((r) => r.right)).toEqual(after.right);
      expect(again.x.top.map((t) => t.submissionId)).not.toContain(top);
    } finally {
      await db.prisma.submission.update({ where: { id: top }, data: { visibility: "public" } });
    }
  });

  it("scores from before outcomes were stored get them from the fill-outcomes job, the same bits", async () => {
    const before = await db.prisma.score.findMany({ select: { id: true, outcomes: true }, orderBy: { id: "asc" } });
    expect(before.every((s) => s.outcomes && s.outcomes.length > 0)).toBe(true);
    await db.prisma.score.updateMany({ data: { outcomes: null } });
    expect(await queueFillOutcomes(db.prisma)).toBe(true);
    while ((await fillOutcomes(db.prisma, 3)) > 0);
    expect(await queueFillOutcomes(db.prisma)).toBe(false);
    const after = await db.prisma.score.findMany({ select: { id: true, outcomes: true }, orderBy: { id: "asc" } });
    expect(after.map((s) => Buffer.from(s.outcomes!).toString("hex"))).toEqual(
      before.map((s) => Buffer.from(s.outcomes!).toString("hex")),
    );
  });

  it("the explorer filters by truth label, length and share, sorts by share, and pages", async () => {
    const x = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    expect(x.facets.label.map((f) => f.value).sort()).toEqual([
      "IMPOSSIBLE_TO_SOLVE",
      "REASONABLY_SPECIFIED",
      "VAGUE",
      "WELL_SPECIFIED",
    ]);
    // the 638 instances with an issue text, by length bucket (as the release overview counts them)
    expect(Object.fromEntries(x.facets.length.map((f) => [f.value, f.n]))).toEqual({
      "≤100 words": 225,
      "101–200": 211,
      "201–500": 176,
      ">500": 26,
    });
    expect(x.facets.repo.length).toBeGreaterThan(5);
    const vague = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      label: "VAGUE",
      pageSize: 200,
    });
    expect(vague.total).toBe(x.facets.label.find((f) => f.value === "VAGUE")!.n);
    expect(vague.rows.every((r) => r.label === "VAGUE")).toBe(true);
    const none = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      max: 0,
      pageSize: 200,
    });
    expect(none.rows.every((r) => r.right === 0 && r.covered > 0)).toBe(true);
    const easy = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      sort: "share",
      dir: "desc",
      pageSize: 200,
    });
    const shares = easy.rows.map((r) => r.share!);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    const repo = x.facets.repo[0].value;
    const byRepo = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      repo,
      page: 2,
      pageSize: 10,
    });
    expect(byRepo.total).toBe(x.facets.repo[0].n);
    expect(byRepo.page).toBe(2);
    expect(byRepo.rows.every((r) => r.repo === repo)).toBe(true);
    expect(byRepo.rows[0].top).toHaveLength(byRepo.top.length);
  });

  it("an instance's page: the share right, the top systems, predictions filtered by outcome and paged", async () => {
    const hard = await listTaskInstances(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      sort: "share",
      dir: "asc",
      min: 1,
      max: 99,
    });
    const id = hard.rows[0].instanceId;
    const inst = await getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), id);
    expect(inst.summary!.covered).toBe(hard.rows[0].covered);
    expect(inst.summary!.right).toBe(hard.rows[0].right);
    expect(inst.facets.label).toMatch(/SPECIFIED|VAGUE|IMPOSSIBLE/);
    const wrong = await getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), id, {
      q: { outcome: "wrong" },
    });
    expect(wrong.total).toBe(inst.summary!.covered - inst.summary!.right);
    expect(wrong.predictions.every((p) => p.outcome && !p.outcome.correct)).toBe(true);
    const right = await getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), id, {
      q: {
        outcome: "right",
        pageSize: 1,
        page: 1,
      },
    });
    expect(right.predictions).toHaveLength(1);
    expect(right.predictions[0].outcome!.correct).toBe(true);
    expect(right.pages).toBe(inst.summary!.right);
  });

  it("the trace viewer shows a real BouncerBench explanation in steps, searched and paged by the URL; the API downloads it as a file", async () => {
    const rows = await ids();
    const claude = rows.find((r) => r.model === "claude-3.7-sonnet")!.submissionId;
    const file = JSON.parse(
      readFileSync(
        path.resolve(__dirname, "../../prisma/seed-data/bouncerbench/input_bouncer_claude-3.7-sonnet.json"),
        "utf8",
      ),
    ) as Record<string, { label: string; explanation: string }>;
    const [instanceId, pred] = Object.entries(file).find(([, p]) => p.explanation.split("\n\n").length >= 5)!;
    const v = await predictionTraceView(db.prisma, claude, instanceId, null, {});
    expect(v.field).toBe("trace");
    expect(v.format).toBe("text");
    expect(v.steps.map((s) => s.body.trim())).toEqual(
      pred.explanation
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    );
    // the other fields of the stored prediction (the label, the bounce it means) are listed beside it
    expect(v.fields.map((f) => f.key)).toContain("label");
    // a word of the third paragraph finds that step, and its permalink names its page and anchor
    const word = v.steps[2].body.split(/\W+/).find((w) => w.length > 6)!;
    const found = await predictionTraceView(db.prisma, claude, instanceId, null, { q: word.toUpperCase() });
    expect(found.matches).toContain(3);
    expect(found.stepHref(3)).toBe(
      `/submissions/${claude}/predictions/${encodeURIComponent(instanceId)}?q=${encodeURIComponent(word.toUpperCase())}#step-3`,
    );
    // the whole prediction as a file
    const res = await prediction(
      getRequest(`/api/v1/submissions/${claude}/predictions/${encodeURIComponent(instanceId)}?download=1`),
      ctx({ id: claude, instance: instanceId }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="claude-3.7-sonnet__${instanceId}.json"`);
    expect((await res.json()).prediction.trace).toBe(pred.explanation);
    // an instance the submission has no prediction for, and a submission nobody may see, are 404s
    await expect(predictionTraceView(db.prisma, claude, "no-such-instance", null, {})).rejects.toThrow(
      /prediction for instance no-such-instance/,
    );
    const hidden = await db.prisma.submission.update({ where: { id: claude }, data: { visibility: "private" } });
    try {
      await expect(predictionTraceView(db.prisma, hidden.id, instanceId, null, {})).rejects.toThrow(/submission/);
    } finally {
      await db.prisma.submission.update({ where: { id: claude }, data: { visibility: "public" } });
    }
  });

  it("a team's submissions come a page at a time, newest first, with their total", async () => {
    const slug = (await db.prisma.team.findFirstOrThrow({ where: { name: "BouncerBench authors" } })).slug;
    const all = await teamView(db.prisma, slug, null);
    expect(all.submissionTotal).toBeGreaterThanOrEqual(2);
    expect(all.submissions).toHaveLength(all.submissionTotal);
    const second = await teamView(db.prisma, slug, null, { page: 2, pageSize: 1 });
    expect(second.submissions.map((x) => x.id)).toEqual([all.submissions[1].id]);
    expect(second).toMatchObject({ page: 2, pageSize: 1, submissionTotal: all.submissionTotal });
  });

  it("the catalog's leader of each task is its board's first ranked row", async () => {
    const benches = await listBenchmarks(db.prisma);
    const input = benches.flatMap((b) => b.tasks).find((t) => t.slug === "bouncerbench/input")!;
    const first = (await (await lb("?baselines=0")).json()).rows[0];
    expect(input.leader).toMatchObject({ model: first.model, submissionId: first.submissionId });
    expect(input.leader!.primary).toBe(first.metrics[input.primaryMetric]);
  });

  it("the release overview gives the paper's Table I shares", async () => {
    const o = await releaseOverview(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"));
    expect(o.instances).toBe(1699);
    const bounce = o.distributions
      .find((d) => d.title.startsWith("Should bounce"))!
      .rows.find((r) => r.value.startsWith("bounce"))!;
    expect(bounce.n).toBe(650);
    // the 638 issue texts of SWE-bench (shared/data/swebench/README.md gives these counts)
    expect(o.lengths.words?.map((b) => b.n)).toEqual([225, 211, 176, 26]);
    // computed once per release (immutable out of draft), but never past a change of what may be shown
    expect(await releaseOverview(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"))).toEqual(o);
    const rel = await db.prisma.release.findFirstOrThrow({
      where: { task: { fullSlug: "bouncerbench/input" }, status: "published" },
    });
    await db.prisma.release.update({ where: { id: rel.id }, data: { hidden: true } });
    try {
      const hidden = await releaseOverview(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"));
      expect(hidden.release.hidden).toBe(true);
      expect(JSON.stringify(hidden.distributions)).not.toContain("Should bounce");
    } finally {
      await db.prisma.release.update({ where: { id: rel.id }, data: { hidden: false } });
    }
  });
  it("chart data: the real input release buckets the 638 instances with an issue text; the synthetic Lite one has buckets and Table IV", async () => {
    const input = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    if (!input.lengths) throw new Error("expected input lengths");
    const gpt = input.lengths.find((s) => s.name === "gpt-4.1")!;
    expect(gpt.covered).toBe(638);
    expect(gpt.buckets.map((b) => b.n)).toEqual([225, 211, 176, 26]);
    expect(input.instances).toBe(1699);
    const old = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {
      release: "1.0",
    });
    expect(old.lengths).toBeNull();
    const lite = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/lite"), {});
    const tableIV = (lite.kindCharts as TaskChartsOf<typeof bouncerPipeline>).tableIV;
    expect(lite.lengthSide).toBe("input");
    expect(lite.lengths![0].buckets.map((b) => b.bucket)).toEqual(["≤100 words", "101–200", "201–500", ">500"]);
    expect(lite.lengths![0].buckets.reduce((s, b) => s + b.n, 0)).toBe(642);
    expect(tableIV.length).toBeGreaterThan(1);
    expect(tableIV.every((r) => r.before === tableIV[0].before)).toBe(true);
  });
  it("the threshold explorer's server aggregates match the stored score at τ = 0.5, p75", async () => {
    const row = await db.prisma.score.findFirstOrThrow({
      where: { submission: { baseline: null, task: { fullSlug: "abstain-validate/repair" } } },
    });
    const res = await policy(
      getRequest(`/api/v1/submissions/${row.submissionId}/policy?tau=0.5&percentile=75`),
      ctx({ id: row.submissionId }),
    );
    const j = await res.json();
    expect(j.funnel[2].success_at_1).toBeCloseTo((row.metrics as Record<string, number>).combined_p75_success_at_1, 12);
    expect(
      (await policy(getRequest(`/api/v1/submissions/${row.submissionId}/policy?tau=2`), ctx({ id: row.submissionId })))
        .status,
    ).toBe(422);
  });
});

describe("GET /api/v1/submissions/{id}/length-buckets (the public contract)", () => {
  const get = async (id: string, q = "") => {
    const res = await lengthBuckets(getRequest(`/api/v1/submissions/${id}/length-buckets${q}`), ctx({ id }));
    return { status: res.status, body: await res.json() };
  };
  it("gives { side, covered, total, buckets } over the instances that have an issue text", async () => {
    const gpt = await db.prisma.submission.findFirstOrThrow({ where: { model: "gpt-4.1" } });
    const r = await get(gpt.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ side: "input", covered: 638, total: 1699 });
    expect(
      r.body.buckets.map((b: { label: string; min: number; max: number | null; n: number }) => [
        b.label,
        b.min,
        b.max,
        b.n,
      ]),
    ).toEqual([
      ["≤100 words", 0, 100, 225],
      ["101–200", 101, 200, 211],
      ["201–500", 201, 500, 176],
      [">500", 501, null, 26],
    ]);
    for (const b of r.body.buckets) {
      expect(Number.isInteger(b.n)).toBe(true);
      for (const k of ["should_bounce", "tpr", "fpr"]) expect(b[k] === null || (b[k] >= 0 && b[k] <= 1)).toBe(true);
    }
    // the same numbers the chart draws
    const chart = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    if (!chart.lengths) throw new Error("no lengths");
    expect(chart.lengths.find((s) => s.name === "gpt-4.1")!.buckets.map((b) => b.tpr)).toEqual(
      r.body.buckets.map((b: { tpr: number }) => b.tpr),
    );
  });
  it("instance pages carry the real ticket", async () => {
    const one = await getTaskInstance(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      "astropy__astropy-12907",
    );
    expect(String(one.metadata.problem_statement)).toMatch(
      /^Modeling's `separability_matrix` does not compute separability correctly/,
    );
    expect(one.metadata.words).toBeGreaterThan(50);
  });
  it("404 with a reason when the release has no lengths, or the task none", async () => {
    const gpt = await db.prisma.submission.findFirstOrThrow({ where: { model: "gpt-4.1" } });
    const old = await get(gpt.id, "?release=1.0");
    expect(old.status).toBe(404);
    expect(old.body.error.message).toMatch(/release 1\.0 carries no issue texts/);
    const cr = await db.prisma.submission.findFirstOrThrow({
      where: { task: { fullSlug: "cr-bench/review" }, baseline: null },
    });
    const none = await get(cr.id);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/cr-bench\/review has none/);
  });
});
