// The team page (standings per task, each submission's score and board rank, paging) and the
// trace page's verdict (right or wrong on a public release, nothing of it on a hidden one): the
// view models the pages load, rendered by the pages' components, against a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { TeamSubmissions } from "@/components/teams/team-sections";
import { TeamStandings } from "@/components/teams/team-standings";
import { TraceViewer } from "@/components/traces/trace-viewer";
import { actorFromToken } from "@/lib/server/auth";
import { getReleaseInstances } from "@/lib/server/cache";
import { cacheableRoute } from "@/lib/server/http";
import { getBoard } from "@/lib/server/leaderboard";
import { outcomeAt } from "@/lib/server/scoring";
import { getSubmissionOrThrow, listSubmissionInstances, predictionTraceView } from "@/lib/server/submissions";
import { teamPageView, type BoardOf } from "@/lib/server/teams";
import { HIDDEN_PUBLISHED, importInputRelease } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { ctx, multipartRequest } from "../helpers/requests";

const P = { benchmark: "bouncerbench", task: "input" };
const seedFile = (name: string) => fs.readFileSync(path.resolve(`prisma/seed-data/bouncerbench/${name}`), "utf8");
const gpt = seedFile("input_bouncer_gpt-4.1.json");
const claude = seedFile("input_bouncer_claude-3.7-sonnet.json");
const inputIds = Object.keys(JSON.parse(gpt));

let db: TestDatabase;
let token: string;
let admin: string;
const SLUG = "rank-lab";
const subs: Record<string, string> = {};
const boardOf: BoardOf = (release) => getBoard(db.prisma, release);

async function upload(text: string, fields: Record<string, string>) {
  const res = await submit(
    multipartRequest("/api/v1/tasks/bouncerbench/input/submissions", fields, { name: "p.json", text }, token),
    ctx(P),
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id as string;
}

beforeAll(async () => {
  db = await seededTestDatabase();
  token = await teamToken(db, SLUG);
  admin = await teamToken(db, "mods", { isAdmin: true });
  // this team uploads the paper's two files again: the paper's own runs leave the board first, or
  // these would be copies of another team's public submissions, held for review and never ranked
  await db.query(
    `UPDATE submissions SET visibility = 'private' WHERE model IN ('gpt-4.1', 'claude-3.7-sonnet') AND baseline IS NULL`,
  );
  // oldest first: the page lists the newest first
  subs.alphaWorse = await upload(claude, { model: "alpha" }); // the same system, a lower F_m: not its best
  subs.alpha = await upload(gpt, { model: "alpha" }); // the system's best, ranked
  subs.private = await upload(`${gpt}\n`, { model: "beta", visibility: "private" });
  const partial = Object.fromEntries(Object.entries(JSON.parse(gpt)).slice(0, 100));
  subs.partial = await upload(JSON.stringify(partial), { model: "gamma" });
  await db.runJobs();
}, 120_000);
afterAll(async () => db?.drop());

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);
const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the team page", () => {
  it("shows each submission's score and its rank on the board, and why the others have none", async () => {
    const t = await teamPageView(db.prisma, SLUG, null, { page: 1, pageSize: 50 }, boardOf);
    // visitors see the public ones only
    expect(t.submissions.map((s) => s.id).sort()).toEqual([subs.alpha, subs.alphaWorse, subs.partial].sort());
    const release = (await db.prisma.release.findFirstOrThrow({
      where: { status: "published", task: { fullSlug: "bouncerbench/input" } },
    }))!;
    const board = await getBoard(db.prisma, release);
    const row = board.best.find((r) => r.submissionId === subs.alpha)!;
    const of = board.best.filter((r) => r.rank !== null).length;
    expect(row.rank).toBeGreaterThan(0);
    const alpha = t.submissions.find((s) => s.id === subs.alpha)!.standing!;
    expect(alpha.rank).toEqual({ rank: row.rank, of });
    expect(alpha.value).toBeCloseTo(0.5, 3); // gpt-4.1's F_m
    expect(alpha.metric).toMatchObject({ key: "F_m", label: "F_m", format: "score3" });
    expect(t.submissions.find((s) => s.id === subs.alphaWorse)!.standing).toMatchObject({
      rank: null,
      unranked: "not its system's best",
    });
    expect(t.submissions.find((s) => s.id === subs.partial)!.standing).toMatchObject({
      rank: null,
      unranked: "partial",
    });

    const page = text(html(createElement(TeamSubmissions, { t })));
    expect(page).toContain(`#${row.rank} of ${of}`);
    expect(page).toContain("F_m 0.500");
    expect(page).toContain("not ranked: not its system's best");
    expect(page).toContain("not ranked: partial");

    // the standing on the task: the team's best ranked system, linked to the board filtered to the team
    expect(t.standings).toHaveLength(1);
    expect(t.standings[0]).toMatchObject({
      task: "bouncerbench/input",
      best: { submissionId: subs.alpha, model: "alpha", rank: row.rank },
      of,
      systems: 2, // alpha and gamma (partial)
      href: `/tasks/bouncerbench/input?team=${SLUG}`,
    });
    const standings = html(createElement(TeamStandings, { t }));
    expect(standings).toContain(`href="/tasks/bouncerbench/input?team=${SLUG}"`);
    expect(text(standings)).toContain(`#${row.rank} of ${of}`);
    expect(text(standings)).toContain("F_m 0.500");
  });

  it("its members also see the private one, with its score and why it is not ranked", async () => {
    const t = await teamPageView(db.prisma, SLUG, await actorFromToken(token), { page: 1, pageSize: 50 }, boardOf);
    const priv = t.submissions.find((s) => s.id === subs.private)!.standing!;
    expect(priv).toMatchObject({ rank: null, unranked: "private" });
    expect(priv.value).toBeCloseTo(0.5, 3);
  });

  it("pages the list (?page=, a permalink the response cache keys on)", async () => {
    const one = await teamPageView(db.prisma, SLUG, null, { page: 1, pageSize: 2 }, boardOf);
    const two = await teamPageView(db.prisma, SLUG, null, { page: 2, pageSize: 2 }, boardOf);
    expect(one.submissionTotal).toBe(3);
    expect(one.submissions.map((s) => s.id)).toEqual([subs.partial, subs.alpha]);
    expect(two.submissions.map((s) => s.id)).toEqual([subs.alphaWorse]);
    expect(two.submissions[0].standing?.unranked).toBe("not its system's best");
    const first = html(createElement(TeamSubmissions, { t: one }));
    expect(first).toContain(`href="/teams/${SLUG}?page=2"`);
    expect(text(first)).toContain("rows 1–2 of 3");
    expect(text(html(createElement(TeamSubmissions, { t: two })))).toContain("rows 3–3 of 3");
    const route = cacheableRoute({
      method: "GET",
      url: `http://localhost/teams/${SLUG}?utm_source=x&page=2`,
      headers: new Headers(),
    });
    expect(route?.key).toBe(`/teams/${SLUG}?page=2`);
  });
});

describe("the trace page's verdict", () => {
  it("on a public release: the prediction, the truth and right or wrong, as the stored outcome bits say", async () => {
    const sub = await getSubmissionOrThrow(db.prisma, subs.alpha, null);
    const score = await db.prisma.score.findFirstOrThrow({
      where: { submissionId: subs.alpha, release: { status: "published" } },
      include: { release: true },
    });
    const instances = await getReleaseInstances(db.prisma, score.releaseId, true);
    for (const [outcome, correct] of [
      ["correct", true],
      ["wrong", false],
    ] as const) {
      const rows = await listSubmissionInstances(db.prisma, sub, { page: 1, pageSize: 1, outcome });
      const instanceId = rows.rows[0].instanceId;
      const v = await predictionTraceView(db.prisma, subs.alpha, instanceId, null, {});
      expect(v.outcome).toMatchObject({
        state: "scored",
        release: score.release.version,
        correct,
        predicted: rows.rows[0].outcome!.predicted,
        expected: rows.rows[0].outcome!.expected,
      });
      const position = instances.findIndex((i) => i.externalId === instanceId);
      expect(outcomeAt(score.outcomes ? new Uint8Array(score.outcomes) : null, instances.length, position)).toBe(
        correct,
      );
      const page = text(html(createElement(TraceViewer, { v })));
      expect(page).toContain(`Prediction: ${rows.rows[0].outcome!.predicted}`);
      expect(page).toContain(`Truth: ${rows.rows[0].outcome!.expected}`);
      expect(page).toContain(correct ? "✓ right" : "✗ wrong");
      expect(page).not.toContain(correct ? "✗ wrong" : "✓ right");
    }
  });

  it("on a hidden release: only that its outcomes are not shown (and the team page keeps private scores)", async () => {
    const hiddenIds = inputIds.slice(0, 40);
    await importInputRelease(admin, "9.0-hidden", HIDDEN_PUBLISHED, hiddenIds, (i) => i % 4);
    await db.runJobs();
    const v = await predictionTraceView(db.prisma, subs.alpha, hiddenIds[0], null, {});
    expect(v.outcome).toEqual({ release: "9.0-hidden", state: "hidden" });
    const page = text(html(createElement(TraceViewer, { v })));
    expect(page).toContain("Hidden test set: outcomes are not shown");
    for (const leak of ["Truth:", "✓ right", "✗ wrong", "Prediction: "]) expect(page).not.toContain(leak);

    // the team page on the hidden release: what its board shows, never a private submission's exact score
    const t = await teamPageView(db.prisma, SLUG, await actorFromToken(token), { page: 1, pageSize: 50 }, boardOf);
    const priv = t.submissions.find((s) => s.id === subs.private)!.standing!;
    expect(priv.release).toMatchObject({ version: "9.0-hidden", hidden: true, current: true });
    expect(priv.value).toBeNull();
    expect(text(html(createElement(TeamSubmissions, { t })))).toContain("hidden");
  });
});
