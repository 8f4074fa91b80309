import type { SubmissionChartContext, TaskChartContext } from "@/lib/tasks/define";
import { getMetric } from "@/lib/metric-value";
import type { BounceMetadata } from "@/lib/tasks/binary-abstention/schemas";
import type { Funnel, LiteDetails, LitePrediction, LiteTruth } from "./schemas";

const C = { vague: "#E69F00", clear: "#56B4E9", correct: "#009E73", wrong: "#D55E00", node: "#64748b" };

/**
 * Sankey nodes and links of the pipeline (METRICS.md §2): All → input bounce/pass (split clear /
 * vague) → agent (correct / incorrect patch) → output bounce / shown to the user.
 */
export function pipelineSankey(f: Funnel) {
  const nodes = [
    { name: "All issues", color: C.node },
    { name: "Input bounced", color: C.node },
    { name: "Input passed", color: C.node },
    { name: "Correct patch", color: C.correct },
    { name: "Incorrect patch", color: C.wrong },
    { name: "Output bounced", color: C.node },
    { name: "User sees: correct", color: C.correct },
    { name: "User sees: incorrect", color: C.wrong },
  ];
  const links = [
    { source: 0, target: 1, value: f.input_bounced_vague, color: C.vague },
    { source: 0, target: 1, value: f.input_bounced_clear, color: C.clear },
    { source: 0, target: 2, value: f.input_passed_vague, color: C.vague },
    { source: 0, target: 2, value: f.input_passed_clear, color: C.clear },
    { source: 2, target: 3, value: f.agent_correct, color: C.correct },
    { source: 2, target: 4, value: f.agent_incorrect, color: C.wrong },
    { source: 3, target: 5, value: f.output_bounced_correct, color: C.correct },
    { source: 4, target: 5, value: f.output_bounced_incorrect, color: C.wrong },
    { source: 3, target: 6, value: f.shown_correct, color: C.correct },
    { source: 4, target: 7, value: f.shown_incorrect, color: C.wrong },
  ];
  return { nodes, links };
}

/** The task page's charts of the Lite pipeline: the paper's Table IV (length buckets are drawn for every kind that has them). */
export function pipelineTaskCharts(ctx: TaskChartContext<LiteDetails>) {
  return {
    tableIV: ctx.series.map((s) => ({
      name: s.name,
      baseline: s.baseline,
      before: getMetric(s.metrics, "before"),
      after: getMetric(s.metrics, "after"),
      lost: getMetric(s.metrics, "lost"),
    })),
  };
}

/** A submission page's charts of the Lite pipeline: its Sankey funnel. */
export async function pipelineSubmissionCharts(
  ctx: SubmissionChartContext<LiteTruth, LitePrediction, LiteDetails, BounceMetadata>,
) {
  return { sankey: ctx.details ? pipelineSankey(ctx.details.funnel) : null };
}
