// The reader's services through their real routes and pages' data: leaderboard views and export,
// comparison, instance explorer, release overview, chart data — against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as policy } from "@/app/api/v1/submissions/[id]/policy/route";
import { compareSubmissions } from "@/lib/server/compare";
import { listTaskInstances, getTaskInstance } from "@/lib/server/instances";
import { releaseOverview } from "@/lib/server/release-overview";
import { taskChartData } from "@/lib/server/charts";
import { seed } from "@/lib/server/seed";
import { createApiToken, ensureTeam } from "@/lib/server/tokens";
import { createTestDatabase } from "../helpers/db";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let token: string;
const P = { benchmark: "bouncerbench", task: "input" };

beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, () => undefined);
  const t = await ensureTeam(db.prisma, "=cmd|' /C calc'!A0");
  token = (await createApiToken(db.prisma, { teamId: t.id })).token;
});
afterAll(async () => db?.drop());

async function lb(q = "") {
  const res = await leaderboard(getRequest(`/api/v1/tasks/bouncerbench/input/leaderboard${q}`), ctx(P));
  return res;
}
const ids = async () => ((await (await lb()).json()).rows as { model: string; submissionId: string; baseline: string | null }[]);

describe("leaderboard views", () => {
  it("filters baselines, searches, sorts, and keeps ranks of the whole release", async () => {
    const all = await (await lb()).json();
    expect(all.rows.length).toBe(5);
    const nob = await (await lb("?baselines=0")).json();
    expect(nob.rows.map((r: { model: string }) => r.model)).toEqual(["gpt-4.1", "claude-3.7-sonnet"]);
    const q = await (await lb("?q=claude")).json();
    expect(q.rows).toHaveLength(1);
    expect(q.rows[0]).toMatchObject({ model: "claude-3.7-sonnet", rank: 2 });
    const asc = await (await lb("?baselines=0&sort=FNR_a&dir=asc")).json();
    expect(asc.rows.map((r: { model: string }) => r.model)).toEqual(["claude-3.7-sonnet", "gpt-4.1"]);
    const future = await (await lb("?from=2999-01-01")).json();
    expect(future.rows).toHaveLength(0);
    const bad = await lb("?from=yesterday");
    expect(bad.status).toBe(422);
  });

  it("gpt-4.1 is significantly ahead of claude (paired bootstrap), so no ≈ on rank 2", async () => {
    const rows = (await (await lb("?baselines=0")).json()).rows;
    expect(rows[1].tiedWithAbove).toBe(false);
  });

  it("exports exactly the shown rows as CSV, safe against formula injection", async () => {
    const preds = await (await import("node:fs")).promises.readFile("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json", "utf8");
    const r = await submit(multipartRequest("/api/v1/tasks/bouncerbench/input/submissions", { model: "=HYPERLINK(\"http://evil\")", system: "+sum(1)" }, { name: "p.json", text: preds }, token), ctx(P));
    expect(r.status).toBe(201);
    const res = await lb("?format=csv&baselines=0");
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/bouncerbench-input-1\.0\.csv/);
    const csv = await res.text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0].split(",").slice(0, 8)).toEqual(["rank", "model", "team", "system", "baseline", "synthetic", "partial", "F_m"]);
    expect(lines).toHaveLength(1 + 3);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`"'+sum(1)"`);
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    // the gpt-4.1 row: rank 1 and its unrounded F_m
    expect(lines.find((l) => l.includes(",gpt-4.1,"))).toMatch(/^1,gpt-4\.1,BouncerBench authors,BouncerBench prompt,,false,false,0\.50021/);
  });
});

describe("comparison", () => {
  it("reports deltas, a significant paired bootstrap, McNemar and the disagreements", async () => {
    const rows = await ids();
    const gpt = rows.find((r) => r.model === "gpt-4.1")!.submissionId;
    const claude = rows.find((r) => r.model === "claude-3.7-sonnet")!.submissionId;
    const c = await compareSubmissions(db.prisma, "bouncerbench/input", [gpt, claude], null);
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
    await expect(compareSubmissions(db.prisma, "bouncerbench/input", [rows[0].submissionId], null)).rejects.toThrow(/2 to 4/);
    await expect(compareSubmissions(db.prisma, "bouncerbench/input", [rows[0].submissionId, "nope"], null)).rejects.toThrow(/not a submission id/);
  });
});

describe("instances, releases and charts", () => {
  it("the explorer sorts by difficulty and by disagreement", async () => {
    const hard = await listTaskInstances(db.prisma, "bouncerbench/input", { sort: "difficulty", pageSize: 10 });
    expect(hard.total).toBe(1699);
    expect(hard.rows[0].difficulty).toBe(1);
    const dis = await listTaskInstances(db.prisma, "bouncerbench/input", { sort: "disagreement" });
    expect(dis.rows[0].disagreement).toBeGreaterThan(0);
    const one = await getTaskInstance(db.prisma, "bouncerbench/input", hard.rows[0].instanceId);
    expect(one.truth).toMatchObject({ bounce: expect.any(Boolean), label: expect.any(Number) });
    expect(one.predictions.length).toBeGreaterThanOrEqual(2);
  });
  it("the release overview gives the paper's Table I shares", async () => {
    const o = await releaseOverview(db.prisma, "bouncerbench/input");
    expect(o.instances).toBe(1699);
    const bounce = o.distributions.find((d) => d.title.startsWith("Should bounce"))!.rows.find((r) => r.value.startsWith("bounce"))!;
    expect(bounce.n).toBe(650);
    expect(o.lengths.words).toBeNull();
  });
  it("chart data: the real input release has no lengths; the synthetic Lite one has buckets and Table IV", async () => {
    const input = await taskChartData(db.prisma, "bouncerbench/input", {});
    expect("lengths" in input && input.lengths).toBeNull();
    const lite = await taskChartData(db.prisma, "bouncerbench/lite", {});
    if (!("tableIV" in lite)) throw new Error("expected lite chart data");
    expect(lite.lengths![0].buckets.map((b) => b.bucket)).toEqual(["≤100 words", "101–200", "201–500", ">500"]);
    expect(lite.lengths![0].buckets.reduce((s, b) => s + b.n, 0)).toBe(642);
    expect(lite.tableIV.every((r) => r.before === lite.tableIV[0].before)).toBe(true);
  });
  it("the threshold explorer's server aggregates match the stored score at τ = 0.5, p75", async () => {
    const row = (await db.prisma.score.findFirstOrThrow({ where: { submission: { baseline: null, task: { fullSlug: "abstain-validate/repair" } } } }));
    const res = await policy(getRequest(`/api/v1/submissions/${row.submissionId}/policy?tau=0.5&percentile=75`), ctx({ id: row.submissionId }));
    const j = await res.json();
    expect(j.funnel[2].success_at_1).toBeCloseTo((row.metrics as Record<string, number>).combined_p75_success_at_1, 12);
    expect((await policy(getRequest(`/api/v1/submissions/${row.submissionId}/policy?tau=2`), ctx({ id: row.submissionId }))).status).toBe(422);
  });
});
