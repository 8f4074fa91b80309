// A hidden test set stays hidden: the three label-oracle attacks of issue 8 replayed as a careful
// team would run them, through the real route handlers and a real PostgreSQL, plus the Ladder,
// quotas and drafts. Each attack counts the labels it recovers; the count must be 0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as getSubmission } from "@/app/api/v1/submissions/[id]/route";
import { GET as benchmarks } from "@/app/api/v1/benchmarks/route";
import { GET as releasesRoute } from "@/app/api/v1/tasks/[benchmark]/[task]/releases/route";
import { MAX_RELEASE_ERROR } from "@/lib/metrics";
import { compareSubmissions } from "@/lib/server/submissions";
import { getTaskInstance } from "@/lib/server/leaderboard";
import { releaseOverview } from "@/lib/server/releases";
import { createApiToken, ensureTeam, actorFromToken } from "@/lib/server/auth";
import { HIDDEN_PUBLISHED, importInputRelease, INPUT_IDS } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";
import { getTaskOrThrow } from "@/lib/server/tasks";

const P = { benchmark: "bouncerbench", task: "input" };
const SUB_URL = "/api/v1/tasks/bouncerbench/input/submissions";
const hiddenIds = INPUT_IDS.slice(0, 40);
// the hidden labels (0..3; bounce when ≥ 2) — the attacker does not know them
const labels = hiddenIds.map((_, i) => (i * 7 + (i >> 2)) % 4);
const shouldBounce = labels.map((l) => l >= 2);

let db: TestDatabase;
let admin: string;
const teams: Record<string, string> = {};

beforeAll(async () => {
  db = await seededTestDatabase();
  const a = await ensureTeam(db.prisma, "admins");
  admin = (await createApiToken(db.prisma, { teamId: a.id, isAdmin: true })).token;
  for (const name of ["attacker", "reader-a", "reader-b", "climber", "quota"]) {
    teams[name] = await teamToken(db, name);
  }
  await importInputRelease(admin, "4.0-hidden", HIDDEN_PUBLISHED, hiddenIds, (i) => labels[i]);
  await db.runJobs();
});
afterAll(async () => db?.drop());

const file = (bounce: (i: number) => boolean, score?: (i: number) => number) =>
  JSON.stringify(
    Object.fromEntries(
      hiddenIds.map((id, i) => [id, { input_bounce: bounce(i), ...(score ? { score: score(i) } : {}) }]),
    ),
  );

async function upload(token: string, text: string, fields: Record<string, string> = {}) {
  const res = await submit(
    multipartRequest(SUB_URL, { model: "m", ...fields }, { name: "p.json", text }, token),
    ctx(P),
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function board(token?: string) {
  const res = await leaderboard(getRequest("/api/v1/tasks/bouncerbench/input/leaderboard", token), ctx(P));
  expect(res.status).toBe(200);
  return res.json();
}

/** The attacker's inference: instance i's label is revealed when the answer to "i flipped" differs from the base answer. */
function recovered(base: unknown, flips: unknown[]): number {
  const b = JSON.stringify(base);
  return flips.filter((f) => JSON.stringify(f) !== b).length;
}

describe("attack 1: the compare page as a label oracle", () => {
  it("two public submissions that differ on one instance reveal nothing about it", async () => {
    const a = await upload(
      teams["reader-a"],
      file((i) => i % 2 === 0),
      { model: "reader-a", visibility: "public" },
    );
    const b = await upload(
      teams["reader-b"],
      file((i) => i % 2 === 0 || i === 5),
      { model: "reader-b", visibility: "public" },
    );
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    // any visitor (no actor)
    const c = await compareSubmissions(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      [a.body.id, b.body.id],
      null,
    );
    expect(c.release.hidden).toBe(true);
    expect(c.disagreements).toEqual([]);
    expect(c.disagreementCount).toBeNull();
    expect(c.pairs).toEqual([]);
    expect(c.commonInstances).toBeNull();
    const text = JSON.stringify(c);
    expect(text).not.toContain(hiddenIds[5]);
    expect(text).not.toMatch(/mcnemar|discordant|"correct"|"expected"/);
    // an admin still sees the full comparison
    const full = await compareSubmissions(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      [a.body.id, b.body.id],
      await actorFromToken(admin),
    );
    expect(full.disagreements.map((d) => d.instanceId)).toEqual([hiddenIds[5]]);
  });
});

describe("attack 2: dry runs as a label oracle", () => {
  it("41 dry runs (all accept, then each instance bounced alone) recover 0 of 40 labels and store nothing", async () => {
    const before = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM submissions`);
    const base = await upload(
      teams.attacker,
      file(() => false),
      { dry_run: "true" },
    );
    expect(base.status).toBe(200);
    expect(base.body.status).toBe("validated");
    expect(base.body.metrics).toEqual({});
    expect(base.body.validation).toMatchObject({ covered: 40, total: 40 });
    const flips = [];
    for (let k = 0; k < 40; k++) {
      const r = await upload(
        teams.attacker,
        file((i) => i === k),
        { dry_run: "true" },
      );
      expect(r.status).toBe(200);
      flips.push(r.body.metrics);
    }
    expect(recovered(base.body.metrics, flips)).toBe(0);
    const after = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM submissions`);
    expect(after[0].n).toBe(before[0].n);
    // a dry run is still a validator: a bad file is a 422 naming the instance
    const bad = await upload(teams.attacker, file(() => false).replace('"input_bounce":false', '"input_bounce":"no"'), {
      dry_run: "true",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.problems[0]).toMatchObject({ instanceId: hiddenIds[0], field: "input_bounce" });
  });
});

describe("attack 3: bounce_ap and metrics of real uploads, adapted one instance at a time", () => {
  it("the Ladder shows the first upload with its noise and nothing for one-instance variants; the quota stops the loop; admins see every upload", async () => {
    const score = (i: number) => ((i * 37) % 100) / 100;
    const base = await upload(
      teams.quota,
      file(() => false, score),
      { model: "probe", visibility: "public" },
    );
    expect(base.status).toBe(201);
    expect(base.body.ladder).toMatchObject({ released: true });
    const margin = base.body.ladder.margin as number;
    expect(margin).toBeGreaterThanOrEqual(1 / 40);
    // every released number is within the Ladder's error of the exact one (noise and the team's
    // offset grid: at most MAX_RELEASE_ERROR margins; counts: of margin × n), and is what the
    // submission's API shows
    const exactBase = (
      await (
        await getSubmission(getRequest(`/api/v1/submissions/${base.body.id}`, admin), ctx({ id: base.body.id }))
      ).json()
    ).metrics;
    const shownBase = (
      await (
        await getSubmission(getRequest(`/api/v1/submissions/${base.body.id}`, teams.quota), ctx({ id: base.body.id }))
      ).json()
    ).metrics;
    expect(shownBase).toEqual(base.body.metrics);
    expect(Object.keys(base.body.metrics).length).toBeGreaterThan(2);
    for (const [k, v] of Object.entries(base.body.metrics as Record<string, number | null>)) {
      if (typeof v !== "number") continue;
      const count = Number.isInteger(exactBase[k]) && Math.abs(exactBase[k]) > 1;
      const step = count ? Math.max(1, Math.round(margin * 40)) : margin;
      expect(Math.abs(v - exactBase[k]), k).toBeLessThanOrEqual(MAX_RELEASE_ERROR * step + (count ? 0.5 : 1e-9));
    }
    expect(base.headers.get("x-quota-limit")).toBe("10");
    expect(base.headers.get("x-quota-remaining")).toBe("9");
    expect(Number(base.headers.get("x-quota-reset"))).toBeGreaterThan(Date.now() / 1000);
    const answers = [];
    const ids = [base.body.id];
    let refused = null;
    for (let k = 0; k < 40; k++) {
      // raise instance k's bounce score to the top: AP moves by how its label ranks
      const r = await upload(
        teams.quota,
        file(
          () => false,
          (i) => (i === k ? 1 : score(i)),
        ),
        { model: `probe-${k}`, visibility: "public" },
      );
      if (r.status === 429) {
        refused = r;
        break;
      }
      expect(r.status).toBe(201);
      ids.push(r.body.id);
      expect(r.body.ladder).toMatchObject({ released: false, margin: null });
      expect(r.body.ladder.message).toMatch(/not a significant improvement/);
      expect(r.body.metrics).toEqual({});
      answers.push(r.body.metrics);
      // the submission's own API says no more to its team, or to anyone
      const own = await (
        await getSubmission(getRequest(`/api/v1/submissions/${r.body.id}`, teams.quota), ctx({ id: r.body.id }))
      ).json();
      expect(own.metrics).toEqual({});
      expect(own.ci).toBeNull();
      expect(own.scores[0].primaryValue).toBeNull();
    }
    expect(recovered({}, answers)).toBe(0);
    // 10 scored uploads a day on a hidden release: the 11th is refused, with when to come back
    expect(refused?.status).toBe(429);
    expect(refused?.body.error.code).toBe("quota_exceeded");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused?.headers.get("x-quota-remaining")).toBe("0");
    expect(ids).toHaveLength(10);
    // nothing new on the board: only the first upload of the team, rounded
    const lb = await board();
    const mine = lb.rows.filter((r: { team: string }) => r.team === "quota");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      submissionId: base.body.id,
      ci: null,
      rankInterval: null,
      topGroup: false,
      significancePending: false,
      margin,
      metrics: base.body.metrics,
    });
    // every scored upload is stored, and admins see all of them with exact metrics
    for (const id of ids) {
      const a = await (await getSubmission(getRequest(`/api/v1/submissions/${id}`, admin), ctx({ id }))).json();
      expect(a.status).toBe("scored");
      expect(typeof a.metrics.F_m).toBe("number");
      expect(a.ladder.released).toBe(id === base.body.id);
    }
    const adminBoard = await board(admin);
    expect(adminBoard.rows.filter((r: { team: string }) => r.team === "quota")).toHaveLength(1); // the board is the same for all
  });
});

describe("the Ladder lets real improvements climb", () => {
  it("a significantly better upload is released, rounded to its paired-bootstrap margin", async () => {
    const weak = await upload(
      teams.climber,
      file((i) => i % 3 === 0),
      { model: "weak" },
    );
    expect(weak.body.ladder.released).toBe(true);
    const same = await upload(
      teams.climber,
      file((i) => i % 3 === 0 || i === 1),
      { model: "same" },
    );
    expect(same.body.ladder.released).toBe(false);
    const strong = await upload(
      teams.climber,
      file((i) => shouldBounce[i]),
      { model: "strong" },
    );
    expect(strong.body.ladder).toMatchObject({ released: true });
    const exactOf = async (id: string) =>
      (await (await getSubmission(getRequest(`/api/v1/submissions/${id}`, admin), ctx({ id }))).json()).metrics
        .F_m as number;
    const exact = await exactOf(strong.body.id);
    expect(exact).toBeGreaterThan(await exactOf(weak.body.id));
    // released with the Ladder's noise: within its error of the exact value, and in range
    for (const r of [weak, strong]) {
      expect(Math.abs(r.body.metrics.F_m - (await exactOf(r.body.id)))).toBeLessThanOrEqual(
        MAX_RELEASE_ERROR * r.body.ladder.margin + 1e-9,
      );
      expect(r.body.metrics.F_m).toBeLessThanOrEqual(1);
    }
    // both on the board (in the order of their released values, which the noise may swap when
    // they are close: not here, by far, but the test does not bet on the draws)
    const lb = await board();
    const rows = lb.rows.filter((r: { team: string }) => r.team === "climber").map((r: { model: string }) => r.model);
    expect(rows.slice().sort()).toEqual(["strong", "weak"]);
    // no exact value anywhere a visitor looks
    const bodies = [
      JSON.stringify(lb),
      JSON.stringify(await (await benchmarks(getRequest("/api/v1/benchmarks"), ctx({}))).json()),
      JSON.stringify(
        await (
          await getSubmission(getRequest(`/api/v1/submissions/${strong.body.id}`), ctx({ id: strong.body.id }))
        ).json(),
      ),
    ];
    for (const b of bodies) {
      if (!Number.isInteger(exact * 40)) expect(b).not.toContain(String(exact));
      expect(b).not.toMatch(/prCurve|lengthBuckets|perClass|"truth"/);
    }
  });
  it("pages built from instances show nothing of the truth", async () => {
    const inst = await getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), hiddenIds[0]);
    expect(inst.truth).toBeNull();
    expect(inst.predictions.every((p) => p.outcome === null)).toBe(true);
    // no share of systems right, no top systems' outcomes, no truth label, no filter by outcome
    expect(inst.summary).toBeNull();
    expect(inst.facets.label).toBeNull();
    const wrong = await getTaskInstance(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      hiddenIds[0],
      {
        q: {
          outcome: "wrong",
        },
      },
    );
    expect(wrong.total).toBe(inst.total);
    const o = await releaseOverview(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), "4.0-hidden");
    expect(o.distributions).toEqual([]);
    expect(o.changes?.changed).toBeNull();
  });
});

describe("drafts", () => {
  it("are found by admins only, wherever a release is looked up", async () => {
    await importInputRelease(admin, "5.0-draft", {}, hiddenIds.slice(0, 5), () => 3);
    const anon = await leaderboard(
      getRequest("/api/v1/tasks/bouncerbench/input/leaderboard?release=5.0-draft"),
      ctx(P),
    );
    expect(anon.status).toBe(404);
    await expect(
      getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), hiddenIds[0], {
        version: "5.0-draft",
      }),
    ).rejects.toThrow(/not found/);
    await expect(
      getTaskInstance(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), hiddenIds[0], {
        version: "5.0-draft",
        actor: await actorFromToken(teams.attacker),
      }),
    ).rejects.toThrow(/not found/);
    await expect(
      releaseOverview(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), "5.0-draft"),
    ).rejects.toThrow(/not found/);
    const asAdmin = await getTaskInstance(
      db.prisma,
      await getTaskOrThrow(db.prisma, "bouncerbench/input"),
      hiddenIds[0],
      {
        version: "5.0-draft",
        actor: await actorFromToken(admin),
      },
    );
    expect(asAdmin.truth).toMatchObject({ label: 3 });
    const rel = await (
      await releasesRoute(getRequest("/api/v1/tasks/bouncerbench/input/releases", teams.attacker), ctx(P))
    ).json();
    expect(JSON.stringify(rel)).not.toContain("5.0-draft");
  });
});
