import { scoredPredictions } from "@/lib/server/judging";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { BOOTSTRAP_RESAMPLES, METRICS_VERSION } from "@/lib/metrics";
import { taskOptions } from "@/lib/tasks/catalog";
import type { ResolvedTask } from "@/lib/tasks/resolve";
import {
  BOARD_COLUMNS,
  INSTANCE_COLUMNS,
  MODERATION_COLUMNS,
  PREDICTION_COLUMNS,
  writeSnapshot,
  type Manifest,
  type Table,
} from "@/lib/snapshots/format";
import { sqlOf } from "@/lib/server/db";
import { getReleaseInstances } from "@/lib/server/cache";
import { readBoard, refreshBoard, type BoardRow } from "@/lib/server/leaderboard";
import { encodeOutcomes, outcomeAt } from "@/lib/server/scoring/outcomes";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { LEDGER_KINDS } from "@/lib/server/releases";
import {
  confirmBoardVersion,
  insertSnapshot,
  insertSnapshotFile,
  latestSnapshotOfRelease,
  ledgerEvents,
  predictionsOf,
  snapshotFileHashes,
} from "./snapshots.sql";

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

/** Every board submission's predictions on the release's instances, and whether each was right as scored. */
async function predictionsTable(
  db: PrismaClient,
  task: ResolvedTask,
  release: Release,
  ids: string[],
  progress: Progress,
): Promise<Table> {
  const instances = await getReleaseInstances(db, release.id, false);
  const rows: Table["rows"] = [];
  for (const [k, id] of ids.entries()) {
    const stored = await predictionsOf(sqlOf(db), id, task.kind.storageOnlyFields ?? []);
    const raw = new Map(stored.map((p) => [p.external_id, p.data]));
    // as scored: a server judge's verdicts in place, so the file recomputes to the board's numbers
    const preds =
      (await scoredPredictions(db, task, { submissionId: id, releaseId: release.id }, instances, raw)) ?? raw;
    const bits = encodeOutcomes(task, instances, preds);
    instances.forEach((inst, i) => {
      const p = preds.get(inst.externalId);
      if (!p) return;
      rows.push({
        submission_id: id,
        instance_id: inst.externalId,
        prediction_json: JSON.stringify(p),
        correct: outcomeAt(bits, instances.length, i),
      });
    });
    await progress(k + 1, ids.length + 1);
  }
  return {
    name: "predictions",
    columns: PREDICTION_COLUMNS,
    rows,
  };
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

/**
 * Freezes a published release's board into a content-addressed snapshot: both views with every
 * metric, CI, rank interval and row's system metadata; on a public release also its instances
 * with their truth, and every submission × instance prediction and outcome. A hidden release's
 * snapshot holds the board only (the Ladder's values): nothing per instance, ever. Returns the
 * id; files equal to the newest live snapshot's make no new one (its id is returned).
 */
export async function buildSnapshot(
  db: PrismaClient,
  releaseId: string,
  reason: "publish" | "changed" | "admin",
  progress: Progress = async () => undefined,
): Promise<{ id: string; created: boolean }> {
  const rel = await db.release.findUniqueOrThrow({ where: { id: releaseId }, include: { task: true } });
  const task = await getTaskOrThrow(db, rel.task.fullSlug);
  const { board, boardVersion } = await freshBoard(db, rel);
  const tables = [boardTable(board), await moderationTable(db, rel.taskId)];
  if (!rel.hidden) {
    tables.push(await instancesTable(db, rel));
    const ids = [...new Set(board.all.map((r) => r.submissionId))];
    tables.push(await predictionsTable(db, task, rel, ids, progress));
  }
  const head: Omit<Manifest, "format" | "formatVersion" | "files"> = {
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
      boardVersion: String(boardVersion),
    },
    metricsVersion: METRICS_VERSION,
    rankIntervals: {
      level: 0.95,
      resamples: BOOTSTRAP_RESAMPLES,
      state: board.intervals.state,
      method:
        "percentiles of each row's rank over the release's 1,000 shared bootstrap resamples (marginal); studentised max-T over all pairs (simultaneous); the one-row-per-system view is a subset of the same computation — or, where a system has repeated runs, a set of its own in which each run set is its mean over the runs with a two-level bootstrap (lib/leaderboard-runs.ts); a mean counts every complete run of the system on the release, those its team made private or withdrew too (runs_withheld: not in this snapshot, so that row and the best view's intervals cannot be recomputed from it)",
    },
    withheld: rel.hidden
      ? ["instances", "predictions", "truth", "the release file's checksum", "confidence intervals", "rank intervals"]
      : [],
  };
  const snap = writeSnapshot(head, tables);
  // the same files as the newest live snapshot (a board_version moved by something no file shows,
  // such as a private upload): that one stands, no copy is made
  const newest = await latestSnapshotOfRelease(sqlOf(db), rel.id);
  if (newest && (await sameFiles(db, newest.id, snap.files))) {
    // its content is the board's at this version too: the daily run need not look again
    await confirmBoardVersion(sqlOf(db), newest.id, boardVersion);
    await progress(1, 1);
    return { id: newest.id, created: false };
  }
  const created = await db.$transaction(async (tx) => {
    const fresh = await insertSnapshot(sqlOf(tx), {
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
    if (fresh)
      for (const f of snap.files)
        await insertSnapshotFile(sqlOf(tx), {
          snapshotId: snap.id,
          name: f.name,
          sha256: f.sha256,
          size: f.bytes,
          rows: f.rows,
          data: f.data,
        });
    return fresh;
  });
  await progress(1, 1);
  return { id: snap.id, created };
}
