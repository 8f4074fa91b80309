// Scores written before per-instance outcomes (and per-slice breakdowns) existed get them here, a
// batch at a time, from their stored predictions (the one place that still reads predictions for
// this). Queued at start-up when any score lacks them; each run re-queues itself until none is left.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getReleaseInstances } from "@/lib/server/cache";
import { sqlOf, type Sql } from "@/lib/server/db";
import { defineUpkeep, queueUpkeep } from "@/lib/server/jobs";
import { type ResolvedTask, resolvedTask, TASK_WITH_BENCHMARK } from "@/lib/server/tasks";
import { computeBreakdowns } from "@/lib/tasks/shared/breakdowns";
import type { StoredInstance } from "@/lib/tasks/types";
import { encodeOutcomes } from "./outcomes";
import {
  predictionsWithout,
  scoresWithoutBreakdowns,
  scoresWithoutOutcomes,
  boardVersionOf,
  bumpBoardVersionFrom,
  bumpBoardVersions,
  setBreakdowns,
  setOutcomes,
} from "./scoring.sql";

const BATCH = 50;
/** The longest a back-fill leaves its release's cached answers in place (the heatmap, the explorer catch up). */
export const BUMP_EVERY_MS = 30_000;

/**
 * A bump of the release's board version BUMP_EVERY_MS from now (unless one is due sooner), which
 * happens only if nothing has moved the version since: a finished fill, an upload or a refresh
 * already shows what was filled.
 */
async function queueBump(sql: Sql, releaseId: string) {
  const [r] = await boardVersionOf(sql, releaseId);
  if (!r) return;
  await queueUpkeep(
    sql,
    "bump-board",
    { releaseId, version: r.version },
    { jobKey: `bump-board:${releaseId}`, keyMode: "preserve_run_at", runAt: new Date(Date.now() + BUMP_EVERY_MS) },
  );
}

/** Moves a release's board version if no one has since the fill queued it (what it filled shows). */
export const bumpBoardUpkeep = defineUpkeep("bump-board", async (db, payload) => {
  await bumpBoardVersionFrom(sqlOf(db), payload.releaseId, payload.version);
});

/**
 * The predictions a stored score counted, from the stored ones (a server judge's verdicts put in
 * place: lib/server/judging registers it, the worker wires it before running jobs); null: not
 * all of them known yet. Without one, the stored predictions are what was scored.
 */
export type ScoredPredictions = (
  db: PrismaClient,
  task: ResolvedTask,
  score: { submissionId: string; releaseId: string },
  instances: StoredInstance[],
  predictions: Map<string, Record<string, unknown>>,
) => Promise<Map<string, Record<string, unknown>> | null>;

let scoredPredictions: ScoredPredictions | null = null;

/** Sets how the back-fills read what a score counted (lib/server/worker wires the judge's). */
export function setScoredPredictions(fn: ScoredPredictions): void {
  scoredPredictions = fn;
}

/**
 * A back-fill: which scores lack something, and how one score's value is computed from its
 * release's instances and its predictions (storage-only fields left out) and stored.
 */
function backfill<K extends "fill-outcomes" | "fill-breakdowns">(
  kind: K,
  missing: (sql: Sql, limit: number) => Promise<{ id: string; submission_id: string; release_id: string }[]>,
  store: (
    sql: Sql,
    scoreId: string,
    c: {
      task: ResolvedTask;
      release: { bootstrapSeed: number };
      instances: StoredInstance[];
      predictions: Map<string, Record<string, unknown>>;
    },
  ) => Promise<unknown>,
) {
  /** Fills one score's missing part and stores it. */
  const fillOne = async (db: PrismaClient, s: { id: string; submission_id: string; release_id: string }) => {
    const release = await db.release.findUniqueOrThrow({ where: { id: s.release_id }, include: TASK_WITH_BENCHMARK });
    const task = resolvedTask(release.task);
    const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
    const preds = await predictionsWithout(db, s.submission_id, task.kind.storageOnlyFields ?? []);
    const stored = new Map(preds.map((p) => [p.external_id, p.data]));
    const predictions = scoredPredictions
      ? await scoredPredictions(db, task, { submissionId: s.submission_id, releaseId: s.release_id }, instances, stored)
      : stored;
    // verdicts still being judged: the judge's last job writes this score again, whole
    await store(sqlOf(db), s.id, { task, release, instances, predictions: predictions ?? new Map() });
  };
  /**
   * Fills up to `batch` scores (in release order), then moves the board version of each release
   * it finished at once, and has the one it is still filling bumped BUMP_EVERY_MS after its first
   * batch (a later batch keeps that time): a back-fill of 10,000 scores invalidated every cached
   * board and answer of its release once per batch, for minutes. Whatever becomes of the fill (a
   * score that fails, another release's scores coming first), what it filled shows within
   * BUMP_EVERY_MS. Returns how many it filled and whether any is left.
   */
  const step = async (db: PrismaClient, batch = BATCH) => {
    const todo = await missing(sqlOf(db), batch);
    if (!todo.length) return { filled: 0, more: false };
    const touched = new Set<string>();
    let next: { release_id: string } | undefined;
    try {
      for (const s of todo) {
        await fillOne(db, s);
        touched.add(s.release_id);
      }
      [next] = await missing(sqlOf(db), 1);
    } finally {
      // the scores' trigger ignores these columns: the versions move here (or in the queued bump)
      const now = [...touched].filter((id) => !next || id !== next.release_id);
      if (now.length) await bumpBoardVersions(sqlOf(db), now);
      if (next && touched.has(next.release_id)) await queueBump(sqlOf(db), next.release_id);
    }
    return { filled: todo.length, more: Boolean(next) };
  };
  /** Fills up to `batch` scores; returns how many it filled. */
  const fill = async (db: PrismaClient, batch = BATCH): Promise<number> => (await step(db, batch)).filled;
  /** Queues the fill (one waiting job at a time), in the caller's transaction. */
  const queueIn = (sql: Sql) =>
    queueUpkeep(sql, kind, {} as Parameters<typeof queueUpkeep<K>>[2], { jobKey: kind, queue: "fill-outcomes" });
  /** Queues the fill when some score lacks it. */
  const queue = async (db: PrismaClient): Promise<boolean> => {
    const [first] = await missing(sqlOf(db), 1);
    if (!first) return false;
    await queueIn(sqlOf(db));
    return true;
  };
  // each run fills a batch and queues the next
  const upkeep = defineUpkeep(kind, async (db) => {
    if ((await step(db)).more) await queue(db);
  });
  return { fill, step, queue, queueIn, upkeep };
}

const outcomes = backfill("fill-outcomes", scoresWithoutOutcomes, (sql, id, c) => {
  const bits = encodeOutcomes(c.task, c.instances, c.predictions);
  return setOutcomes(sql, id, Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength));
});

const breakdowns = backfill("fill-breakdowns", scoresWithoutBreakdowns, (sql, id, c) =>
  setBreakdowns(
    sql,
    id,
    c.predictions.size
      ? computeBreakdowns(c.task.kind, c.task.options, c.instances, c.predictions, c.release.bootstrapSeed)
      : {},
  ),
);

/** Per-instance outcome bitsets of scores written before they existed. */
export const fillOutcomes = outcomes.fill;
export const queueFillOutcomes = outcomes.queue;
export const fillOutcomesUpkeep = outcomes.upkeep;

/** Per-slice breakdowns (lib/tasks/shared/breakdowns.ts) of scores written before they existed. */
export const fillBreakdowns = breakdowns.fill;
export const fillBreakdownsStep = breakdowns.step;
export const queueFillBreakdowns = breakdowns.queue;
export const queueFillBreakdownsIn = breakdowns.queueIn;
export const fillBreakdownsUpkeep = breakdowns.upkeep;
