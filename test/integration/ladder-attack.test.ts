// The many-accounts attack on a hidden release (issue 16), replayed through the real upload
// route: fresh teams, each uploading a bounce set one instance larger than the last, read the
// Ladder's released value of their first (always released) submission, and guess the label of
// the instance that was added from the sign of the step. Without the defense — plain rounding
// on one grid, recomputed here from the same stored scores — every step they see is a boundary
// crossing and tells the label; with the dithered rounding the steps are as often wrong as
// right. The server's secret is fixed for this test, so the outcome is the same on every run.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as taskAdmin } from "@/app/api/v1/admin/tasks/[benchmark]/[task]/route";
import { DELETE as unapprove, POST as approve } from "@/app/api/v1/admin/teams/[slug]/approval/route";
import { POST as importRoute } from "@/app/api/v1/admin/releases/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { ditheredRound, roundToMargin } from "@/lib/metrics";
import { drawsFor } from "@/lib/server/ladder";
import { syncCatalog, getTaskOrThrow } from "@/lib/server/tasks";
import { createApiToken, ensureTeam } from "@/lib/server/tokens";
import { createTestDatabase } from "../helpers/db";
import { ctx, multipartRequest } from "../helpers/requests";

const P = { benchmark: "bouncerbench", task: "input" };
const SUB_URL = "/api/v1/tasks/bouncerbench/input/submissions";
const N = 60;
const ids = Object.keys(JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8"))).slice(0, N);
// hidden labels (0..3; bounce when ≥ 2), unknown to the attacker
const labels = ids.map((_, i) => (i * 37 + (i >> 3) * 11) % 4);
const shouldBounce = labels.map((l) => l >= 2);
const ACCOUNTS = 41;
const START = 10;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: string;
let primary: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await syncCatalog(db.prisma);
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ('ladder', 'a fixed secret for a reproducible test')`);
  const a = await ensureTeam(db.prisma, "Admins of the attack test");
  admin = (await createApiToken(db.prisma, { teamId: a.id, isAdmin: true })).token;
  const csv = ["instance_id,underspecified", ...ids.map((id, i) => `${id},${labels[i]}`)].join("\n");
  const res = await importRoute(multipartRequest("/api/v1/admin/releases", { task: "bouncerbench/input", version: "hidden-attack", hidden: "true", publish: "true" }, { name: "h.csv", text: csv }, admin), ctx({}));
  expect(res.status).toBe(201);
  await db.runJobs();
  primary = (await getTaskOrThrow(db.prisma, "bouncerbench/input")).primaryMetric;
}, 120_000);
afterAll(async () => db?.drop());

const nested = (k: number) => JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: i < START + k }])));

async function upload(token: string, text: string, fields: Record<string, string> = {}) {
  const res = await submit(multipartRequest(SUB_URL, { model: "m", ...fields }, { name: "p.json", text }, token), ctx(P));
  return { status: res.status, body: await res.json() };
}

/** The attacker's guesses from consecutive released values: [guesses, right]. */
function attack(released: number[]): { guesses: number; right: number } {
  let guesses = 0;
  let right = 0;
  for (let k = 0; k + 1 < released.length; k++) {
    const step = released[k + 1] - released[k];
    if (Math.abs(step) < 1e-12) continue; // nothing moved: no guess
    guesses++;
    if (step > 0 === shouldBounce[START + k]) right++;
  }
  return { guesses, right };
}

describe("the Ladder against many fresh accounts", () => {
  it(`${ACCOUNTS} accounts with nested bounce sets: labels recovered no better than a coin, against all of them without the dither`, async () => {
    const released: number[] = [];
    const plain: number[] = [];
    const truth: number[] = [];
    const stored: { primary: number; margin: number; replicates: Uint8Array }[] = [];
    let releaseId = "";
    for (let k = 0; k < ACCOUNTS; k++) {
      const team = await ensureTeam(db.prisma, `Sybil ${k}`);
      const token = (await createApiToken(db.prisma, { teamId: team.id })).token;
      const r = await upload(token, nested(k), { model: `sybil-${k}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      // a team's first submission is always released
      expect(r.body.ladder.released).toBe(true);
      const margin = r.body.ladder.margin as number;
      const shown = r.body.metrics[primary] as number;
      const score = await db.prisma.score.findFirstOrThrow({ where: { submissionId: r.body.id } });
      const exact = score.primaryValue!;
      releaseId = score.releaseId;
      // the dithered value is on the margin's grid, within two margins of the truth
      expect(Math.abs(shown / margin - Math.round(shown / margin))).toBeLessThan(1e-6);
      expect(Math.abs(shown - exact)).toBeLessThanOrEqual(2 * margin + 1e-9);
      released.push(shown);
      plain.push(roundToMargin(exact, margin));
      truth.push(exact);
      stored.push({ primary: exact, margin, replicates: new Uint8Array(score.replicates!) });
    }
    // what the server showed is the dither this test can recompute from the stored score
    const secret = "a fixed secret for a reproducible test";
    stored.forEach((x, k) => expect(released[k]).toBe(ditheredRound(x.primary, x.margin, drawsFor(secret, releaseId, x.replicates)(primary))));
    const defended = attack(released);
    const control = attack(plain);
    // the exact values would give every label away (the metric moves with each one)
    const exact = attack(truth);
    // the same attack on 200 other releases (other draws, same scores): the defense's error rate
    // measured on thousands of guesses rather than one run's twenty
    let many = { guesses: 0, right: 0 };
    for (let m = 0; m < 200; m++) {
      const a = attack(stored.map((x) => ditheredRound(x.primary, x.margin, drawsFor(secret, `replay-${m}`, x.replicates)(primary))));
      many = { guesses: many.guesses + a.guesses, right: many.right + a.right };
    }
    console.log(
      `[ladder attack] ${ACCOUNTS} accounts, n = ${N}: exact values ${exact.right}/${exact.guesses} labels right; plain rounding ${control.right}/${control.guesses}; ` +
        `dithered ${defended.right}/${defended.guesses}; dithered over 200 replays ${many.right}/${many.guesses} = ${(many.right / many.guesses).toFixed(3)}`,
    );
    expect(exact.right / exact.guesses).toBeGreaterThan(0.95);
    // the control: plain rounding tells a label, rightly, at every step it shows
    expect(control.guesses).toBeGreaterThanOrEqual(2);
    expect(control.right).toBe(control.guesses);
    // the defense: more steps, right about half the time
    expect(defended.guesses).toBeGreaterThan(control.guesses);
    expect(many.guesses).toBeGreaterThan(2000);
    expect(many.right / many.guesses).toBeLessThan(0.57);
    expect(many.right / many.guesses).toBeGreaterThan(0.43);
  }, 180_000);

  it("the same predictions show the same value to every account (no averaging over accounts)", async () => {
    const shown: number[] = [];
    for (const name of ["Twin A", "Twin B"]) {
      const team = await ensureTeam(db.prisma, name);
      const token = (await createApiToken(db.prisma, { teamId: team.id })).token;
      // the same right answers, written differently
      const text = name === "Twin A" ? nested(7) : nested(7).replace(/,/g, ", ");
      const r = await upload(token, text, { model: name.toLowerCase().replace(" ", "-") });
      expect(r.status).toBe(201);
      shown.push(r.body.metrics[primary]);
    }
    expect(shown[0]).toBe(shown[1]);
  });

  it("an admin switch takes hidden uploads from approved teams only (dry runs too)", async () => {
    const team = await ensureTeam(db.prisma, "Unapproved team");
    const token = (await createApiToken(db.prisma, { teamId: team.id })).token;
    const on = await taskAdmin(new Request("http://localhost/api/v1/admin/tasks/bouncerbench/input", { method: "PATCH", body: JSON.stringify({ hiddenApprovedOnly: true }), headers: { "content-type": "application/json", authorization: `Bearer ${admin}` } }), ctx(P));
    expect(on.status).toBe(200);
    expect((await on.json()).hiddenApprovedOnly).toBe(true);
    const refused = await upload(token, nested(3), { model: "unapproved" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/only from teams an admin approved/);
    expect((await upload(token, nested(3), { model: "unapproved", dry_run: "true" })).status).toBe(403);
    const ok = await approve(new Request(`http://localhost/api/v1/admin/teams/${team.slug}/approval`, { method: "POST", headers: { authorization: `Bearer ${admin}` } }), ctx({ slug: team.slug }));
    expect(ok.status).toBe(200);
    expect((await upload(token, nested(3), { model: "approved-now" })).status).toBe(201);
    await unapprove(new Request(`http://localhost/api/v1/admin/teams/${team.slug}/approval`, { method: "DELETE", headers: { authorization: `Bearer ${admin}` } }), ctx({ slug: team.slug }));
    expect((await upload(token, nested(4), { model: "approved-now" })).status).toBe(403);
    const audit = await db.query<{ action: string }>(`SELECT action FROM audit_events WHERE action LIKE 'team.%approve' ORDER BY at`);
    expect(audit.map((a) => a.action)).toEqual(["team.approve", "team.unapprove"]);
  });
});
