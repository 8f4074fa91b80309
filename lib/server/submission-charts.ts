import type { PrismaClient } from "@/lib/generated/prisma/client";
import { evaluatePolicyAt, type AvBug, type PrCurve } from "@/lib/metrics";
import { pipelineSankey } from "@/lib/tasks/bouncer-pipeline/chart-data";
import { toBug } from "@/lib/tasks/scored-abstention";
import { AppError } from "@/lib/errors";
import { lengthChart } from "./charts";
import type { getSubmissionOrThrow } from "./submissions";
import type { ResolvedTask } from "./tasks";
import { getReleaseInstances } from "./truth-cache";

type Sub = Awaited<ReturnType<typeof getSubmissionOrThrow>>;
type Score = Sub["scores"][number];

/** The A&V bugs of a submission on a release (truth + predictions): server side only. */
export async function avBugs(db: PrismaClient, subId: string, release: { id: string; status: string }): Promise<AvBug[]> {
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const preds = await db.prediction.findMany({ where: { submissionId: subId }, select: { externalId: true, data: true } });
  const byId = new Map(preds.map((p) => [p.externalId, p.data as Record<string, unknown>]));
  return instances.filter((i) => byId.has(i.externalId)).map((i) => toBug(i.truth, byId.get(i.externalId)!, i.metadata));
}

/** Threshold-explorer aggregates computed on the server (hidden releases never send bugs). */
export async function policyAt(db: PrismaClient, task: ResolvedTask, sub: Sub, score: Score, tau: number, pct: number) {
  if (task.kindName !== "scored_abstention") throw new AppError("bad_request", "the threshold explorer is for Abstain-and-Validate tasks");
  return evaluatePolicyAt(await avBugs(db, sub.id, score.release), tau, pct);
}

/** Chart data of one submission's score (plain arrays for the client chart leaves). */
export async function submissionChartData(db: PrismaClient, task: ResolvedTask, sub: Sub, score: Score) {
  const d = score.details as Record<string, unknown>;
  const hidden = score.release.hidden;
  switch (task.kindName) {
    case "binary_abstention": {
      const lengths = await lengthChart(db, task, score.release, [{ id: sub.id, name: sub.model, details: d }]);
      return { kind: "binary_abstention" as const, side: task.options.side ?? "input", perClass: d.perClass, lengths: lengths?.series ?? null, pr: hidden ? null : ((d.prCurve as PrCurve | undefined) ?? null) };
    }
    case "bouncer_pipeline":
      return { kind: "bouncer_pipeline" as const, sankey: pipelineSankey(d.funnel as Parameters<typeof pipelineSankey>[0]) };
    case "scored_abstention":
      return {
        kind: "scored_abstention" as const,
        abstentionPr: hidden ? null : (d.abstentionCurve as PrCurve),
        validationPr: hidden ? null : (d.validationCurve as PrCurve | null),
        prevalence: d.prevalence as { fixable: number; trajectorySuccess: number },
        histogram: d.histogram as { predicted: number[]; empirical: number[] },
        successAtK: d.successAtK as Record<string, { value: number; bugs: number }[]>,
        funnel: d.funnel as { stage: string; bugs: number; success_at_1: number }[],
        bugs: hidden ? null : await avBugs(db, sub.id, score.release),
      };
    case "ci_repair":
      return { kind: "ci_repair" as const };
    default:
      return { kind: "code_review" as const, recallBy: d.recallBy as Record<string, { value: string; recall: number | null }[]>, counts: d.counts as { bugHit: number; validSuggestion: number; noise: number } };
  }
}
