import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { METRICS_VERSION } from "@/lib/metrics";
import { BREAKDOWNS_VERSION } from "@/lib/tasks/shared/breakdowns";
import { computeScore, type ComputedScore } from "./compute";
import { queueUpkeep } from "@/lib/server/jobs";
import { updateLadder } from "./ladder";
import { sqlOf, type Sql } from "@/lib/server/db";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { predictionsWithout, upsertScore } from "./scoring.sql";
import { getReleaseInstances } from "@/lib/server/cache";

/**
 * Writes (or replaces) a submission's score on a release, decides what the Ladder releases of it
 * on a hidden release, and queues the board refresh — all in the caller's transaction.
 */
export async function saveScore(
  exec: Sql,
  task: ResolvedTask,
  submissionId: string,
  releaseId: string,
  s: ComputedScore,
): Promise<void> {
  await saveScores(exec, task, releaseId, [{ id: submissionId, s }]);
}

/** saveScore for several submissions of one release: the Ladder runs once per team. */
export async function saveScores(
  exec: Sql,
  task: ResolvedTask,
  releaseId: string,
  scores: { id: string; s: ComputedScore }[],
  opts: { refreshBoard?: boolean } = {},
): Promise<void> {
  for (const score of scores) await writeScore(exec, task, releaseId, score);
  await updateLadder(
    exec,
    task,
    releaseId,
    scores.map((x) => x.id),
  );
  // a release's re-score refreshes the board once, when its last part is written (releases.ts)
  if (opts.refreshBoard !== false) await queueBoardRefresh(exec, [releaseId]);
}

/**
 * The boards' rank intervals, refreshed after a write that moves a ranked set (a score, a
 * withdrawal, a hide, a visibility change, a deletion): one waiting job per release (its key is
 * replaced while it waits), run in order on the release's own queue — ahead of the back-fills and
 * audits (priority -10): a burst of thousands of uploads queued as many audits, and the board's
 * intervals waited behind all of them (22 min pending at 4,700–8,000 submissions, measured).
 */
export async function queueBoardRefresh(exec: Sql, releaseIds: string[]): Promise<void> {
  for (const releaseId of new Set(releaseIds))
    await queueUpkeep(
      exec,
      "refresh-board",
      { releaseId },
      { jobKey: `board:${releaseId}`, queue: `board:${releaseId}`, maxAttempts: 5, priority: -10 },
    );
}

/** Upserts one submission's score row on the release (its details as the readers want them). */
async function writeScore(
  exec: Sql,
  task: ResolvedTask,
  releaseId: string,
  { id: submissionId, s }: { id: string; s: ComputedScore },
): Promise<void> {
  const details = {
    ...(s.result?.details ?? {}),
    ...(s.lengths !== undefined ? { lengthBuckets: s.lengths } : {}),
    // per-slice metrics (issue 20): read by the breakdown route and charts, never recomputed per request;
    // present (even empty) once computed, absent while the fill-breakdowns job owes them (a re-score)
    ...(s.breakdowns ? { breakdowns: s.breakdowns, breakdowns_v: BREAKDOWNS_VERSION } : {}),
  };
  await upsertScore(exec, {
    id: crypto.randomUUID(),
    submissionId,
    releaseId,
    primaryMetric: task.primaryMetric,
    primaryValue: s.result?.primaryValue ?? null,
    ciLow: s.ci?.low ?? null,
    ciHigh: s.ci?.high ?? null,
    metrics: s.result?.metrics ?? {},
    details,
    covered: s.covered,
    total: s.total,
    partial: s.partial,
    metricsVersion: METRICS_VERSION,
    replicates: s.replicates
      ? Buffer.from(s.replicates.buffer, s.replicates.byteOffset, s.replicates.byteLength)
      : null,
    // (a score from a scoring thread arrives by structured clone: a Uint8Array, whatever it was)
    outcomes: s.outcomes ? Buffer.from(s.outcomes.buffer, s.outcomes.byteOffset, s.outcomes.byteLength) : null,
  });
}

/**
 * What a caller puts between the stored predictions and the scorer (a server judge's verdicts):
 * the predictions to score, or null when they cannot be scored yet.
 */
export type PreparePredictions = (
  instances: StoredInstance[],
  predictions: Map<string, Record<string, unknown>>,
) => Promise<Map<string, Record<string, unknown>> | null>;

/**
 * Scores one stored submission against a release (no write). Storage-only fields (traces) are not
 * read. Null: `prepare` said it cannot be scored yet.
 */
export async function rescoreCompute(
  db: PrismaClient,
  task: ResolvedTask,
  submissionId: string,
  release: { id: string; status: string; bootstrapSeed: number },
  opts: { breakdowns?: boolean; prepare?: PreparePredictions } = {},
): Promise<ComputedScore | null> {
  const preds = await predictionsWithout(db, submissionId, task.kind.storageOnlyFields ?? []);
  const stored = new Map(preds.map((p) => [p.external_id, p.data]));
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const map = opts.prepare ? await opts.prepare(instances, stored) : stored;
  if (!map) return null;
  return computeScore(task, instances, map, { bootstrapSeed: release.bootstrapSeed, breakdowns: opts.breakdowns });
}

/** Re-scores one stored submission against a release and writes the score. */
export async function rescoreSubmission(
  db: PrismaClient,
  task: ResolvedTask,
  submissionId: string,
  release: { id: string; status: string; bootstrapSeed: number },
) {
  const s = await rescoreCompute(db, task, submissionId, release);
  if (s) await db.$transaction((tx) => saveScore(sqlOf(tx), task, submissionId, release.id, s));
}
