import type { PrismaClient } from "@/lib/generated/prisma/client";
import { evaluatePolicyAt } from "@/lib/metrics";
import { submissionChartsOf } from "@/lib/tasks";
import type { TaskKindName } from "@/lib/tasks/types";
import { AppError } from "@/lib/errors";
import { lengthChart } from "./charts";
import type { getSubmissionOrThrow } from "./submissions";
import type { ResolvedTask } from "./tasks";
import { getReleaseInstances } from "./truth-cache";

type Sub = Awaited<ReturnType<typeof getSubmissionOrThrow>>;
type Score = Sub["scores"][number];

/** A submission's predictions with their instances' truth on a release: server side only. */
async function pairsOf(db: PrismaClient, subId: string, release: { id: string; status: string }) {
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const preds = await db.prediction.findMany({ where: { submissionId: subId }, select: { externalId: true, data: true } });
  const byId = new Map(preds.map((p) => [p.externalId, p.data as Record<string, unknown>]));
  return instances.filter((i) => byId.has(i.externalId)).map((i) => ({ truth: i.truth, prediction: byId.get(i.externalId)!, metadata: i.metadata }));
}

/** Threshold-explorer aggregates computed on the server (hidden releases never send bugs). */
export async function policyAt(db: PrismaClient, task: ResolvedTask, sub: Sub, score: Score, tau: number, pct: number) {
  if (!task.kind.explorerBugs) throw new AppError("bad_request", "the threshold explorer is for Abstain-and-Validate tasks");
  return evaluatePolicyAt(task.kind.explorerBugs(await pairsOf(db, sub.id, score.release)), tau, pct);
}

/** Chart data of one submission's score (plain arrays for the client chart leaves), built by its task kind. */
export async function submissionChartData(db: PrismaClient, task: ResolvedTask, sub: Sub, score: Score) {
  const details = score.details as Record<string, unknown>;
  const lengths = await lengthChart(db, task, score.release, [{ id: sub.id, name: sub.model, details }]);
  return submissionChartsOf(task.kindName as TaskKindName, {
    details,
    hidden: score.release.hidden,
    options: task.options,
    lengths: lengths?.series ?? null,
    pairs: () => pairsOf(db, sub.id, score.release),
  });
}
