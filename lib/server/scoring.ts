import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";
import { METRICS_VERSION } from "@/lib/metrics";
import type { ScoreResult } from "@/lib/tasks/types";
import type { ResolvedTask } from "./tasks";
import { getReleaseInstances } from "./truth-cache";

type Tx = Prisma.TransactionClient | PrismaClient;

export interface ComputedScore {
  result: ScoreResult | null;
  covered: number;
  total: number;
  partial: boolean;
  missing: string[];
}

/**
 * Scores predictions (keyed by instance id) against a release's truth through the task kind's
 * scorer. Predictions for instances the release does not hold are ignored (kept, not scored).
 */
export function computeScore(
  task: ResolvedTask,
  instances: { externalId: string; truth: Record<string, unknown>; metadata?: Record<string, unknown> }[],
  predictions: Map<string, Record<string, unknown>>,
): ComputedScore {
  const pairs: { truth: Record<string, unknown>; prediction: Record<string, unknown>; metadata: Record<string, unknown> }[] = [];
  const missing: string[] = [];
  for (const inst of instances) {
    const p = predictions.get(inst.externalId);
    if (p) pairs.push({ truth: inst.truth, prediction: p, metadata: inst.metadata ?? {} });
    else missing.push(inst.externalId);
  }
  const result = pairs.length ? task.kind.score(pairs, task.options) : null;
  return { result, covered: pairs.length, total: instances.length, partial: missing.length > 0, missing };
}

/** Writes (or replaces) a submission's score on a release. */
export async function saveScore(tx: Tx, task: ResolvedTask, submissionId: string, releaseId: string, s: ComputedScore) {
  const data = {
    primaryMetric: task.primaryMetric,
    primaryValue: s.result?.primaryValue ?? null,
    ciLow: s.result?.ciLow ?? null,
    ciHigh: s.result?.ciHigh ?? null,
    metrics: (s.result?.metrics ?? {}) as Prisma.InputJsonValue,
    details: (s.result?.details ?? {}) as Prisma.InputJsonValue,
    covered: s.covered,
    total: s.total,
    partial: s.partial,
    metricsVersion: METRICS_VERSION,
    computedAt: new Date(),
  };
  return tx.score.upsert({
    where: { submissionId_releaseId: { submissionId, releaseId } },
    update: data,
    create: { ...data, submissionId, releaseId },
  });
}

/** Re-scores one stored submission against a release (used when a release is published). */
export async function rescoreSubmission(db: PrismaClient, task: ResolvedTask, submissionId: string, release: { id: string; status: string }) {
  const preds = await db.prediction.findMany({ where: { submissionId }, select: { externalId: true, data: true } });
  const map = new Map(preds.map((p) => [p.externalId, p.data as Record<string, unknown>]));
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const s = computeScore(task, instances, map);
  return saveScore(db, task, submissionId, release.id, s);
}
