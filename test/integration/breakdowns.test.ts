// Per-slice breakdowns (issue 20) through the route handlers on a real PostgreSQL: stored with the
// score, checked against F_m recomputed here by hand from the file and the release's truth.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { apiCall } from "../helpers/requests";

let db: TestDatabase;
let gpt = "";

const get = (url: string) => apiCall("GET", url);

beforeAll(async () => {
  db = await seededTestDatabase({ runJobs: true });
  const lb = await get("/api/v1/tasks/bouncerbench/input/leaderboard?baselines=0");
  gpt = lb.body.rows.find((r: { model: string }) => r.model === "gpt-4.1").submissionId;
});
afterAll(async () => db?.drop());

/** Macro F1 of accept/bounce from counts (METRICS.md §1), written out here. */
function fm(rows: { truth: boolean; pred: boolean }[]) {
  const f1 = (pos: boolean) => {
    const tp = rows.filter((r) => r.truth === pos && r.pred === pos).length;
    const fp = rows.filter((r) => r.truth !== pos && r.pred === pos).length;
    const fn = rows.filter((r) => r.truth === pos && r.pred !== pos).length;
    return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  };
  return (f1(true) + f1(false)) / 2;
}

describe("breakdowns", () => {
  it("lists the attributes the release offers", async () => {
    const r = await get("/api/v1/tasks/bouncerbench/input/breakdowns");
    expect(r.status).toBe(200);
    const keys = r.body.attributes.map((a: { key: string }) => a.key);
    expect(keys).toEqual(expect.arrayContaining(["repository", "length", "label"]));
    const repo = r.body.attributes.find((a: { key: string }) => a.key === "repository");
    expect(repo.slices).toBeGreaterThanOrEqual(10);
  });

  it("by repository: every slice's F_m is the one computed by hand on its instances, within its interval", async () => {
    const r = await get(`/api/v1/submissions/${gpt}/breakdown?by=repository`);
    expect(r.status).toBe(200);
    expect(r.body.by).toBe("repository");
    const task = await db.prisma.task.findFirstOrThrow({ where: { fullSlug: "bouncerbench/input" } });
    const release = await db.prisma.release.findFirstOrThrow({ where: { taskId: task.id, status: "published" } });
    const instances = await db.prisma.instance.findMany({ where: { releaseId: release.id } });
    const preds = await db.prisma.prediction.findMany({ where: { submissionId: gpt } });
    const pred = new Map(preds.map((p) => [p.externalId, (p.data as { bounce: boolean }).bounce]));
    const byRepo = new Map<string, { truth: boolean; pred: boolean }[]>();
    for (const i of instances) {
      const m = /^(.+?)__(.+)-\d+$/.exec(i.externalId)!;
      const repo = `${m[1]}/${m[2]}`;
      if (!pred.has(i.externalId)) continue;
      const list = byRepo.get(repo) ?? [];
      list.push({ truth: (i.truth as { bounce: boolean }).bounce, pred: pred.get(i.externalId)! });
      byRepo.set(repo, list);
    }
    expect(r.body.slices.map((s: { value: string }) => s.value).sort()).toEqual([...byRepo.keys()].sort());
    let total = 0;
    for (const s of r.body.slices as {
      value: string;
      n: number;
      metrics: { F_m: number };
      ci: { lo: number; hi: number } | null;
    }[]) {
      const rows = byRepo.get(s.value)!;
      expect(s.n).toBe(rows.length);
      expect(s.metrics.F_m).toBeCloseTo(fm(rows), 12);
      // one instance has no interval; the rest have one around the slice's value
      if (s.n === 1) expect(s.ci).toBeNull();
      else {
        expect(s.ci!.lo).toBeLessThanOrEqual(s.ci!.hi);
        expect(s.ci!.lo).toBeLessThanOrEqual(s.metrics.F_m + 1e-12);
      }
      total += s.n;
    }
    expect(total).toBe(pred.size);
    // largest slice first
    const ns = r.body.slices.map((s: { n: number }) => s.n);
    expect(ns).toEqual([...ns].sort((a, b) => b - a));
  });

  it("stored with the score at write time: the route reads no prediction", async () => {
    const score = await db.prisma.score.findFirstOrThrow({
      where: { submissionId: gpt, release: { status: "published" } },
    });
    expect(Object.keys((score.details as { breakdowns: object }).breakdowns)).toEqual(
      expect.arrayContaining(["repository", "length", "label"]),
    );
  });

  it("an attribute the release lacks is a 404 naming the ones it has; none at all is a 422", async () => {
    const r = await get(`/api/v1/submissions/${gpt}/breakdown?by=build_system`);
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/offers: .*repository/);
    expect((await get(`/api/v1/submissions/${gpt}/breakdown`)).status).toBe(422);
    expect((await get(`/api/v1/submissions/${gpt}/breakdown?by=DROP%20TABLE`)).status).toBe(422);
  });
});

describe("scores from before breakdowns were stored", () => {
  it("answer 404 (never computed per request) until the fill job stores the same slices", async () => {
    const before = await get(`/api/v1/submissions/${gpt}/breakdown?by=repository`);
    expect(before.status).toBe(200);
    await db.prisma.$executeRawUnsafe(
      `UPDATE scores SET details = details - 'breakdowns' WHERE submission_id = $1::uuid`,
      gpt,
    );
    const missing = await get(`/api/v1/submissions/${gpt}/breakdown?by=repository`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/being computed/);
    const { fillBreakdowns, queueFillBreakdowns } = await import("@/lib/server/scoring");
    // a back-fill moves the board's version once per batch, not once per score (cached boards
    // and pages would otherwise be thrown away for every score it fills)
    await db.prisma.$executeRawUnsafe(
      `UPDATE scores SET details = details - 'breakdowns' WHERE release_id = (SELECT release_id FROM scores WHERE submission_id = $1::uuid LIMIT 1)`,
      gpt,
    );
    const version = async () =>
      Number(
        (
          await db.query<{ v: string }>(
            `SELECT r.board_version::text AS v FROM releases r JOIN scores s ON s.release_id = r.id WHERE s.submission_id = $1::uuid LIMIT 1`,
            [gpt],
          )
        )[0].v,
      );
    const v0 = await version();
    const filled = await fillBreakdowns(db.prisma);
    expect(filled).toBeGreaterThan(1);
    expect(await version()).toBe(v0 + 1);
    expect(await queueFillBreakdowns(db.prisma)).toBe(false);
    await db.prisma.$executeRawUnsafe(
      `UPDATE scores SET details = details - 'breakdowns' WHERE submission_id = $1::uuid`,
      gpt,
    );
    expect(await queueFillBreakdowns(db.prisma)).toBe(true);
    await db.runJobs();
    expect(await fillBreakdowns(db.prisma)).toBe(0);
    const after = await get(`/api/v1/submissions/${gpt}/breakdown?by=repository`);
    expect(after.status).toBe(200);
    expect(after.body.slices).toEqual(before.body.slices);
  });
});

describe("a long back-fill", () => {
  it("leaves its release's cached answers in place while it fills it: a bump when it is done, or 30 s after it began if it stops", async () => {
    const { fillBreakdownsStep, BUMP_EVERY_MS } = await import("@/lib/server/scoring");
    await db.runJobs();
    const [{ release }] = await db.query<{ release: string }>(
      `SELECT release_id::text AS release FROM scores WHERE submission_id = $1::uuid LIMIT 1`,
      [gpt],
    );
    await db.prisma.$executeRawUnsafe(
      `UPDATE scores SET details = details - 'breakdowns' WHERE release_id = $1::uuid`,
      release,
    );
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scores WHERE release_id = $1::uuid`, [
      release,
    ]);
    expect(n).toBeGreaterThanOrEqual(4);
    const version = async () =>
      Number(
        (
          await db.query<{ v: string }>(`SELECT board_version::text AS v FROM releases WHERE id = $1::uuid`, [release])
        )[0].v,
      );
    const bumps = () =>
      db.query<{ due: Date }>(`SELECT j.run_at AS due FROM graphile_worker._private_jobs j WHERE j.key = $1`, [
        `bump-board:${release}`,
      ]);
    // (an earlier fill's bump, still waiting, would be kept: this one starts without)
    await db.query(`DELETE FROM graphile_worker._private_jobs WHERE key = $1`, [`bump-board:${release}`]);
    const v0 = await version();
    const started = Date.now();
    let r = await fillBreakdownsStep(db.prisma, 1);
    expect(r.more).toBe(true);
    // in progress: no bump now, one queued 30 s ahead
    expect(await version()).toBe(v0);
    const [queued] = await bumps();
    expect(queued.due.getTime()).toBeGreaterThanOrEqual(started + BUMP_EVERY_MS - 1000);
    expect(queued.due.getTime()).toBeLessThanOrEqual(Date.now() + BUMP_EVERY_MS + 1000);
    // later batches keep it where it is
    r = await fillBreakdownsStep(db.prisma, 1);
    expect(await version()).toBe(v0);
    expect(await bumps()).toEqual([queued]);
    // the batch that finishes the release bumps at once
    while (r.more) r = await fillBreakdownsStep(db.prisma, 1);
    expect(await version()).toBe(v0 + 1);
    const [{ left }] = await db.query<{ left: number }>(
      `SELECT count(*)::int AS left FROM scores WHERE release_id = $1::uuid AND NOT details ? 'breakdowns'`,
      [release],
    );
    expect(left).toBe(0);
    // the queued bump, when due, finds the version moved since it was queued: nothing to do
    const due = async () => {
      await db.query(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1`, [
        `bump-board:${release}`,
      ]);
      await db.runJobs();
    };
    await due();
    expect(await version()).toBe(v0 + 1);
    expect(await bumps()).toEqual([]);
    // a fill that stops half-way (a score it cannot fill, another release's scores first): the
    // queued bump shows what it filled
    await db.prisma.$executeRawUnsafe(
      `UPDATE scores SET details = details - 'breakdowns' WHERE release_id = $1::uuid`,
      release,
    );
    r = await fillBreakdownsStep(db.prisma, 1);
    expect(r.more).toBe(true);
    expect(await version()).toBe(v0 + 1);
    await due();
    expect(await version()).toBe(v0 + 2);
    while ((await fillBreakdownsStep(db.prisma, 50)).more);
  });
});

describe("breakdowns computed the older way (issue 33: slices of one truth class read R_b / FNR_a)", () => {
  it("are recomputed by the fill job, and each label slice then carries the share bounced, by hand", async () => {
    const { fillBreakdowns, queueFillBreakdowns } = await import("@/lib/server/scoring");
    await db.runJobs();
    // as an older version stored them: no headline, no version mark
    await db.prisma.$executeRawUnsafe(
      `UPDATE scores SET details = details - 'breakdowns_v' WHERE submission_id = $1::uuid`,
      gpt,
    );
    expect(await queueFillBreakdowns(db.prisma)).toBe(true);
    await db.runJobs();
    const [row] = await db.query<{ v: number }>(
      `SELECT (details->>'breakdowns_v')::int AS v FROM scores WHERE submission_id = $1::uuid`,
      [gpt],
    );
    expect(row.v).toBeGreaterThanOrEqual(2);
    expect(await fillBreakdowns(db.prisma)).toBe(0);
    const res = await get(`/api/v1/submissions/${gpt}/breakdown?by=label`);
    expect(res.status).toBe(200);
    // by hand from the file and the release: per label, the share of its tickets gpt-4.1 bounced
    const fs = await import("node:fs");
    const path = await import("node:path");
    const preds = JSON.parse(
      fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8"),
    ) as Record<string, { input_bounce?: boolean; label?: string }>;
    const instances = await db.query<{ external_id: string; truth: { bounce: boolean; label?: number } }>(
      `SELECT i.external_id, i.truth FROM instances i JOIN releases r ON r.id = i.release_id
        JOIN tasks t ON t.id = r.task_id WHERE t.full_slug = 'bouncerbench/input' AND r.version = $1`,
      [res.body.release],
    );
    for (const slice of res.body.slices as { value: string; n: number; headline: { key: string; value: number } }[]) {
      expect(slice.headline.key).toMatch(/^(R_b|FNR_a)$/);
      const members = instances.filter(
        (i) =>
          ["WELL_SPECIFIED", "REASONABLY_SPECIFIED", "VAGUE", "IMPOSSIBLE_TO_SOLVE"][i.truth.label ?? -1] ===
          slice.value,
      );
      expect(members).toHaveLength(slice.n);
      const bounced = members.filter((i) => {
        const p = preds[i.external_id];
        return p.input_bounce ?? ["VAGUE", "IMPOSSIBLE_TO_SOLVE"].includes(p.label ?? "");
      }).length;
      expect(slice.headline.value).toBeCloseTo(bounced / members.length, 12);
      expect(slice.headline.key).toBe(members[0].truth.bounce ? "R_b" : "FNR_a");
    }
  });
});
