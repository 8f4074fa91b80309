// One unit, one word (issue 49, item 3), on a real PostgreSQL with the seed, rendered by the
// pages' own components: a percent metric's interval in percent on the submission page and the
// board (never fractions beside a percent), the top group in the singular when it is one system,
// a withdrawn submission called withdrawn with no visibility switch, and the home page naming
// the group that could be #1 rather than one leader.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TopLine } from "@/components/home/top-line";
import { PivotTable } from "@/components/pivot/pivot-table";
import { MetricCards } from "@/components/submission/score-summary";
import { SubmissionHeader } from "@/components/submission/submission-header";
import { TeamSubmissions } from "@/components/teams/team-sections";
import { actorFromToken } from "@/lib/server/auth";
import { getBoard, getLeaderboard, getPivot, listBenchmarks } from "@/lib/server/leaderboard";
import { submissionPageView } from "@/lib/server/submissions";
import { teamPageView } from "@/lib/server/teams";
import { gptVariant as variant, signedUpMember, uploadInput as upload } from "../helpers/bouncer";
import { renderBoardTable } from "../helpers/render";
import { apiCall } from "../helpers/requests";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { getTaskOrThrow } from "@/lib/server/tasks";

// the team page's visibility switch is a client island that asks for Next's router: a stand-in
// here, where no router is mounted (the markup is what the server sends)
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => undefined, push: () => undefined }),
}));

let db: TestDatabase;

beforeAll(async () => {
  db = await seededTestDatabase();
  await db.runJobs(); // the rank intervals
}, 300_000);
afterAll(async () => db?.drop());

const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("a percent metric's interval in percent", () => {
  it("the submission page: CR-Bench's F1 (per PR) with its 95% CI in percent", async () => {
    const sub = await db.prisma.submission.findFirstOrThrow({
      where: { task: { fullSlug: "cr-bench/review" }, baseline: null, status: "scored" },
    });
    const v = await submissionPageView(db.prisma, sub.id, null, {});
    const html = renderToStaticMarkup(createElement(MetricCards, { v }));
    const ci = /data-testid="primary-ci">([^<]*)</.exec(html)?.[1];
    expect(ci).toMatch(/^95% CI \d{1,3}\.\d–\d{1,3}\.\d%$/);
    expect(text(html)).not.toMatch(/95% CI 0\.\d{3}/);
  });

  it("the board: ± in percent beside a percent, its title's interval in percent; a score's in its decimals", async () => {
    const cr = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "cr-bench/review"), {});
    const crHtml = renderBoardTable(cr, { shown: new Set(["team"]) });
    expect(crHtml).toMatch(/title="95% bootstrap interval \d{1,3}\.\d–\d{1,3}\.\d%">±\d+\.\d%</);
    expect(crHtml).not.toMatch(/95% bootstrap interval 0\.\d{3}/);
    const input = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    const inHtml = renderBoardTable(input, { shown: new Set(["team"]) });
    expect(inHtml).toMatch(/title="95% bootstrap interval 0\.\d{3}–0\.\d{3}">±0\.\d{3}</);
  });
});

describe("the pivot in the metric's unit", () => {
  it("CI-Bench's SYE rate: cells and their intervals in percent", async () => {
    const p = await getPivot(db.prisma, await getTaskOrThrow(db.prisma, "ci-bench/repair"), {
      rows: "agent",
      cols: "base_model",
    });
    const html = renderToStaticMarkup(createElement(PivotTable, { p }));
    const cells = [...html.matchAll(/data-testid="pivot-cell"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) expect(c).toMatch(/^\d{1,3}\.\d%$/);
    expect(html).toMatch(/95% CI \d{1,3}\.\d–\d{1,3}\.\d%/);
    expect(html).not.toMatch(/95% CI 0\.\d{3}/);
  });
});

describe("one system, one word", () => {
  it("a top group of one: 'The system above could be #1', never 'could each'", async () => {
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), {});
    // o4-mini (F_m 0.592) is ahead of every other system beyond chance (reader.test.ts); the
    // Random baseline (0.516) sits between it and gpt-4.1: the edge still follows the group
    expect(lb.counts.topGroup).toBe(1);
    const html = renderBoardTable(lb, { shown: new Set(["team"]), topGroupSize: lb.counts.topGroup });
    expect(text(html)).toContain("The system above could be #1: no other system beats it beyond chance.");
    expect(html).not.toContain("could each");
  });

  it("the home page names the top group when several could be #1, and the leader when one does", async () => {
    const tasks = (await listBenchmarks(db.prisma)).flatMap((b) => b.tasks);
    const input = tasks.find((t) => t.slug === "bouncerbench/input")!;
    const release = await db.prisma.release.findFirstOrThrow({
      where: { status: "published", task: { fullSlug: "bouncerbench/input" } },
    });
    const board = await getBoard(db.prisma, release);
    const ranked = board.best.filter((r) => r.rank !== null);
    expect(input.topGroup).toEqual({ size: ranked.filter((r) => r.topGroup).length, of: ranked.length });
    const one = text(renderToStaticMarkup(createElement(TopLine, { task: input })));
    expect(one).toMatch(/^ ?Leader: o4-mini \(F_m 0\.592\) ?$/);
    // a board where three of five could be #1
    const group = text(
      renderToStaticMarkup(createElement(TopLine, { task: { ...input, topGroup: { size: 3, of: 5 } } })),
    );
    expect(group).toContain("Top group: 3 of 5 systems could be #1 (highest F_m 0.592: o4-mini)");
    expect(group).not.toContain("Leader");
  });
});

describe("status words", () => {
  it("a withdrawn submission is 'withdrawn' on the team page, with no 'Make private'", async () => {
    const m = await signedUpMember(db, "one-word@example.org", "Word Lab");
    const kept = await upload(m.token, variant(11), { model: "kept" });
    const gone = await upload(m.token, variant(13), { model: "gone" });
    expect([kept.status, gone.status]).toEqual([201, 201]);
    expect(
      (await apiCall("PATCH", `/api/v1/submissions/${gone.body.id}`, { token: m.token, body: { withdrawn: true } }))
        .status,
    ).toBe(200);
    const t = await teamPageView(
      db.prisma,
      m.team.slug,
      await actorFromToken(m.token),
      { page: 1, pageSize: 50 },
      (r) => getBoard(db.prisma, r),
    );
    expect(t.submissions.find((s) => s.id === gone.body.id)?.status).toBe("withdrawn");
    expect(t.submissions.find((s) => s.id === kept.body.id)?.status).toBe("public");
    const html = renderToStaticMarkup(createElement(TeamSubmissions, { t }));
    const rowOf = (id: string) => html.split("<tr").find((r) => r.includes(`/submissions/${id}"`))!;
    expect(text(rowOf(gone.body.id))).toContain("withdrawn");
    expect(rowOf(gone.body.id)).not.toMatch(/Make (private|public)/);
    expect(text(rowOf(gone.body.id))).not.toContain("public");
    expect(rowOf(kept.body.id)).toContain("Make private");
    // its own page, to its owner: withdrawn, with no visibility switch; the kept one has one
    const actor = await actorFromToken(m.token);
    const page = async (id: string) =>
      renderToStaticMarkup(createElement(SubmissionHeader, { v: await submissionPageView(db.prisma, id, actor, {}) }));
    const goneHtml = await page(gone.body.id);
    expect(goneHtml).toContain('data-testid="withdrawn-note"');
    expect(goneHtml).not.toMatch(/Make (private|public)/);
    expect(await page(kept.body.id)).toContain("Make private");
  });
});
