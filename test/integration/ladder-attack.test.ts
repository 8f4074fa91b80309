// The many-accounts attack on a hidden release (issue 16), replayed through the real upload
// route: fresh teams, each uploading a bounce set one instance larger than the last, read the
// Ladder's released value of their first (always released) submission — in the upload's answer,
// on the submission's API and on the leaderboard — and guess the label of the instance that was
// added from the sign of the step. The control is the same attacker against the behaviour before
// issue 16 (no noise, no offset: updateLadder(…, { noise: false }) on the same stored scores):
// every step it sees is a boundary crossing and tells the label. With the noise and the team
// offsets the steps are right about as often as a coin. One run's forty guesses are a small
// sample (its draws change with the new team ids of every run), so the rate is measured on the
// same stored scores under 200 other secrets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as taskAdmin } from "@/app/api/v1/admin/tasks/[benchmark]/[task]/route";
import { DELETE as unapprove, POST as approve } from "@/app/api/v1/admin/teams/[slug]/approval/route";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as getSubmission } from "@/app/api/v1/submissions/[id]/route";
import { MAX_RELEASE_ERROR, roundToMargin } from "@/lib/metrics";
import { ladderNoise, releasedMetrics, updateLadder, forgetAppSecrets } from "@/lib/server/scoring";
import { sqlOf } from "@/lib/server/db";
import { syncCatalog, getTaskOrThrow } from "@/lib/server/tasks";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import type { Metrics } from "@/lib/tasks/types";
import { HIDDEN_PUBLISHED, importInputRelease, INPUT_IDS } from "../helpers/bouncer";
import { createTestDatabase } from "../helpers/db";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

const P = { benchmark: "bouncerbench", task: "input" };
const SUB_URL = "/api/v1/tasks/bouncerbench/input/submissions";
const N = 60;
const ids = INPUT_IDS.slice(0, N);
// hidden labels (0..3; bounce when ≥ 2), unknown to the attacker
const labels = ids.map((_, i) => (i * 37 + (i >> 3) * 11) % 4);
const shouldBounce = labels.map((l) => l >= 2);
const ACCOUNTS = 41;
const START = 10;
const SECRET = "a fixed secret for a reproducible test";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: string;
let task: Awaited<ReturnType<typeof getTaskOrThrow>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await syncCatalog(db.prisma);
  forgetAppSecrets();
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('ladder', $1)`, [SECRET]);
  const a = await ensureTeam(db.prisma, "Admins of the attack test");
  admin = (await createApiToken(db.prisma, { teamId: a.id, isAdmin: true })).token;
  await importInputRelease(admin, "hidden-attack", HIDDEN_PUBLISHED, ids, (i) => labels[i]);
  await db.runJobs();
  task = await getTaskOrThrow(db.prisma, "bouncerbench/input");
}, 120_000);
afterAll(async () => db?.drop());

const nested = (k: number) =>
  JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: i < START + k }])));

async function upload(token: string, text: string, fields: Record<string, string> = {}) {
  const res = await submit(
    multipartRequest(SUB_URL, { model: "m", ...fields }, { name: "p.json", text }, token),
    ctx(P),
  );
  return { status: res.status, body: await res.json() };
}

async function freshAccount(name: string) {
  const team = await ensureTeam(db.prisma, name);
  return { team, token: (await createApiToken(db.prisma, { teamId: team.id })).token };
}

/** The attacker's guesses from consecutive released values: a step up says "bounce", down "accept"; no step, no guess. */
function attack(released: number[]): { guesses: number; right: number } {
  return attackWith(
    released.map((v) => ({ v })),
    (a, b) => b.v - a.v,
  );
}

/** The same from any statistic of two consecutive released rows (> 0: "bounce"). */
function attackWith<T>(released: T[], step: (a: T, b: T) => number): { guesses: number; right: number } {
  let guesses = 0;
  let right = 0;
  for (let k = 0; k + 1 < released.length; k++) {
    const d = step(released[k], released[k + 1]);
    if (Math.abs(d) < 1e-12) continue;
    guesses++;
    if (d > 0 === shouldBounce[START + k]) right++;
  }
  return { guesses, right };
}
describe("the Ladder against many fresh accounts", () => {
  it(`${ACCOUNTS} accounts with nested bounce sets: labels recovered no better than a coin; without the noise, every guess right`, async () => {
    const primary = task.primaryMetric;
    const columns = task.kind.columns(task.options);
    const shown: number[] = [];
    const truth: number[] = [];
    const stored: { id: string; chain: string; metrics: Metrics; margin: number; total: number }[] = [];
    let releaseId = "";
    for (let k = 0; k < ACCOUNTS; k++) {
      const { team, token } = await freshAccount(`Sybil ${k}`);
      const r = await upload(token, nested(k), { model: `sybil-${k}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      // a team's first submission is always released
      expect(r.body.ladder.released).toBe(true);
      const margin = r.body.ladder.margin as number;
      const value = r.body.metrics[primary] as number;
      // the submission's API shows its team the same number
      const own = await (
        await getSubmission(getRequest(`/api/v1/submissions/${r.body.id}`, token), ctx({ id: r.body.id }))
      ).json();
      expect(own.metrics[primary]).toBe(value);
      const score = await db.prisma.score.findFirstOrThrow({ where: { submissionId: r.body.id } });
      releaseId = score.releaseId;
      // within the documented error of the exact value
      expect(Math.abs(value - score.primaryValue!)).toBeLessThanOrEqual(MAX_RELEASE_ERROR * margin + 1e-9);
      shown.push(value);
      truth.push(score.primaryValue!);
      stored.push({ id: r.body.id, chain: team.id, metrics: score.metrics as Metrics, margin, total: score.total });
    }
    // the leaderboard shows everyone the same numbers
    const lb = await (await leaderboard(getRequest("/api/v1/tasks/bouncerbench/input/leaderboard"), ctx(P))).json();
    const onBoard = new Map<string, number>(
      lb.rows.map((r: { submissionId: string; metrics: Metrics }) => [r.submissionId, r.metrics[primary] as number]),
    );
    stored.forEach((x, k) => expect(onBoard.get(x.id)).toBe(shown[k]));
    // what the server showed is the documented noise, recomputed from the stored score and the secret
    const recomputeAll = (secret: string) =>
      stored.map(
        (x) =>
          releasedMetrics(
            columns,
            x.metrics,
            x.margin,
            x.total,
            ladderNoise(secret, releaseId, x.chain, x.id),
          ) as Record<string, number>,
      );
    const recompute = (secret: string) => recomputeAll(secret).map((m) => m[primary]);
    expect(recompute(SECRET)).toEqual(shown);
    // and not plain rounding: the teams' grids differ
    expect(shown.filter((v, k) => v !== roundToMargin(truth[k], stored[k].margin)).length).toBeGreaterThan(
      ACCOUNTS / 2,
    );

    // the control: the same scores under the behaviour before issue 16 (no noise, no offset)
    const rows = sqlOf(db.prisma);
    await updateLadder(
      rows,
      task,
      releaseId,
      stored.map((x) => x.id),
      { noise: false, force: true },
    );
    const plainRows = await db.query<{ submission_id: string; ladder_primary: number }>(
      `SELECT submission_id, ladder_primary FROM scores WHERE submission_id = ANY($1::uuid[])`,
      [stored.map((x) => x.id)],
    );
    const plainById = new Map(plainRows.map((r) => [r.submission_id, r.ladder_primary]));
    const plain = stored.map((x) => plainById.get(x.id)!);
    plain.forEach((v, k) => expect(v).toBe(roundToMargin(truth[k], stored[k].margin)));
    // back to the defended values: the same ones (a re-decision does not draw again)
    await updateLadder(
      rows,
      task,
      releaseId,
      stored.map((x) => x.id),
      { force: true },
    );
    const again = await db.query<{ submission_id: string; ladder_primary: number }>(
      `SELECT submission_id, ladder_primary FROM scores WHERE submission_id = ANY($1::uuid[])`,
      [stored.map((x) => x.id)],
    );
    const againById = new Map(again.map((r) => [r.submission_id, r.ladder_primary]));
    expect(stored.map((x) => againById.get(x.id))).toEqual(shown);

    const defended = attack(shown);
    const control = attack(plain);
    // the exact values would give every label away (the metric moves with each one)
    const exact = attack(truth);
    // the same attack under 200 other secrets (other offsets and draws, same scores): the rate
    // measured on thousands of guesses rather than one run's forty
    // — and a better attacker, who adds up the steps of every released column in the direction a
    // bounce label moves it (R_b, the bounce class's recall, moves only for those; FNR_a only for
    // the others): each column's noise is drawn on its own, so they average out a little
    const all = (a: Record<string, number>, b: Record<string, number>) =>
      b.F_m - a.F_m + (b.R_b - a.R_b) - (b.FNR_a - a.FNR_a) + (b.I_Score - a.I_Score);
    let many = { guesses: 0, right: 0 };
    let manyAll = { guesses: 0, right: 0 };
    for (let m = 0; m < 200; m++) {
      const released = recomputeAll(`replay-${m}`);
      const a = attack(released.map((x) => x[primary]));
      many = { guesses: many.guesses + a.guesses, right: many.right + a.right };
      const b = attackWith(released, all);
      manyAll = { guesses: manyAll.guesses + b.guesses, right: manyAll.right + b.right };
    }
    const rate = many.right / many.guesses;
    const rateAll = manyAll.right / manyAll.guesses;
    // the control of the better attacker: every column plainly rounded
    const plainAll = attackWith(
      stored.map((x) => releasedMetrics(columns, x.metrics, x.margin, x.total, null) as Record<string, number>),
      all,
    );
    console.log(
      `[ladder attack] ${ACCOUNTS} accounts, n = ${N}, margin ${stored[0].margin}: exact values ${exact.right}/${exact.guesses} labels right; ` +
        `no noise ${control.right}/${control.guesses}; defended ${defended.right}/${defended.guesses}; defended over 200 secrets ${many.right}/${many.guesses} = ${rate.toFixed(3)}; ` +
        `all columns: no noise ${plainAll.right}/${plainAll.guesses}, defended over 200 secrets ${manyAll.right}/${manyAll.guesses} = ${rateAll.toFixed(3)}`,
    );
    expect(exact.right / exact.guesses).toBeGreaterThan(0.95);
    // the control: plain rounding tells a label, rightly, at every step it shows
    expect(control.guesses).toBeGreaterThanOrEqual(4);
    expect(control.right / control.guesses).toBeGreaterThanOrEqual(0.9);
    expect(plainAll.right / plainAll.guesses).toBeGreaterThanOrEqual(0.9);
    // the defence: a guess at (nearly) every step, right about half the time. This run's forty
    // guesses (team ids are new on every run, so are its draws): at the measured rate (≤ 0.56),
    // 34 or more right happens less than once in 10,000 runs
    expect(defended.guesses).toBeGreaterThanOrEqual(ACCOUNTS - 5);
    expect(defended.right).toBeLessThanOrEqual(33);
    expect(many.guesses).toBeGreaterThan(7000);
    // over 8,000 guesses a coin would be 0.5 ± 0.017 (3 standard errors): the excess is the
    // noise's ½ + ≈ 0.4·Δ/margin (Δ: how far one label moves the column)
    expect(rate).toBeLessThan(0.57);
    expect(rate).toBeGreaterThan(0.45);
    expect(rateAll).toBeLessThan(0.62);
  }, 180_000);

  it("a submission always shows the same value; the same predictions from another account get their own draw", async () => {
    const shown: number[] = [];
    const ids: string[] = [];
    const twins: { chain: string; margin: number }[] = [];
    for (const name of ["Twin A", "Twin B"]) {
      const { team, token } = await freshAccount(name);
      const r = await upload(token, nested(7), { model: name.toLowerCase().replace(" ", "-") });
      expect(r.status).toBe(201);
      shown.push(r.body.metrics[task.primaryMetric]);
      ids.push(r.body.id);
      twins.push({ chain: team.id, margin: r.body.ladder.margin });
    }
    // another team, another grid and another draw: each value is its own team's and submission's
    // draw (the two values may still meet on a grid point by chance: team ids are new every run)
    const scores = await Promise.all(
      ids.map((id) => db.prisma.score.findFirstOrThrow({ where: { submissionId: id } })),
    );
    const draws = twins.map((t, k) => ladderNoise(SECRET, scores[k].releaseId, t.chain, ids[k]));
    expect(draws[0].offset).not.toEqual(draws[1].offset);
    expect(draws[0].noise).not.toEqual(draws[1].noise);
    twins.forEach((t, k) => {
      const released = releasedMetrics(
        task.kind.columns(task.options),
        scores[k].metrics as Metrics,
        t.margin,
        scores[k].total,
        draws[k],
      ) as Record<string, number>;
      expect(released[task.primaryMetric]).toBe(shown[k]);
    });
    // a re-decision (as a re-score runs it) keeps both
    const score = await db.prisma.score.findFirstOrThrow({ where: { submissionId: ids[0] } });
    await updateLadder(sqlOf(db.prisma), task, score.releaseId, ids, { force: true });
    const after = await db.prisma.score.findMany({
      where: { submissionId: { in: ids } },
      select: { submissionId: true, ladderPrimary: true },
    });
    expect(ids.map((id) => after.find((a) => a.submissionId === id)!.ladderPrimary)).toEqual(shown);
  });

  it("an admin switch takes hidden uploads from approved teams only (dry runs too)", async () => {
    const team = await ensureTeam(db.prisma, "Unapproved team");
    const token = (await createApiToken(db.prisma, { teamId: team.id })).token;
    const on = await taskAdmin(
      new Request("http://localhost/api/v1/admin/tasks/bouncerbench/input", {
        method: "PATCH",
        body: JSON.stringify({ hiddenApprovedOnly: true }),
        headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
      }),
      ctx(P),
    );
    expect(on.status).toBe(200);
    expect((await on.json()).hiddenApprovedOnly).toBe(true);
    const refused = await upload(token, nested(3), { model: "unapproved" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/only from teams an admin approved.*ask an admin/);
    expect((await upload(token, nested(3), { model: "unapproved", dry_run: "true" })).status).toBe(403);
    const ok = await approve(
      new Request(`http://localhost/api/v1/admin/teams/${team.slug}/approval`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin}` },
      }),
      ctx({ slug: team.slug }),
    );
    expect(ok.status).toBe(200);
    expect((await upload(token, nested(3), { model: "approved-now" })).status).toBe(201);
    await unapprove(
      new Request(`http://localhost/api/v1/admin/teams/${team.slug}/approval`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${admin}` },
      }),
      ctx({ slug: team.slug }),
    );
    expect((await upload(token, nested(4), { model: "approved-now" })).status).toBe(403);
    const audit = await db.query<{ action: string }>(
      `SELECT action FROM activity_events WHERE action LIKE 'team.%approve' ORDER BY at`,
    );
    expect(audit.map((a) => a.action)).toEqual(["team.approve", "team.unapprove"]);
  });
});
