// Audited at upload, held before ranked (issue 47), through the real upload route and a real
// PostgreSQL: a public copy of another team's public file — as is, with flips, with its keys
// reordered, with new traces — and a file that reproduces the release's truth are held in the
// upload's own transaction: the answer says so by model and team with a link, the team sees its
// scores, the board neither ranks nor lists it among its rows (nor in its rank intervals) but
// names it under them as held for review, and the public ledger records the hold and the
// decision. A team's file like its own earlier one is an attempt, never held. Admins clear or
// confirm; deleting the original makes a later audit clear its copies; a private copy made public
// is held then; two audits of one release never overlap, so of two teams' identical files
// uploaded at once, the one audited second is held.
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HeldForReview } from "@/components/leaderboard/held-for-review";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { submitPredictions } from "@/lib/server/submissions";
import { ensureTeam } from "@/lib/server/auth";
import { sqlOf } from "@/lib/server/db";
import { auditInTransaction } from "@/lib/server/integrity";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiCall, uploadFile, type Answer } from "../helpers/requests";
import { getTaskOrThrow } from "@/lib/server/tasks";

const TASK = "bouncerbench/input";
const seedFile = (f: string) => fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench", f), "utf8");
type Row = { label: string; explanation: string };
const claudeText = seedFile("input_bouncer_claude-3.7-sonnet.json");
const claude = JSON.parse(claudeText) as Record<string, Row>;
const ids = Object.keys(claude);
const bounces = (label: string) => label === "VAGUE" || label === "IMPOSSIBLE_TO_SOLVE";

/** claude-3.7-sonnet's file changed: flipped decisions, keys in another order, other traces. */
function disguised(o: { flip?: number; reverse?: boolean; traces?: boolean }): string {
  const order = o.reverse ? [...ids].reverse() : ids;
  return JSON.stringify(
    Object.fromEntries(
      order.map((id, i) => {
        const r = { ...claude[id] };
        if (ids.indexOf(id) < (o.flip ?? 0)) r.label = bounces(r.label) ? "WELL_SPECIFIED" : "VAGUE";
        if (o.traces) r.explanation = `My own reasoning about ${id}, written afresh (${i}).`;
        return [id, r];
      }),
    ),
  );
}

/** A file of its own: a seeded decision per instance. */
const own = (seed: number) =>
  JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: (i * 7919 + seed * 104729) % 5 < 2 }])));

let db: TestDatabase;
const tok: Record<string, string> = {};
let claudeId = "";

async function upload(team: string, text: string, fields: Record<string, string> = {}): Promise<Answer> {
  const a = await uploadFile(TASK, text, { model: `${team}-model`, ...fields }, tok[team]);
  expect(a.status, a.text.slice(0, 300)).toBe(201);
  await db.runJobs();
  return a;
}
const read = (id: string, team?: string) => apiCall("GET", `/api/v1/submissions/${id}`, { token: team && tok[team] });
const board = async (view: "best" | "all" = "best") =>
  getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, TASK), { view, partial: true });
async function ledger() {
  const a = await apiCall("GET", `/api/v1/tasks/${TASK}/changelog`);
  return a.body.events as { kind: string; summary: string; decidedBy?: string; submission?: { id: string } }[];
}
const eventsOf = async (id: string) => (await ledger()).filter((e) => e.submission?.id === id);

beforeAll(async () => {
  db = await seededTestDatabase({ runJobs: true });
  tok.admin = await teamToken(db, "admins", { isAdmin: true });
  for (const t of [
    "BouncerBench authors",
    "copier",
    "flipper",
    "shuffler",
    "rewriter",
    "oracle",
    "origin",
    "racer-a",
    "racer-b",
    "quiet-copier",
    "outsider",
  ])
    tok[t] = await teamToken(db, t);
  claudeId = (await db.prisma.submission.findFirstOrThrow({ where: { model: "claude-3.7-sonnet" } })).id;
});
afterAll(async () => db?.drop());

describe("held before ranked", () => {
  const held: Record<string, string> = {};

  it("another team's public copy is held at upload: the answer names the original by model and team, with a link", async () => {
    const ranked = (await board()).counts.ranked;
    const a = await upload("copier", claudeText, { model: "my-bouncer" });
    held.copy = a.body.id;
    expect(a.body.audit.status).toBe("held");
    expect(a.body.audit.held.reason).toMatch(/^held for review: the integrity audit found it nearly identical/);
    const dup = a.body.audit.reasons.find((r: { kind: string }) => r.kind === "near-duplicate");
    expect(dup.detail).toMatch(
      /^100\.0% identical predictions to claude-3\.7-sonnet by BouncerBench authors \(public since \d{4}-\d{2}-\d{2}\) on 1,699 shared instances/,
    );
    expect(dup).toMatchObject({ holds: true, submission: { id: claudeId, url: `/submissions/${claudeId}` } });
    // scored, and its team sees the scores
    expect(a.body.metrics.F_m).toBeGreaterThan(0);
    const mine = await read(held.copy, "copier");
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: "scored", visibility: "public", audit: { status: "held" } });
    expect(mine.body.metrics.F_m).toBe(a.body.metrics.F_m);
    // the public: not a row, not ranked, listed under the board as held for review
    for (const view of ["best", "all"] as const) {
      const lb = await board(view);
      expect(lb.rows.map((r) => r.submissionId)).not.toContain(held.copy);
      expect(lb.held).toEqual([
        expect.objectContaining({ submissionId: held.copy, model: "my-bouncer", team: "copier" }),
      ]);
    }
    expect((await board()).counts.ranked).toBe(ranked);
    // the board's JSON API says the same: not a row, listed as held with the hold's public words
    const api = await apiCall("GET", `/api/v1/tasks/${TASK}/leaderboard?partial=true`);
    expect(api.status).toBe(200);
    expect(api.body.rows.map((r: { submissionId: string }) => r.submissionId)).not.toContain(held.copy);
    expect(api.body.held).toEqual([
      expect.objectContaining({
        submissionId: held.copy,
        model: "my-bouncer",
        team: "copier",
        reason: expect.stringMatching(/^held for review: /),
      }),
    ]);
    expect((await read(held.copy)).status).toBe(404);
    // nor in the rank intervals the board job computed after it
    const [ranks] = await db.query<{ data: string }>(
      `SELECT b.data::text AS data FROM board_ranks b JOIN submissions s ON s.upload_release_id = b.release_id WHERE s.id = $1::uuid`,
      [held.copy],
    );
    expect(ranks.data).toContain(claudeId);
    expect(ranks.data).not.toContain(held.copy);
    // the public ledger
    const events = await eventsOf(held.copy);
    expect(events.map((e) => e.kind)).toEqual(["submission.hold"]);
    expect(events[0].summary).toMatch(/^my-bouncer by copier held for review: the integrity audit found/);
  });

  it("disguised copies are held too: 3 decisions flipped, keys reordered, traces rewritten", async () => {
    for (const [team, file] of [
      ["flipper", disguised({ flip: 3 })],
      ["shuffler", disguised({ reverse: true })],
      ["rewriter", disguised({ traces: true, flip: 2 })],
    ] as const) {
      const a = await upload(team, file);
      held[team] = a.body.id;
      expect(a.body.audit.status, team).toBe("held");
      expect(a.body.audit.reasons[0]).toMatchObject({ kind: "near-duplicate", submissionId: claudeId, holds: true });
    }
    expect((await board("all")).held.map((h) => h.model)).toEqual([
      "my-bouncer",
      "flipper-model",
      "shuffler-model",
      "rewriter-model",
    ]);
  });

  it("the board's page lists them under the ranking, with the ledger a link away", async () => {
    const lb = await board();
    const html = renderToStaticMarkup(
      createElement(HeldForReview, { held: lb.held, changelog: `/tasks/${TASK}/changelog` }),
    );
    expect(html).toContain("Held for review (4)");
    expect(html).toMatch(
      /my-bouncer<\/span> by <a href="\/teams\/copier">copier<\/a> — held since \d{4}-\d{2}-\d{2}: the integrity audit found it nearly identical/,
    );
    expect(html).toContain(`href="/tasks/${TASK}/changelog"`);
  });

  it("a team's file like its own earlier submission is an attempt, never held", async () => {
    const a = await upload("BouncerBench authors", disguised({ flip: 5 }), { model: "claude-3.7-sonnet-rerun" });
    expect(a.body.audit).toEqual({ status: "clean", held: null, reasons: [] });
    expect((await board("all")).rows.map((r) => r.submissionId)).toContain(a.body.id);
  });

  it("a file that reproduces the public release's truth is held", async () => {
    const release = await db.prisma.release.findFirstOrThrow({
      where: { task: { fullSlug: TASK }, status: "published" },
      include: { instances: { select: { externalId: true, truth: true } } },
    });
    // the truth, with 3% of it wrong: still beyond every honest system (65.5% for gpt-4.1)
    const file = Object.fromEntries(
      release.instances.map((i, k) => [
        i.externalId,
        { input_bounce: (i.truth as { bounce: boolean }).bounce !== (k % 33 === 0) },
      ]),
    );
    const a = await upload("oracle", JSON.stringify(file));
    held.oracle = a.body.id;
    expect(a.body.audit.status).toBe("held");
    expect(a.body.audit.reasons).toEqual([expect.objectContaining({ kind: "truth-match", holds: true })]);
    expect(a.body.audit.reasons[0].detail).toMatch(
      /^right on 1,647 of 1,699 covered instances \(96\.9%\): beyond what the best honest systems reach/,
    );
    expect(a.body.audit.held.reason).toContain("matching the release's ground truth");
  });

  it("an admin clears a hold: ranked, verified, on the ledger; or confirms one: hidden with the reason", async () => {
    const clear = await apiCall("POST", `/api/v1/admin/submissions/${held.shuffler}/verify`, {
      token: tok.admin,
      body: { verified: true },
    });
    expect(clear.status).toBe(200);
    await db.runJobs();
    expect((await board("all")).rows.map((r) => r.submissionId)).toContain(held.shuffler);
    expect((await read(held.shuffler, "shuffler")).body.audit.status).toBe("flagged");
    expect((await eventsOf(held.shuffler)).map((e) => [e.kind, e.decidedBy])).toEqual([
      ["submission.verify", "admin"],
      ["submission.clear", "admin"],
      ["submission.hold", "integrity audit"],
      ["submission.public", undefined],
    ]);
    const confirm = await apiCall("POST", `/api/v1/admin/submissions/${held.flipper}/hide`, {
      token: tok.admin,
      body: { reason: "a copy of claude-3.7-sonnet by BouncerBench authors" },
    });
    expect(confirm.body.hidden.reason).toBe("a copy of claude-3.7-sonnet by BouncerBench authors");
    const after = await read(held.flipper, "flipper");
    expect(after.body.audit).toMatchObject({ status: "flagged", held: null });
    expect(after.body.hidden.reason).toBe("a copy of claude-3.7-sonnet by BouncerBench authors");
    const lb = await board("all");
    expect(lb.rows.map((r) => r.submissionId)).not.toContain(held.flipper);
    expect(lb.held.map((h) => h.submissionId)).not.toContain(held.flipper);
    const [hide] = await eventsOf(held.flipper);
    expect(hide).toMatchObject({ kind: "submission.hide", decidedBy: "admin" });
    expect(hide.summary).toContain("hidden from the boards by an admin: a copy of claude-3.7-sonnet");
  });

  it("the audit clears a hold once its cause is gone: the original deleted, its copy is ranked", async () => {
    const original = (await upload("origin", own(1))).body.id;
    const copy = await upload("outsider", own(1).replace('"input_bounce":true', '"input_bounce":false'));
    expect(copy.body.audit).toMatchObject({ status: "held" });
    expect(copy.body.audit.reasons[0].submission).toMatchObject({
      id: original,
      model: "origin-model",
      team: "origin",
    });
    expect((await apiCall("DELETE", `/api/v1/admin/submissions/${original}`, { token: tok.admin })).status).toBe(204);
    await db.runJobs();
    const after = await read(copy.body.id, "outsider");
    expect(after.body.audit).toEqual({ status: "clean", held: null, reasons: [] });
    expect(after.body.hidden).toBeNull();
    expect((await board("all")).rows.map((r) => r.submissionId)).toContain(copy.body.id);
    const [cleared] = await eventsOf(copy.body.id);
    expect(cleared).toMatchObject({ kind: "submission.clear", decidedBy: "integrity audit" });
  });

  it("a private copy is not held; made public, it is", async () => {
    const a = await upload("quiet-copier", disguised({ flip: 4 }), { visibility: "private" });
    expect(a.body.audit.status).toBe("flagged");
    expect(a.body.audit.reasons[0]).toMatchObject({ kind: "near-duplicate", holds: true });
    // (a team's owner or an admin makes it public)
    const made = await apiCall("PATCH", `/api/v1/submissions/${a.body.id}`, {
      token: tok.admin,
      body: { visibility: "public" },
    });
    expect(made.status).toBe(200);
    expect((await read(a.body.id, "quiet-copier")).body.audit.status).toBe("held");
    expect((await board("all")).held.map((h) => h.submissionId)).toContain(a.body.id);
  });

  it("two audits of one release run one after the other: a copy audited while its original's audit is open waits, and is held", async () => {
    // two teams' identical public files, scored but not audited yet (as if uploaded at the same moment)
    const text = own(2);
    const teams = await Promise.all(["racer-a", "racer-b"].map((t) => ensureTeam(db.prisma, t)));
    const [a, b] = (
      await Promise.all(
        teams.map((t) =>
          submitPredictions(db.prisma, {
            task: TASK,
            text,
            teamId: t.id,
            userId: null,
            model: `${t.slug}-same`,
            visibility: "private",
          }),
        ),
      )
    ).map((r) => r.id!);
    await db.query(`UPDATE submissions SET visibility = 'public' WHERE id = ANY($1::uuid[])`, [[a, b]]);
    await db.query(`DELETE FROM submission_audits WHERE submission_id = ANY($1::uuid[])`, [[a, b]]);
    // a's audit runs and stays open; b's starts meanwhile
    let commitA!: () => void;
    const gate = new Promise<void>((r) => (commitA = r));
    let auditedA!: () => void;
    const openA = new Promise<void>((r) => (auditedA = r));
    const txA = db.transaction(async (conn) => {
      await auditInTransaction(sqlOf(conn), db.prisma, a);
      auditedA();
      await gate;
    });
    await openA;
    let doneB = false;
    const txB = db.transaction((conn) => auditInTransaction(sqlOf(conn), db.prisma, b)).finally(() => (doneB = true));
    // b waits for the release's audit lock (without it, it would finish now, never seeing a)
    const waiting = () =>
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
    while (!doneB && (await waiting())[0].n === 0) await new Promise((r) => setTimeout(r, 10));
    commitA();
    await txA;
    const result = await txB;
    expect(result).toMatchObject({ hold: "held" });
    const rows = await db.prisma.submission.findMany({
      where: { id: { in: [a, b] } },
      select: { id: true, heldAt: true },
    });
    expect(rows.find((r) => r.id === a)!.heldAt).toBeNull();
    expect(rows.find((r) => r.id === b)!.heldAt).not.toBeNull();
  });
});
