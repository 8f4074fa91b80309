import type { SubmissionChartContext, TaskChartContext } from "@/lib/tasks/define";
import { getMetric } from "@/lib/metric-value";
import type { ReviewDetails, ReviewMetadata, ReviewPrediction, ReviewTruth } from "./index";

/** The task page's charts of CR-Bench: comment judgments, recall by taxonomy (radar), SNR vs recall. */
export function codeReviewTaskCharts(ctx: TaskChartContext<ReviewDetails>) {
  const { overlay, series } = ctx;
  const recallBy = (dim: keyof ReviewDetails["recallBy"]) => {
    const axes = [...new Set(overlay.flatMap((s) => (s.details?.recallBy[dim] ?? []).map((r) => r.value)))];
    return {
      axes,
      series: overlay.map((s) => {
        const rows = s.details?.recallBy[dim] ?? [];
        return { name: s.name, values: axes.map((a) => rows.find((r) => r.value === a)?.recall ?? null) };
      }),
    };
  };
  return {
    judgments: series.map((s) => ({
      name: s.name,
      bug_hit: getMetric(s.metrics, "bug_hit") ?? 0,
      valid_suggestion: getMetric(s.metrics, "valid_suggestion") ?? 0,
      noise: getMetric(s.metrics, "noise") ?? 0,
    })),
    radar: { category: recallBy("category"), impact: recallBy("impact"), severity: recallBy("severity") },
    snr: series
      .filter((s) => getMetric(s.metrics, "snr") !== null)
      .map((s) => ({ x: getMetric(s.metrics, "recall") ?? 0, y: getMetric(s.metrics, "snr") ?? 0, label: s.name })),
  };
}

/** A submission page's charts of CR-Bench: recall by taxonomy and comment counts. */
export async function codeReviewSubmissionCharts(
  ctx: SubmissionChartContext<ReviewTruth, ReviewPrediction, ReviewDetails, ReviewMetadata>,
) {
  const d = ctx.details;
  return d ? { recallBy: d.recallBy, counts: d.counts } : null;
}
