import crypto from "node:crypto";
import { scoredPredictions } from "@/lib/server/judging";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { BOOTSTRAP_RESAMPLES, METRICS_VERSION } from "@/lib/metrics";
import { taskOptions } from "@/lib/tasks/catalog";
import type { ResolvedTask } from "@/lib/tasks/resolve";
import {
  BOARD_COLUMNS,
  csvGz,
  INSTANCE_COLUMNS,
  manifestOf,
  MODERATION_COLUMNS,
  parquet,
  PREDICTION_COLUMNS,
  sha256,
  type Manifest,
  type ManifestFile,
  type Table,
} from "@/lib/snapshots/format";
import { gzipEnds, headerPart, rowsPart, type DeflatedPart } from "@/lib/snapshots/parts";
import type { PartSums } from "@/lib/snapshots/gzip-join";
import type { StoredInstance } from "@/lib/tasks/types";
import { sqlOf } from "@/lib/server/db";
import { getReleaseInstances } from "@/lib/server/cache";
import { readBoard, refreshBoard, type BoardRow } from "@/lib/server/leaderboard";
import { encodeOutcomes, outcomeAt } from "@/lib/server/scoring/outcomes";
import { resolvedTask, TASK_WITH_BENCHMARK } from "@/lib/server/tasks";
import { LEDGER_KINDS } from "@/lib/server/releases";
import { log } from "@/lib/server/observability";
import { signSnapshot } from "./signing";
import {
  confirmBoardVersion,
  currentParts,
  insertObject,
  insertSnapshot,
  insertSnapshotFile,
  latestSnapshotOfRelease,
  ledgerEvents,
  objectData,
  predictionsOf,
  savePart,
  scoreStamps,
  snapshotFileEntries,
  snapshotFileHashes,
  snapshotManifest,
  storedObjects,
} from "./snapshots.sql";

/** A file of a snapshot as built: what the manifest lists, and the objects it is made of (with the bytes of those written now). */
type BuiltFile = ManifestFile & { parts: { sha256: string; data?: Buffer }[] };

type Release = { id: string; version: string; hidden: boolean; bootstrapSeed: number; checksum: string };
type Progress = (done: number, total: number) => Promise<void>;

/** Both views of the board, in board order, one row per (view, row). */
function boardTable(board: { all: BoardRow[]; best: BoardRow[] }): Table {
  const rows = (["all", "best"] as const).flatMap((view) =>
    board[view].map((r, position) => ({
      view,
      position,
      rank: r.rank,
      rank_lo: r.rankInterval?.lo ?? null,
      rank_hi: r.rankInterval?.hi ?? null,
      rank_sim_lo: r.rankIntervalSimultaneous?.lo ?? null,
      rank_sim_hi: r.rankIntervalSimultaneous?.hi ?? null,
      top_group: r.topGroup,
      submission_id: r.submissionId,
      model: r.model,
      system: r.system,
      team: r.team,
      team_slug: r.teamSlug,
      baseline: r.baseline,
      partial: r.partial,
      covered: r.coverage.covered,
      total: r.coverage.total,
      primary: r.primary,
      ci_low: r.ci?.low ?? null,
      ci_high: r.ci?.high ?? null,
      margin: r.margin ?? null,
      metrics_json: JSON.stringify(r.metrics),
      meta_json: JSON.stringify(r.meta ?? {}),
      created_at: r.createdAt,
      verified_at: r.verified?.at ?? null,
      runs_withheld: r.runs ? r.runs.withheld.private.length + r.runs.withheld.withdrawn.length : null,
    })),
  );
  return { name: "board", columns: BOARD_COLUMNS, rows };
}

/** The release's instances with the truth and metadata they were scored against (public releases only). */
async function instancesTable(db: PrismaClient, release: Release): Promise<Table> {
  const instances = await getReleaseInstances(db, release.id, false);
  return {
    name: "instances",
    columns: INSTANCE_COLUMNS,
    rows: instances.map((i) => ({
      position: i.position,
      instance_id: i.externalId,
      truth_json: JSON.stringify(i.truth),
      metadata_json: JSON.stringify(i.metadata ?? {}),
    })),
  };
}

/** One submission's predictions on the release as a part of the predictions file: each with whether it was right as scored. */
async function submissionPart(
  db: PrismaClient,
  task: ResolvedTask,
  release: Release,
  instances: StoredInstance[],
  id: string,
): Promise<DeflatedPart> {
  const stored = await predictionsOf(sqlOf(db), id, task.kind.storageOnlyFields ?? []);
  const raw = new Map(stored.map((p) => [p.external_id, p.data]));
  // as scored: a server judge's verdicts in place, so the file recomputes to the board's numbers
  const preds = (await scoredPredictions(db, task, { submissionId: id, releaseId: release.id }, instances, raw)) ?? raw;
  const bits = encodeOutcomes(task, instances, preds);
  const rows: Table["rows"] = [];
  instances.forEach((inst, i) => {
    const p = preds.get(inst.externalId);
    if (p)
      rows.push({
        submission_id: id,
        instance_id: inst.externalId,
        prediction_json: JSON.stringify(p),
        correct: outcomeAt(bits, instances.length, i),
      });
  });
  return rowsPart(PREDICTION_COLUMNS, rows);
}

/**
 * The predictions file: every board submission's predictions on the release and whether each was
 * right as scored, one part per submission in board order (./parts.ts). A part is written once per
 * score: the parts of submissions whose scores stand since the last snapshot are reused, so a
 * snapshot after one upload compresses that upload's predictions alone.
 */
async function predictionsFile(
  db: PrismaClient,
  task: ResolvedTask,
  release: Release,
  ids: string[],
  progress: Progress,
): Promise<BuiltFile> {
  const instances = await getReleaseInstances(db, release.id, false);
  const stored = new Map((await currentParts(sqlOf(db), release.id, ids)).map((p) => [p.submission_id, p]));
  // read before any part is built: a part is labelled with the score it was built from
  const stamps = await scoreStamps(sqlOf(db), release.id, ids);
  const parts: { sha256: string; data?: Buffer; sums: PartSums; rows: number }[] = [];
  const header = headerPart(PREDICTION_COLUMNS);
  parts.push({ sha256: sha256(header.data), data: header.data, sums: header, rows: 0 });
  for (const [k, id] of ids.entries()) {
    const p = stored.get(id);
    if (p) {
      const sums = { crc32: Number(p.crc32), rawSize: Number(p.raw_size) };
      parts.push({ sha256: p.object, sums, rows: p.rows });
      continue;
    }
    const built = await submissionPart(db, task, release, instances, id);
    const object = sha256(built.data);
    await insertObject(sqlOf(db), object, built.data);
    const computedAt = stamps.get(id);
    if (computedAt)
      await savePart(sqlOf(db), { submissionId: id, releaseId: release.id, computedAt, object, ...built });
    parts.push({ sha256: object, data: built.data, sums: built, rows: built.rows });
    if (k % 50 === 0) await progress(k + 1, ids.length + 1);
  }
  const { head, tail } = gzipEnds(parts.map((p) => p.sums));
  const all = [{ sha256: sha256(head), data: head }, ...parts, { sha256: sha256(tail), data: tail }];
  return joined(
    "predictions.csv.gz",
    all,
    parts.reduce((n, p) => n + p.rows, 0),
    db,
  );
}

/** A file made of objects: its SHA-256 and size read through the objects' bytes (those not at hand from the database). */
async function joined(
  name: string,
  parts: { sha256: string; data?: Buffer }[],
  rows: number,
  db: PrismaClient,
): Promise<BuiltFile> {
  const missing = parts.filter((p) => !p.data).map((p) => p.sha256);
  const fetched = missing.length ? await objectData(sqlOf(db), [...new Set(missing)]) : new Map<string, Buffer>();
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for (const p of parts) {
    const data = p.data ?? fetched.get(p.sha256);
    if (!data) throw new Error(`snapshot object ${p.sha256} is missing`);
    hash.update(data);
    bytes += data.length;
  }
  return {
    name,
    sha256: hash.digest("hex"),
    bytes,
    rows,
    parts: parts.map((p) => ({ sha256: p.sha256, data: p.data })),
  };
}

/**
 * The instances files of the release's newest snapshot, when it froze the same release file (its
 * checksum): a release's instances and truth do not change, so they are not written again.
 */
async function storedInstanceFiles(db: PrismaClient, rel: Release): Promise<BuiltFile[] | null> {
  const newest = await latestSnapshotOfRelease(sqlOf(db), rel.id);
  if (!newest) return null;
  const m = await snapshotManifest(sqlOf(db), newest.id);
  const manifest = m ? (JSON.parse(m.manifest.toString("utf8")) as Manifest) : null;
  if (!manifest || manifest.release.checksum !== rel.checksum || !rel.checksum) return null;
  const files = await snapshotFileEntries(sqlOf(db), newest.id, ["instances.csv.gz", "instances.parquet"]);
  if (files.length !== 2) return null;
  return files.map((f) => ({
    name: f.name,
    sha256: f.sha256,
    bytes: Number(f.size),
    rows: f.rows,
    parts: f.parts.map((h) => ({ sha256: h })),
  }));
}

/** A table's two files (gzipped CSV, Parquet), each one object. */
function tableFiles(t: Table): BuiltFile[] {
  return [
    { name: `${t.name}.csv.gz`, data: csvGz(t) },
    { name: `${t.name}.parquet`, data: parquet(t) },
  ].map((f) => {
    const hash = sha256(f.data);
    return {
      name: f.name,
      sha256: hash,
      bytes: f.data.length,
      rows: t.rows.length,
      parts: [{ sha256: hash, data: f.data }],
    };
  });
}

/** The task's public moderation ledger up to now: what was hidden, withdrawn, removed, verified, taken down, by whom (a role) and why. */
async function moderationTable(db: PrismaClient, taskId: string): Promise<Table> {
  const rows = await ledgerEvents(sqlOf(db), taskId, LEDGER_KINDS);
  return {
    name: "moderation",
    columns: MODERATION_COLUMNS,
    rows: rows.map((r) => ({
      at: r.at.toISOString(),
      kind: r.action,
      target: `${r.target_type}:${r.target_id}`,
      model: (r.after?.model as string | undefined) ?? null,
      team: (r.after?.team as string | null | undefined) ?? null,
      decided_by: (r.after?.role as string | undefined) ?? "admin",
      reason: (r.after?.reason as string | null | undefined) ?? null,
    })),
  };
}

/**
 * The board, read when its rank intervals are fresh (computed here when they are not), and the
 * board_version it is of — read after the refresh, which moves it (a trigger on board_ranks): the
 * version read before would name an older state, and the daily snapshot would think it moved.
 */
async function freshBoard(db: PrismaClient, release: Release) {
  for (let i = 0; ; i++) {
    await refreshBoard(db, release.id);
    const { boardVersion } = await db.release.findUniqueOrThrow({
      where: { id: release.id },
      select: { boardVersion: true },
    });
    const board = await readBoard(db, release);
    if (board.intervals.state !== "pending" || i >= 4) return { board, boardVersion };
  }
}

/** Whether a stored snapshot holds exactly these files (names and SHA-256s). */
async function sameFiles(db: PrismaClient, id: string, files: { name: string; sha256: string }[]): Promise<boolean> {
  const stored = await snapshotFileHashes(sqlOf(db), id);
  const key = (list: { name: string; sha256: string }[]) =>
    list
      .map((f) => `${f.name}:${f.sha256}`)
      .sort()
      .join("|");
  return key(stored) === key(files);
}

/** The manifest's account of the release, task and method (everything but the files). */
function manifestHead(
  task: ResolvedTask,
  rel: Release & { taskId: string; instanceCount: number },
  reason: string,
  board: Awaited<ReturnType<typeof freshBoard>>,
): Omit<Manifest, "format" | "formatVersion" | "files"> {
  return {
    createdAt: new Date().toISOString(),
    reason,
    task: {
      slug: task.fullSlug,
      kind: task.kindName,
      options: taskOptions(task.fullSlug) as Record<string, unknown>,
      primaryMetric: task.primaryMetric,
    },
    release: {
      id: rel.id,
      version: rel.version,
      hidden: rel.hidden,
      instanceCount: rel.instanceCount,
      bootstrapSeed: rel.bootstrapSeed,
      // the SHA-256 of the imported file: of a hidden release it would confirm a guess of the truth
      checksum: rel.hidden ? "" : rel.checksum,
      boardVersion: String(board.boardVersion),
    },
    metricsVersion: METRICS_VERSION,
    rankIntervals: {
      level: 0.95,
      resamples: BOOTSTRAP_RESAMPLES,
      state: board.board.intervals.state,
      method:
        "percentiles of each row's rank over the release's 1,000 shared bootstrap resamples (marginal); studentised max-T over all pairs (simultaneous); the one-row-per-system view is a subset of the same computation — or, where a system has repeated runs, a set of its own in which each run set is its mean over the runs with a two-level bootstrap (lib/leaderboard-runs.ts); a mean counts every complete run of the system on the release, those its team made private or withdrew too (runs_withheld: not in this snapshot, so that row and the best view's intervals cannot be recomputed from it)",
    },
    withheld: rel.hidden
      ? ["instances", "predictions", "truth", "the release file's checksum", "confidence intervals", "rank intervals"]
      : [],
  };
}

/** Stores a snapshot: the objects its files hold that are not stored yet, its files, its row. */
async function storeSnapshot(
  db: PrismaClient,
  rel: Release & { taskId: string },
  reason: string,
  boardVersion: bigint,
  snap: { id: string; manifest: Buffer; files: BuiltFile[] },
): Promise<boolean> {
  const fresh = snap.files.flatMap((f) => f.parts.filter((p) => p.data));
  return db.$transaction(async (tx) => {
    const sql = sqlOf(tx);
    const created = await insertSnapshot(sql, {
      id: snap.id,
      taskId: rel.taskId,
      releaseId: rel.id,
      releaseVersion: rel.version,
      hidden: rel.hidden,
      reason,
      boardVersion,
      manifest: snap.manifest,
      bytes: snap.manifest.length + snap.files.reduce((n, f) => n + f.bytes, 0),
    });
    if (!created) return false;
    const have = await storedObjects(sql, [...new Set(fresh.map((p) => p.sha256))]);
    for (const p of fresh) {
      if (have.has(p.sha256)) continue;
      await insertObject(sql, p.sha256, p.data!);
      have.add(p.sha256);
    }
    for (const f of snap.files)
      await insertSnapshotFile(sql, {
        snapshotId: snap.id,
        name: f.name,
        sha256: f.sha256,
        size: f.bytes,
        rows: f.rows,
        parts: f.parts.map((p) => p.sha256),
      });
    return true;
  });
}

/**
 * Freezes a published release's board into a content-addressed snapshot: both views with every
 * metric, CI, rank interval and row's system metadata; on a public release also its instances
 * with their truth, and every submission × instance prediction and outcome. A hidden release's
 * snapshot holds the board only (the Ladder's values): nothing per instance, ever. Files are
 * stored as content-addressed objects, each once (issue 48): a new snapshot writes its board,
 * its ledger, its manifest and the predictions of submissions scored since the last one. Returns
 * the id; files equal to the newest live snapshot's make no new one (its id is returned).
 */
export async function buildSnapshot(
  db: PrismaClient,
  releaseId: string,
  reason: "publish" | "changed" | "admin",
  progress: Progress = async () => undefined,
): Promise<{ id: string; created: boolean }> {
  const rel = await db.release.findUniqueOrThrow({ where: { id: releaseId }, include: TASK_WITH_BENCHMARK });
  const task = resolvedTask(rel.task);
  const fresh = await freshBoard(db, rel);
  const files = [...tableFiles(boardTable(fresh.board)), ...tableFiles(await moderationTable(db, rel.taskId))];
  if (!rel.hidden) {
    files.push(...((await storedInstanceFiles(db, rel)) ?? tableFiles(await instancesTable(db, rel))));
    const ids = [...new Set(fresh.board.all.map((r) => r.submissionId))];
    files.push(await predictionsFile(db, task, rel, ids, progress));
  }
  const snap = { ...manifestOf(manifestHead(task, rel, reason, fresh), files), files };
  // the same files as the newest live snapshot (a board_version moved by something no file shows,
  // such as a private upload): that one stands, no copy is made
  const newest = await latestSnapshotOfRelease(sqlOf(db), rel.id);
  if (newest && (await sameFiles(db, newest.id, snap.files))) {
    // its content is the board's at this version too: the daily run need not look again
    await confirmBoardVersion(sqlOf(db), newest.id, fresh.boardVersion);
    await progress(1, 1);
    return { id: newest.id, created: false };
  }
  const created = await storeSnapshot(db, rel, reason, fresh.boardVersion, snap);
  // signed by the host as it is made (its signature route signs one made without, on first ask)
  await signSnapshot(sqlOf(db), snap.id, snap.manifest).catch((e) =>
    log.warn({ err: e, snapshot: snap.id }, "snapshot not signed yet: its signature is made when first asked for"),
  );
  await progress(1, 1);
  return { id: snap.id, created };
}
