import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { BUCKETS } from "@/lib/tasks/shared/length-bucket";
import type { Actor } from "@/lib/server/auth";
import { lengthChart } from "./charts";
import { getSubmissionOrThrow, scoreOnRelease, withDetails } from "@/lib/server/submissions";
import { resolvedTask } from "@/lib/server/tasks";

/**
 * A submission's length buckets (METRICS.md §3) over the instances that have a length: the
 * public contract of `GET /api/v1/submissions/{id}/length-buckets`. Bounds are inclusive
 * integers (max null: no upper bound); counts are integers and rates fractions.
 * @throws AppError not_found with the reason when the task or release has no lengths
 */
export async function submissionLengthBuckets(db: PrismaClient, id: string, actor: Actor | null, version?: string) {
  const sub = await getSubmissionOrThrow(db, id, actor);
  const task = resolvedTask(sub.task);
  const score = scoreOnRelease(sub.scores, version);
  if (!score) throw notFound(version ? `score on release ${version}` : "score (the submission is not scored yet)");
  // computed from instances: not on a hidden release (docs/security.md)
  if (score.release.hidden && !actor?.isAdmin)
    throw new AppError(
      "forbidden",
      "this release keeps its ground truth hidden: per-instance aggregates are not shown",
    );
  const chart = await lengthChart(db, task, score.release, [
    { id: sub.id, name: sub.model, details: (await withDetails(db, score)).details as Record<string, unknown> },
  ]);
  if (!task.kind.lengthBuckets)
    throw new AppError(
      "not_found",
      `no length buckets: task ${task.fullSlug} has none (they are for BouncerBench's bouncing tasks)`,
    );
  const s = chart?.series[0];
  if (!chart || !s || !s.buckets.length) {
    throw new AppError(
      "not_found",
      `no length buckets: release ${score.release.version} carries no ${task.kind.lengthBuckets(task.options).side === "output" ? "patches" : "issue texts"} for the instances this submission predicts`,
    );
  }
  const edges = BUCKETS[chart.side];
  return {
    submissionId: sub.id,
    release: score.release.version,
    side: chart.side,
    covered: s.covered,
    total: score.total,
    buckets: s.buckets.map((b, i) => ({
      label: b.bucket,
      min: i === 0 ? 0 : edges[i - 1].max + 1,
      max: Number.isFinite(edges[i].max) ? edges[i].max : null,
      n: b.n,
      should_bounce: b.shouldBounce,
      tpr: b.tpr,
      fpr: b.fpr,
    })),
  };
}
