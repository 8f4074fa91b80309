import { AppError } from "@/lib/errors";
import { binaryAbstentionSubmissionCharts, binaryAbstentionTaskCharts } from "./binary-abstention/chart-data";
import { pipelineSubmissionCharts, pipelineTaskCharts } from "./bouncer-pipeline/chart-data";
import type { TaskChartContext } from "./chart-context";
import { ciRepairSubmissionCharts, ciRepairTaskCharts } from "./ci-repair/chart-data";
import { codeReviewSubmissionCharts, codeReviewTaskCharts } from "./code-review/chart-data";
import { scoredAbstentionSubmissionCharts, scoredAbstentionTaskCharts } from "./scored-abstention/chart-data";
import type { SubmissionChartContext } from "./submission-chart-context";
import { binaryAbstention } from "./binary-abstention";
import { bouncerPipeline } from "./bouncer-pipeline";
import { ciRepair } from "./ci-repair";
import { codeReview } from "./code-review";
import { scoredAbstention } from "./scored-abstention";
import type { TaskKindModule, TaskKindName } from "./types";

/** Every task kind; each lives in its own folder. */
const KINDS: Record<TaskKindName, TaskKindModule> = {
  binary_abstention: binaryAbstention,
  bouncer_pipeline: bouncerPipeline,
  scored_abstention: scoredAbstention,
  ci_repair: ciRepair,
  code_review: codeReview,
};

export function getTaskKind(kind: TaskKindName): TaskKindModule {
  const k = KINDS[kind];
  if (!k) throw new AppError("bad_request", `unknown task kind ${kind}`);
  return k;
}

export type { TaskKindModule, TaskKindName } from "./types";

/** Each kind's task-page chart builder (pure: the server hands it the board and stored details). */
export const TASK_CHARTS = {
  binary_abstention: binaryAbstentionTaskCharts,
  bouncer_pipeline: pipelineTaskCharts,
  scored_abstention: scoredAbstentionTaskCharts,
  ci_repair: ciRepairTaskCharts,
  code_review: codeReviewTaskCharts,
} satisfies Record<TaskKindName, (ctx: TaskChartContext) => object>;

/** The kind-specific part of a task's chart data, tagged by kind. */
export type KindTaskCharts = { [K in keyof typeof TASK_CHARTS]: { kind: K } & ReturnType<(typeof TASK_CHARTS)[K]> }[keyof typeof TASK_CHARTS];

/** A task's kind-specific chart data. */
export function taskChartsOf(kind: TaskKindName, ctx: TaskChartContext): KindTaskCharts {
  return { kind, ...TASK_CHARTS[kind](ctx) } as KindTaskCharts;
}

/** Each kind's submission-page chart builder. */
export const SUBMISSION_CHARTS = {
  binary_abstention: binaryAbstentionSubmissionCharts,
  bouncer_pipeline: pipelineSubmissionCharts,
  scored_abstention: scoredAbstentionSubmissionCharts,
  ci_repair: ciRepairSubmissionCharts,
  code_review: codeReviewSubmissionCharts,
} satisfies Record<TaskKindName, (ctx: SubmissionChartContext) => Promise<object>>;

/** The kind-specific chart data of a submission page, tagged by kind. */
export type KindSubmissionCharts = { [K in keyof typeof SUBMISSION_CHARTS]: { kind: K } & Awaited<ReturnType<(typeof SUBMISSION_CHARTS)[K]>> }[keyof typeof SUBMISSION_CHARTS];

export async function submissionChartsOf(kind: TaskKindName, ctx: SubmissionChartContext): Promise<KindSubmissionCharts> {
  return { kind, ...(await SUBMISSION_CHARTS[kind](ctx)) } as KindSubmissionCharts;
}
