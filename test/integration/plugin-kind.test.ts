// "Adding a benchmark = adding a folder" (docs/adding-a-benchmark.md), proved: a tiny kind that
// lives in a fixture folder (test/fixtures/kinds/exact-match) is registered — kind, UI and
// benchmark — and then imported, scored, listed and rendered through the product's own services,
// routes and components. No other file knows it.
import { chooseColumns } from "@/lib/leaderboard-columns";
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboardRoute } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { POST as submitRoute } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as instancesRoute } from "@/app/api/v1/submissions/[id]/instances/route";
import { ScoreDetails } from "@/components/submission/score-details";
import { kindUi, registerKindUi } from "@/components/tasks";
import { taskChartData, getLeaderboard, submissionChartData } from "@/lib/server/leaderboard";
import { importRelease, publishRelease } from "@/lib/server/releases";
import { configureScoringPlugins, getSubmissionOrThrow, currentScore, withDetails } from "@/lib/server/submissions";
import { getTaskOrThrow, syncCatalog } from "@/lib/server/tasks";
import { registerTaskKind, taskKindNames } from "@/lib/tasks";
import { registerBenchmark } from "@/lib/tasks/catalog";
import { StoredShapeError } from "@/lib/tasks/define";
import { exactMatch, exactMatchBenchmark } from "../fixtures/kinds/exact-match/kind";
import { exactMatchUi } from "../fixtures/kinds/exact-match/ui";
import { createTestDatabase } from "../helpers/db";
import { teamToken } from "../helpers/seeded";
import { renderBoardTable } from "../helpers/render";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

const DIR = path.resolve("test/fixtures/kinds/exact-match");
const P = { benchmark: "trivia-fixture", task: "qa" };
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let token: string;

beforeAll(async () => {
  // the whole registration: three calls, all from the fixture folder
  registerTaskKind(exactMatch);
  registerKindUi(exactMatchUi);
  registerBenchmark(exactMatchBenchmark);
  // uploads are scored in worker threads: they import the same registrations
  await configureScoringPlugins({ "exact-match": path.join(DIR, "register.ts") });
  db = await createTestDatabase();
  await syncCatalog(db.prisma);
  token = await teamToken(db, "Plugin team");
});
afterAll(async () => db?.drop());

/** Uploads a predictions file for the fixture's task through the real route. */
const submit = (model: string, text: string, name = "p.json") =>
  submitRoute(
    multipartRequest("/api/v1/tasks/trivia-fixture/qa/submissions", { model }, { name, text }, token),
    ctx(P),
  );

describe("a task kind from a fixture folder", () => {
  let submissionId: string;
  /** What the submission's page reads (its task, the submission, its current score) and its score details rendered. */
  const submissionPage = async () => {
    const task = await getTaskOrThrow(db.prisma, "trivia-fixture/qa");
    const sub = await getSubmissionOrThrow(db.prisma, submissionId, null);
    const score = await withDetails(db.prisma, currentScore(sub.scores)!);
    const details = renderToStaticMarkup(
      createElement(ScoreDetails, { task, details: score.details, metrics: score.metrics as never }),
    );
    return { task, sub, score, details };
  };
  it("is registered and stored like any other (tasks.kind is not an enum)", async () => {
    expect(taskKindNames()).toContain("exact_match");
    const task = await getTaskOrThrow(db.prisma, "trivia-fixture/qa");
    expect(task.kindName).toBe("exact_match");
  });
  it("imports a release with the kind's own validation (a bad row is named)", async () => {
    const bad = importRelease(db.prisma, {
      task: "trivia-fixture/qa",
      version: "0.1",
      text: '{"instance_id": "q1", "question": "?"}\n',
      fileName: "bad.jsonl",
    });
    await expect(bad).rejects.toThrow(/answer/);
    const r = await importRelease(db.prisma, {
      task: "trivia-fixture/qa",
      version: "1.0",
      text: fs.readFileSync(path.join(DIR, "release.jsonl"), "utf8"),
      fileName: "release.jsonl",
    });
    await publishRelease(db.prisma, r.release.id);
    await db.runJobs();
  });
  it("scores an upload through the real route", async () => {
    const res = await submit(
      "guesser",
      fs.readFileSync(path.join(DIR, "predictions.json"), "utf8"),
      "predictions.json",
    );
    const body = await res.json();
    expect(res.status).toBe(201);
    // q1 "paris", q2 "4", q4 " Water " are right; q3, q5 wrong
    expect(body.metrics.accuracy).toBeCloseTo(3 / 5, 12);
    submissionId = body.id;
    const bad = await submit("bad", '{"q1": {"answer": 1}}');
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toMatch(/q1.*answer/);
  });
  it("lists it on the leaderboard (API) with a bootstrap interval from its primaryStats", async () => {
    const res = await leaderboardRoute(getRequest("/api/v1/tasks/trivia-fixture/qa/leaderboard"), ctx(P));
    const lb = await res.json();
    const row = lb.rows.find((r: { model: string }) => r.model === "guesser");
    expect(row).toMatchObject({ rank: 1, metrics: { accuracy: 0.6 } });
    expect(row.ci.low).toBeLessThanOrEqual(0.6);
    expect(row.ci.high).toBeGreaterThanOrEqual(0.6);
  });
  it("gives per-instance outcomes from the kind", async () => {
    const res = await instancesRoute(
      getRequest(`/api/v1/submissions/${submissionId}/instances?outcome=wrong`),
      ctx({ id: submissionId }),
    );
    const j = await res.json();
    expect(j.rows.map((r: { instanceId: string }) => r.instanceId).sort()).toEqual(["q3", "q5"]);
  });
  it("renders its board, score details and charts through the UI registry", async () => {
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, "trivia-fixture/qa"), {});
    const board = renderBoardTable(lb, {
      sort: "accuracy",
      dir: "desc",
      shown: chooseColumns({ metrics: lb.columns, primary: lb.primaryMetric, showCost: false }).shown,
    });
    expect(board).toContain("guesser");
    expect(board).toContain('data-metric="accuracy"');
    expect(board).toContain("60.0%");

    const { task, sub, score, details } = await submissionPage();
    expect(details).toContain("3 of 5 answered exactly");
    expect(details).toContain('data-testid="exact-match-by-length"');

    const charts = await taskChartData(db.prisma, await getTaskOrThrow(db.prisma, "trivia-fixture/qa"), {});
    expect(charts.lengthSide).toBeNull();
    const TaskCharts = kindUi("exact_match").TaskCharts!;
    expect(renderToStaticMarkup(createElement(TaskCharts, { data: charts.kindCharts, base: charts }))).toContain(
      "guesser: 3/5",
    );

    const sc = await submissionChartData(db.prisma, task, sub, score);
    const SubCharts = kindUi("exact_match").SubmissionCharts!;
    expect(
      renderToStaticMarkup(
        createElement(SubCharts, { data: sc.kindCharts, base: { submission: sub, metrics: {}, total: 5 } }),
      ),
    ).toContain("4 answer lengths");
  });
  it("reads stored details through its schema: a renamed key fails loudly instead of drawing zeros", () => {
    expect(() => exactMatch.readDetails({ right: 3, n: 5, byLength: [] })).toThrow(StoredShapeError);
    expect(() => exactMatch.readDetails({ right: 3, n: 5, byLength: [] })).toThrow(
      /stored details does not match its schema at correct/,
    );
  });
  it("a score row stored in another shape leaves its part of the page out, says so, and fails nothing else", async () => {
    await db.prisma.score.updateMany({ where: { submissionId }, data: { details: { right: 3, n: 5, byLength: [] } } });
    const { task, sub, score, details: html } = await submissionPage();
    expect(html).toContain("Score details unavailable");
    expect((await submissionChartData(db.prisma, task, sub, score)).kindCharts).toBeNull();
  });
});
