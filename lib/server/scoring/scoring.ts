import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  BOOTSTRAP_RESAMPLES,
  BOOTSTRAP_SEED,
  bootstrapIndices,
  bootstrapReplicates,
  intervalFromReplicates,
  METRICS_VERSION,
} from "@/lib/metrics";
import { lengthBuckets, type LengthBucket } from "@/lib/tasks/shared/length-bucket";
import type { StoredInstance, TaskKindModule } from "@/lib/tasks/types";

type ScoreResult = ReturnType<TaskKindModule["score"]>;
import { queueTask } from "@/lib/server/jobs";
import { updateLadder } from "./ladder";
import { sqlOf, type Sql } from "@/lib/server/db";
import type { ResolvedTask } from "@/lib/server/tasks";
import { predictionsWithout, upsertScore } from "./scoring.sql";
import { encodeOutcomes } from "./outcomes";
import { getReleaseInstances } from "@/lib/server/cache";

export interface ComputedScore {
  result: ScoreResult | null;
  covered: number;
  total: number;
  partial: boolean;
  missing: string[];
  /** 95% bootstrap interval of the primary metric over the covered instances (1,000 seeded resamples) */
  ci: { low: number; high: number } | null;
  /** the primary metric on each of the release's fixed bootstrap resamples (complete submissions) */
  replicates: Float64Array | null;
  /** per length bucket (METRICS.md §3): undefined for kinds without them, null when the release has no lengths */
  lengths?: { side: "input" | "output"; covered: number; buckets: LengthBucket[] } | null;
  /** per-instance outcomes in release order (outcomes.ts): what the instance pages add up */
  outcomes: Uint8Array;
}

// The fixed resampling indices of a release depend only on (n, seed): recomputable anywhere, so
// this per-process memo is a cache, not state.
const indexCache = new Map<string, Int32Array>();
export function releaseIndices(n: number, seed: number): Int32Array {
  const key = `${n}:${seed}`;
  let ix = indexCache.get(key);
  if (!ix) {
    ix = bootstrapIndices(n, BOOTSTRAP_RESAMPLES, seed);
    indexCache.set(key, ix);
    if (indexCache.size > 8) indexCache.delete(indexCache.keys().next().value as string);
  }
  return ix;
}

/**
 * Scores predictions (keyed by instance id) against a release's truth through the task kind's
 * scorer. Predictions for instances the release does not hold are ignored (kept, not scored).
 * The primary metric is bootstrapped once, on the release's fixed indices (seed `bootstrapSeed`):
 * its percentile interval is the score's 95% CI, and for a complete submission the replicates are
 * kept, which is what leaderboards compare at read time.
 */
export function computeScore(
  task: ResolvedTask,
  instances: StoredInstance[],
  predictions: Map<string, Record<string, unknown>>,
  opts: { bootstrapSeed?: number } = {},
): ComputedScore {
  const pairs: {
    truth: Record<string, unknown>;
    prediction: Record<string, unknown>;
    metadata: Record<string, unknown>;
  }[] = [];
  const missing: string[] = [];
  for (const inst of instances) {
    const p = predictions.get(inst.externalId);
    if (p) pairs.push({ truth: inst.truth, prediction: p, metadata: inst.metadata ?? {} });
    else missing.push(inst.externalId);
  }
  const result = pairs.length ? task.kind.score(pairs, task.options) : null;
  const partial = missing.length > 0;
  let covered: Float64Array | null = null;
  if (pairs.length) {
    const rows = instances.flatMap((i) => {
      const p = predictions.get(i.externalId);
      return p ? [task.kind.primaryStats(i, p, task.options)] : [];
    });
    const picked: number[][] = new Array(rows.length);
    covered = bootstrapReplicates(
      rows.length,
      (ix) => {
        for (let k = 0; k < ix.length; k++) picked[k] = rows[ix[k]];
        return task.kind.primaryFromStats(picked, task.options);
      },
      releaseIndices(rows.length, opts.bootstrapSeed ?? BOOTSTRAP_SEED),
    );
  }
  let ci: ComputedScore["ci"] = null;
  if (covered) {
    try {
      const { low, high } = intervalFromReplicates(covered);
      ci = { low, high };
    } catch {
      ci = null; // the metric is undefined on every resample
    }
  }
  const replicates = partial ? null : covered;
  let lengths: ComputedScore["lengths"];
  const spec = task.kind.lengthBuckets?.(task.options);
  if (spec) {
    const rows = instances.flatMap((i) => {
      const p = predictions.get(i.externalId);
      const r = p ? spec.row(i, p) : null;
      return r ? [r] : [];
    });
    lengths = rows.length ? { side: spec.side, covered: rows.length, buckets: lengthBuckets(rows, spec.side) } : null;
  }
  const outcomes = encodeOutcomes(task, instances, predictions);
  return {
    result,
    covered: pairs.length,
    total: instances.length,
    partial,
    missing,
    ci,
    replicates,
    lengths,
    outcomes,
  };
}

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
): Promise<void> {
  for (const { id, s } of scores) await writeScore(exec, task, id, releaseId, s);
  await updateLadder(
    exec,
    task,
    releaseId,
    scores.map((x) => x.id),
  );
  // the board's ≈ marks, refreshed after this write: one waiting job per release (its key is
  // replaced while it waits), run in order on the release's own queue
  await queueTask(
    exec,
    "refresh-board",
    { releaseId },
    { jobKey: `board:${releaseId}`, queue: `board:${releaseId}`, maxAttempts: 5 },
  );
}

async function writeScore(
  exec: Sql,
  task: ResolvedTask,
  submissionId: string,
  releaseId: string,
  s: ComputedScore,
): Promise<void> {
  const details = { ...(s.result?.details ?? {}), ...(s.lengths !== undefined ? { lengthBuckets: s.lengths } : {}) };
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

/** Scores one stored submission against a release (no write). Storage-only fields (traces) are not read. */
export async function rescoreCompute(
  db: PrismaClient,
  task: ResolvedTask,
  submissionId: string,
  release: { id: string; status: string; bootstrapSeed: number },
) {
  const preds = await predictionsWithout(db, submissionId, task.kind.storageOnlyFields ?? []);
  const map = new Map(preds.map((p) => [p.external_id, p.data]));
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  return computeScore(task, instances, map, { bootstrapSeed: release.bootstrapSeed });
}

/** Re-scores one stored submission against a release and writes the score. */
export async function rescoreSubmission(
  db: PrismaClient,
  task: ResolvedTask,
  submissionId: string,
  release: { id: string; status: string; bootstrapSeed: number },
) {
  const s = await rescoreCompute(db, task, submissionId, release);
  await db.$transaction((tx) => saveScore(sqlOf(tx), task, submissionId, release.id, s));
}
