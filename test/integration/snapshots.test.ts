// Snapshots (issue 31): a published release's board frozen into content-addressed files that
// anyone can download and recompute. Through the real routes on a real PostgreSQL: made by a job
// (one at a time per release), listed, served immutable, equal to the board at the time,
// verified intact, refused when one outcome is changed (whether or not the forger re-hashes),
// kept through a withdrawal, board-only for a hidden release, and taken down by an admin.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifySnapshot } from "@/lib/snapshots/verify";
import { sqlOf } from "@/lib/server/db";
import { buildSnapshot } from "@/lib/server/snapshots";
import { collectObjects, releasesDueForSnapshot } from "@/lib/server/snapshots/snapshots.sql";
import { HIDDEN_PUBLISHED, importInputRelease } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiRequest, multipartRequest } from "../helpers/requests";
import { dispatch } from "../helpers/router";
import { downloadSnapshot, fromDir } from "../helpers/snapshots";

const SEED = "prisma/seed-data/bouncerbench";
const ids = Object.keys(JSON.parse(fs.readFileSync(path.join(SEED, "input_bouncer_gpt-4.1.json"), "utf8")));

let db: TestDatabase;
let admin: string;
const tokens: string[] = [];
let tmp: string;
let snapshotId = "";
let releaseId = "";

/** The route's raw response (snapshot files are bytes, not JSON). */
const call = (method: string, url: string, token?: string, json?: unknown) =>
  dispatch(apiRequest(method, url, { token, body: json }));

/** A file of predictions: instance i bounced when pattern(i). */
const predictions = (pattern: (i: number) => boolean) =>
  JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: pattern(i) }])));

beforeAll(async () => {
  db = await seededTestDatabase();
  admin = await teamToken(db, "snap-admins", { isAdmin: true });
  for (const [k, name] of ["snap-a", "snap-b"].entries()) {
    tokens.push(await teamToken(db, name));
    for (const m of [0, 1]) {
      const res = await dispatch(
        multipartRequest(
          "/api/v1/tasks/bouncerbench/input/submissions",
          { model: `${name}-m${m}`, visibility: "public" },
          // four different systems (two teams' identical files would be a copy, held for review)
          { name: "p.json", text: predictions((i) => (i * (k + 2) + m) % 7 < 3) },
          tokens[k],
        ),
      );
      expect(res.status, await res.clone().text()).toBe(201);
    }
  }
  await db.runJobs();
  const task = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
  releaseId = (await db.prisma.release.findFirstOrThrow({ where: { taskId: task.id, status: "published" } })).id;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lb-snap-"));
}, 180_000);
afterAll(async () => {
  await db?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Downloads a snapshot's files through the routes into a folder of its own. */
async function download(id: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(tmp, "copy-"));
  await downloadSnapshot(id, dir);
  return dir;
}

/**
 * Rewrites the predictions of a copy; when `forge`, as a careful forger would: the manifest's hash
 * of the file rewritten too (the id then no longer matches).
 */
function tamper(dir: string, edit: (csv: string) => string, forge: boolean) {
  const file = path.join(dir, "predictions.csv.gz");
  const data = zlib.gzipSync(Buffer.from(edit(zlib.gunzipSync(fs.readFileSync(file)).toString())));
  fs.writeFileSync(file, data);
  if (!forge) return;
  const m = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  const f = m.files.find((x: { name: string }) => x.name === "predictions.csv.gz");
  f.sha256 = crypto.createHash("sha256").update(data).digest("hex");
  f.bytes = data.length;
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(m, null, 2));
}

describe("a snapshot of a public release", () => {
  it("is made by a job, one at a time per release, and listed", async () => {
    const first = await call("POST", `/api/v1/admin/releases/${releaseId}/snapshots`, admin);
    expect(first.status).toBe(202);
    const { job } = (await first.json()) as { job: { id: string } };
    const again = await call("POST", `/api/v1/admin/releases/${releaseId}/snapshots`, admin);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toContain(job.id);
    expect((await call("POST", `/api/v1/admin/releases/${releaseId}/snapshots`, tokens[0])).status).toBe(403);
    await db.runJobs();
    const state = (await (await call("GET", `/api/v1/jobs/${job.id}`, admin)).json()) as {
      status: string;
      result: { snapshot: string };
    };
    expect(state.status).toBe("done");
    snapshotId = state.result.snapshot;
    expect(snapshotId).toMatch(/^[0-9a-f]{64}$/);
    const list = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
      snapshots: { id: string; reason: string; takenDown: unknown }[];
    };
    expect(list.snapshots.find((s) => s.id === snapshotId)).toMatchObject({ reason: "admin", takenDown: null });
  });

  it("its id is the SHA-256 of its manifest, served immutable; the board it holds is the board at the time", async () => {
    const res = await call("GET", `/api/v1/snapshots/${snapshotId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(snapshotId);
    const manifest = JSON.parse(bytes.toString());
    expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual(
      [
        "board.csv.gz",
        "board.parquet",
        "moderation.csv.gz",
        "moderation.parquet",
        "instances.csv.gz",
        "instances.parquet",
        // predictions as one gzipped CSV joined from a part per submission (issue 48): no Parquet copy
        "predictions.csv.gz",
      ].sort(),
    );
    const dir = await download(snapshotId);
    const board = zlib.gunzipSync(fs.readFileSync(path.join(dir, "board.csv.gz"))).toString();
    const live = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all")).json()) as {
      rows: { submissionId: string; rank: number | null; metrics: Record<string, number> }[];
    };
    for (const r of live.rows) {
      const line = board.split("\n").find((l) => l.startsWith("all,") && l.includes(r.submissionId));
      expect(line, r.submissionId).toBeTruthy();
      expect(line).toContain(String(r.metrics.F_m));
    }
    expect(manifest.rankIntervals.state).toBe("fresh");
  });

  it("verifies: every hash, both formats, every row recomputed, and the rank intervals", async () => {
    const dir = await download(snapshotId);
    const v = await verifySnapshot(fromDir(dir), snapshotId);
    expect(v.lines.filter((l) => l.startsWith("✗"))).toEqual([]);
    expect(v.ok).toBe(true);
    // the four uploads and the baselines, each recomputed
    expect(v.lines.filter((l) => /^✓ snap-[ab]-m[01] \(snap-[ab]\): F_m 0\.\d{4}$/.test(l))).toHaveLength(4);
    // the four uploads and the paper's five seeded systems are ranked; baselines are not
    expect(v.lines).toContain("✓ rank intervals (all): 9 rows, marginal and simultaneous");
    expect(v.lines.some((l) => l.startsWith("✓ rank intervals (best)"))).toBe(true);
  });

  it("one outcome changed in a copy is caught: by its hash, and — when the forger re-hashes — by the id and by recomputing", async () => {
    // the first prediction's outcome (the last column), turned around
    const flip = (csv: string) => {
      const out = csv.replace(
        /,(true|false)(\r?\n)/,
        (_, b: string, nl: string) => `,${b === "true" ? "false" : "true"}${nl}`,
      );
      expect(out).not.toBe(csv);
      return out;
    };
    const plain = await download(snapshotId);
    tamper(plain, flip, false);
    const v1 = await verifySnapshot(fromDir(plain), snapshotId);
    expect(v1.ok).toBe(false);
    expect(v1.lines.find((l) => l.startsWith("✗ predictions.csv.gz"))).toMatch(/SHA-256/);

    const forged = await download(snapshotId);
    tamper(forged, flip, true);
    expect((await verifySnapshot(fromDir(forged), snapshotId)).lines[0]).toMatch(/is not the id/);
    // a copy checked on its own, every hash made to agree: the outcome is recomputed, and differs
    const v2 = await verifySnapshot(fromDir(forged));
    expect(v2.lines.filter((l) => l.startsWith("✗"))).toEqual([
      expect.stringMatching(/: 1 outcome\(s\) differ, e\.g\. /),
    ]);

    // a prediction changed the same way: its row's metrics do not recompute
    const changed = await download(snapshotId);
    tamper(
      changed,
      (csv) => {
        // the first prediction's decision, turned around (its JSON is quoted in the CSV)
        const out = csv.replace(/:true\}"/, ':false}"');
        expect(out).not.toBe(csv);
        return out;
      },
      true,
    );
    const v3 = await verifySnapshot(fromDir(changed));
    expect(v3.ok).toBe(false);
    expect(v3.lines.some((l) => /^✗ .*metrics differ/.test(l))).toBe(true);
  });

  it("`cli verify DIR` checks a downloaded copy: exit 0 intact, 1 with an outcome changed", async () => {
    const cli = (dir: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", "verify", dir], {
        encoding: "utf8",
        timeout: 120_000,
      });
    const dir = await download(snapshotId);
    const ok = cli(dir);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^✓ snap-a-m0 \(snap-a\): F_m 0\.\d{4}$/m);
    expect(ok.stdout).toMatch(/verified: every check passed/);
    tamper(
      dir,
      (csv) =>
        csv.replace(/,(true|false)(\r?\n)/, (_, b: string, nl: string) => `,${b === "true" ? "false" : "true"}${nl}`),
      true,
    );
    const bad = cli(dir);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^✗ .*1 outcome\(s\) differ/m);
    expect(bad.stdout).toMatch(/NOT verified: 1 check\(s\) failed/);
  });

  it("survives a withdrawal of a row it holds", async () => {
    const board = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all")).json()) as {
      rows: { submissionId: string; model: string }[];
    };
    const row = board.rows.find((r) => r.model === "snap-a-m0")!;
    expect((await call("PATCH", `/api/v1/submissions/${row.submissionId}`, admin, { withdrawn: true })).status).toBe(
      200,
    );
    const dir = await download(snapshotId);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "board.csv.gz"))).toString()).toContain(row.submissionId);
    expect((await verifySnapshot(fromDir(dir), snapshotId)).ok).toBe(true);
  });

  it("the moderation ledger: public decisions with role and reason, in the changelog and in the next snapshot; private ones stay private", async () => {
    const board = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all")).json()) as {
      rows: { submissionId: string; model: string }[];
    };
    const target = board.rows.find((r) => r.model === "snap-b-m1")!;
    const hide = await call("POST", `/api/v1/admin/submissions/${target.submissionId}/hide`, admin, {
      reason: "its traces contain the gold patch",
    });
    expect(hide.status).toBe(200);
    // a private submission's moderation is nobody else's business
    const priv = await dispatch(
      multipartRequest(
        "/api/v1/tasks/bouncerbench/input/submissions",
        { model: "snap-private", visibility: "private" },
        { name: "p.json", text: predictions((i) => i % 3 === 0) },
        tokens[1],
      ),
    );
    const privId = ((await priv.json()) as { id: string }).id;
    expect(
      (await call("POST", `/api/v1/admin/submissions/${privId}/hide`, admin, { reason: "secret reason" })).status,
    ).toBe(200);
    const log = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/changelog")).json()) as {
      events: { kind: string; summary: string; decidedBy?: string; reason?: string | null }[];
    };
    expect(log.events.find((e) => e.kind === "submission.hide")).toMatchObject({
      summary: "snap-b-m1 by snap-b hidden from the boards by an admin: its traces contain the gold patch",
      decidedBy: "admin",
      reason: "its traces contain the gold patch",
    });
    expect(log.events.find((e) => e.kind === "submission.withdraw")).toMatchObject({
      summary: "snap-a-m0 by snap-a withdrawn by its maintainers (an admin)",
      reason: "withdrawn by its team",
    });
    expect(JSON.stringify(log)).not.toContain("secret reason");
    expect(JSON.stringify(log)).not.toContain("snap-private");
    // the next snapshot carries the ledger
    const q = await call("POST", `/api/v1/admin/releases/${releaseId}/snapshots`, admin);
    expect(q.status).toBe(202);
    await db.runJobs();
    const list = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
      snapshots: { id: string }[];
    };
    const dir = await download(list.snapshots[0].id);
    const ledger = zlib.gunzipSync(fs.readFileSync(path.join(dir, "moderation.csv.gz"))).toString();
    expect(ledger).toContain("submission.hide");
    expect(ledger).toContain("its traces contain the gold patch");
    expect(ledger).toContain("submission.withdraw");
    expect(ledger).not.toContain("secret reason");
    expect((await verifySnapshot(fromDir(dir), list.snapshots[0].id)).ok).toBe(true);
  });

  it("downloads in the Every Eval Ever schema 0.3.0: one aggregate record per system, with the primary metric's CI", async () => {
    const res = await call("GET", `/api/v1/snapshots/${snapshotId}/eee`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { path: string; record: Record<string, any> }); // eslint-disable-line @typescript-eslint/no-explicit-any
    const dir = await download(snapshotId);
    const best = zlib
      .gunzipSync(fs.readFileSync(path.join(dir, "board.csv.gz")))
      .toString()
      .split(/\r?\n/)
      .filter((l) => l.startsWith("best,"));
    expect(lines).toHaveLength(best.length);
    const uuid4 = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
    for (const { path: p, record: r } of lines) {
      expect(p).toMatch(new RegExp(`^data/bouncerbench/[^/]+/[^/]+/${uuid4}\\.json$`));
      for (const k of [
        "schema_version",
        "evaluation_id",
        "retrieved_timestamp",
        "source_metadata",
        "model_info",
        "eval_library",
        "evaluation_results",
      ])
        expect(r, k).toHaveProperty(k);
      expect(r.schema_version).toBe("0.3.0");
      expect(r.source_metadata).toMatchObject({ source_type: "evaluation_run", evaluator_relationship: "third_party" });
      expect(r.model_info.additional_details).toMatchObject({
        deployment_type: "unknown",
        model_availability: "unknown",
      });
      // every additional detail is a string, as the EEE validator requires
      for (const d of [r.source_metadata.additional_details, r.model_info.additional_details])
        for (const v of Object.values(d)) expect(typeof v).toBe("string");
      for (const e of r.evaluation_results) {
        expect(typeof e.metric_config.lower_is_better).toBe("boolean");
        expect(Number.isFinite(e.score_details.score)).toBe(true);
        expect(e.source_data).toMatchObject({ dataset_name: "bouncerbench/input", source_type: "url" });
      }
    }
    const gpt = lines.find((l) => l.record.model_info.name === "gpt-4.1")!.record;
    const fm = gpt.evaluation_results.find(
      (e: { evaluation_name: string }) => e.evaluation_name === "bouncerbench.input.F_m",
    );
    expect(fm.score_details.score).toBeCloseTo(0.50021, 5);
    expect(fm.score_details.uncertainty.confidence_interval.confidence_level).toBe(0.95);
    expect(fm.score_details.uncertainty.num_samples).toBe(1699);
    expect(
      gpt.evaluation_results.find((e: { evaluation_name: string }) => e.evaluation_name === "bouncerbench.input.FNR_a")
        .metric_config.lower_is_better,
    ).toBe(true);
  });

  it("records the board version it froze, after bringing the intervals up to date: the daily run finds nothing to do", async () => {
    // a new upload: the board's intervals are pending when the snapshot is made, and its refresh moves board_version
    const res = await dispatch(
      multipartRequest(
        "/api/v1/tasks/bouncerbench/input/submissions",
        { model: "snap-late", visibility: "public" },
        { name: "p.json", text: predictions((i) => i % 7 < 3) },
        tokens[1],
      ),
    );
    expect(res.status).toBe(201);
    const { id } = await buildSnapshot(db.prisma, releaseId, "admin");
    const [row] = await db.query<{ snap: string; now: string }>(
      `SELECT s.board_version::text AS snap, r.board_version::text AS now FROM snapshots s JOIN releases r ON r.id = s.release_id WHERE s.id = $1`,
      [id],
    );
    expect(row.snap).toBe(row.now);
    // a day later, nothing changed: not due; after a change: due
    await db.query(`UPDATE snapshots SET created_at = created_at - interval '2 days' WHERE release_id = $1::uuid`, [
      releaseId,
    ]);
    expect((await releasesDueForSnapshot(sqlOf(db.prisma))).map((r) => r.id)).not.toContain(releaseId);
    await db.query(`UPDATE releases SET board_version = board_version + 1 WHERE id = $1::uuid`, [releaseId]);
    expect((await releasesDueForSnapshot(sqlOf(db.prisma))).map((r) => r.id)).toContain(releaseId);
    // the same files again (the version moved, nothing shown did): no copy, and the run is satisfied
    expect(await buildSnapshot(db.prisma, releaseId, "changed")).toEqual({ id, created: false });
    expect((await releasesDueForSnapshot(sqlOf(db.prisma))).map((r) => r.id)).not.toContain(releaseId);
    // a takedown is not undone by the next night's run
    await db.query(`UPDATE releases SET board_version = board_version + 1 WHERE id = $1::uuid`, [releaseId]);
    const fresh = await buildSnapshot(db.prisma, releaseId, "changed");
    expect(fresh.id).toBe(id);
    expect((await call("DELETE", `/api/v1/admin/snapshots/${id}`, admin, { reason: "a test takedown" })).status).toBe(
      204,
    );
    await db.query(`UPDATE snapshots SET created_at = created_at - interval '2 days' WHERE release_id = $1::uuid`, [
      releaseId,
    ]);
    expect((await releasesDueForSnapshot(sqlOf(db.prisma))).map((r) => r.id)).not.toContain(releaseId);
  });

  it("costs what changed: after one upload, a debounced job freezes the board with that upload's part, the board and the ledger as new objects", async () => {
    const since = (await db.query<{ now: Date }>(`SELECT now() AS now`))[0].now;
    const res = await dispatch(
      multipartRequest(
        "/api/v1/tasks/bouncerbench/input/submissions",
        { model: "snap-cost", visibility: "public" },
        { name: "p.json", text: predictions((i) => i % 11 < 4) },
        tokens[0],
      ),
    );
    expect(res.status).toBe(201);
    const upload = ((await res.json()) as { id: string }).id;
    await db.runJobs(); // scores, refreshes the board: its snapshot is queued a moment later
    const queued = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM graphile_worker.jobs WHERE task_identifier = 'snapshot-board' AND key = $1`,
      [`snapshot-board:${releaseId}`],
    );
    expect(queued[0].n).toBe("1");
    await new Promise((r) => setTimeout(r, 2200));
    await db.runJobs();
    const [snap] = await db.query<{ id: string; snap: string; now: string }>(
      `SELECT s.id, s.board_version::text AS snap, r.board_version::text AS now FROM snapshots s
         JOIN releases r ON r.id = s.release_id WHERE s.release_id = $1::uuid ORDER BY s.created_at DESC LIMIT 1`,
      [releaseId],
    );
    // the newest snapshot holds the board readers see now, and the upload's predictions
    expect(snap.snap).toBe(snap.now);
    const dir = await download(snap.id);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "predictions.csv.gz"))).toString()).toContain(upload);
    expect((await verifySnapshot(fromDir(dir), snap.id)).ok).toBe(true);
    // new storage: the board and the ledger (two formats each), the gzip trailer and this upload's part
    const fresh = await db.query<{ sha256: string; size: number }>(
      `SELECT sha256, size FROM snapshot_objects WHERE created_at >= $1`,
      [since],
    );
    const [part] = await db.query<{ object: string }>(
      `SELECT object FROM snapshot_parts WHERE submission_id = $1::uuid`,
      [upload],
    );
    expect(fresh.map((o) => o.sha256)).toContain(part.object);
    expect(fresh.length).toBeLessThanOrEqual(6);
    const [other] = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM snapshot_parts WHERE release_id = $1::uuid AND object = ANY($2::text[]) AND submission_id <> $3::uuid`,
      [releaseId, fresh.map((o) => o.sha256), upload],
    );
    expect(other.n).toBe("0");
  });

  it("collects the objects no live snapshot holds, an hour after they were written, and keeps every live file whole", async () => {
    await db.query(
      `INSERT INTO snapshot_objects (sha256, size, data) VALUES ('orphan', 3, 'abc'), ('young', 3, 'abc')`,
    );
    await db.query(`UPDATE snapshot_objects SET created_at = now() - interval '2 hours' WHERE sha256 <> 'young'`);
    const gone = await collectObjects(sqlOf(db.prisma));
    expect(gone.objects).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ sha256: string }>(
      `SELECT sha256 FROM snapshot_objects WHERE sha256 IN ('orphan', 'young')`,
    );
    expect(left.map((r) => r.sha256)).toEqual(["young"]);
    // every live snapshot still downloads and verifies
    const live = await db.query<{ id: string }>(
      `SELECT id FROM snapshots WHERE release_id = $1::uuid AND taken_down_at IS NULL ORDER BY created_at DESC LIMIT 2`,
      [releaseId],
    );
    for (const { id } of live) expect((await verifySnapshot(fromDir(await download(id)), id)).ok).toBe(true);
  });

  it("is taken down only by an admin, with a reason the listing shows", async () => {
    expect((await call("DELETE", `/api/v1/admin/snapshots/${snapshotId}`, tokens[0], { reason: "mine" })).status).toBe(
      403,
    );
    expect(
      (await call("DELETE", `/api/v1/admin/snapshots/${snapshotId}`, admin, { reason: "a court order" })).status,
    ).toBe(204);
    const gone = await call("GET", `/api/v1/snapshots/${snapshotId}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toMatch(/taken down .*: a court order/);
    const list = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
      snapshots: { id: string; takenDown: { reason: string } | null }[];
    };
    expect(list.snapshots.find((s) => s.id === snapshotId)?.takenDown?.reason).toBe("a court order");
    expect((await call("GET", `/api/v1/snapshots/${"0".repeat(64)}`)).status).toBe(404);
    expect((await call("GET", "/api/v1/snapshots/not-an-id")).status).toBe(422);
    // the takedown is on the ledger
    const log = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/changelog")).json()) as {
      events: { kind: string; summary: string }[];
    };
    expect(log.events.find((e) => e.kind === "snapshot.takedown")?.summary).toMatch(
      /^Snapshot [0-9a-f]{12}… of release 1\.1 taken down by an admin: a court order$/,
    );
  });
});

describe("a snapshot of a hidden release", () => {
  it("is made when the release is published and re-scored, and holds the board only: nothing per instance", async () => {
    await importInputRelease(admin, "9.0-hidden", HIDDEN_PUBLISHED, ids.slice(0, 30), (i) => i % 4);
    await db.runJobs();
    const list = (await (await call("GET", "/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
      snapshots: { id: string; release: string; hidden: boolean; reason: string }[];
    };
    const snap = list.snapshots.find((s) => s.release === "9.0-hidden");
    expect(snap).toMatchObject({ hidden: true, reason: "publish" });
    const manifest = JSON.parse(
      Buffer.from(await (await call("GET", `/api/v1/snapshots/${snap!.id}`)).arrayBuffer()).toString(),
    );
    expect(manifest.files.map((f: { name: string }) => f.name).sort()).toEqual([
      "board.csv.gz",
      "board.parquet",
      "moderation.csv.gz",
      "moderation.parquet",
    ]);
    // the imported file's SHA-256 would confirm a guess of the truth: withheld
    expect(manifest.release.checksum).toBe("");
    expect(manifest.withheld).toContain("the release file's checksum");
    const refused = await call("GET", `/api/v1/snapshots/${snap!.id}/files/predictions.csv.gz`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toMatch(/hidden release: it holds the board only/);
    const dir = await download(snap!.id);
    const v = await verifySnapshot(fromDir(dir), snap!.id);
    expect(v.ok).toBe(true);
    expect(v.lines.at(-1)).toMatch(/hidden release/);
    // nothing of the truth in what it holds
    const board = zlib.gunzipSync(fs.readFileSync(path.join(dir, "board.csv.gz"))).toString();
    for (const id of ids.slice(0, 30)) expect(board).not.toContain(id);
  });
});
