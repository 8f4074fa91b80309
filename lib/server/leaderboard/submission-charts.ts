import type { PrismaClient } from "@/lib/generated/prisma/client";
import { evaluatePolicyAt } from "@/lib/metrics";
import { AppError } from "@/lib/errors";
import { unlessStale } from "@/lib/tasks/define";
import { lengthChart } from "./charts";
import type { getSubmissionOrThrow } from "@/lib/server/submissions";
import type { ResolvedTask } from "@/lib/server/tasks";
import { getReleaseInstances } from "@/lib/server/cache";

type Sub = Awaited<ReturnType<typeof getSubmissionOrThrow>>;
type LoadedScore = Sub["scores"][number];
/** a score with its details (withDetails) */
type Score = LoadedScore & { details: unknown };

/** A submission's predictions with their instances' truth on a release: server side only. */
async function pairsOf(db: PrismaClient, subId: string, release: { id: string; status: string }) {
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const preds = await db.prediction.findMany({
    where: { submissionId: subId },
    select: { externalId: true, data: true },
  });
  const byId = new Map(preds.map((p) => [p.externalId, p.data as Record<string, unknown>]));
  return instances
    .filter((i) => byId.has(i.externalId))
    .map((i) => ({ truth: i.truth, prediction: byId.get(i.externalId)!, metadata: i.metadata }));
}

/** Threshold-explorer aggregates computed on the server (hidden releases never send bugs). */
export async function policyAt(
  db: PrismaClient,
  task: ResolvedTask,
  sub: Sub,
  score: LoadedScore,
  { tau, pct }: { tau: number; pct: number },
) {
  if (!task.kind.explorerItems) throw new AppError("bad_request", `task ${task.fullSlug} has no threshold explorer`);
  return evaluatePolicyAt(task.kind.explorerItems(await pairsOf(db, sub.id, score.release)), tau, pct);
}

/** Chart data of one submission's score (plain arrays for the client chart leaves), built by its task kind. */
export async function submissionChartData(db: PrismaClient, task: ResolvedTask, sub: Sub, score: Score) {
  const details = score.details as Record<string, unknown>;
  const hidden = score.release.hidden;
  const lengths = hidden
    ? null
    : await lengthChart(db, task, score.release, [{ id: sub.id, name: sub.model, details }]);
  // the kind builds its chart data (lib/tasks/<kind>); components/tasks/<kind> draws it
  const data = await unlessStale(`charts of submission ${sub.id}`, async () =>
    task.kind.submissionCharts?.({
      details: hidden ? null : details,
      hidden,
      options: task.options,
      lengths: lengths?.series ?? null,
      pairs: () => pairsOf(db, sub.id, score.release),
    }),
  );
  return {
    lengthSide: task.kind.lengthBuckets?.(task.options).side ?? null,
    lengths: lengths?.series ?? null,
    kindCharts: data ?? null,
  };
}
