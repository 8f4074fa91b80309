import type { SubmissionChartContext } from "../submission-chart-context";
import { getMetric } from "@/lib/metric-value";
import type { TaskChartContext } from "../chart-context";

/** The task page's charts of CR-Bench: comment judgments, recall by taxonomy (radar), SNR vs recall. */
export function codeReviewTaskCharts(ctx: TaskChartContext) {
  const { overlay, series } = ctx;
  const recallBy = (dim: string) => {
    const axes = [...new Set(overlay.flatMap((s) => ((s.details.recallBy as Record<string, { value: string }[]> | undefined)?.[dim] ?? []).map((r) => r.value)))];
    return {
      axes,
      series: overlay.map((s) => {
        const rows = (s.details.recallBy as Record<string, { value: string; recall: number | null }[]> | undefined)?.[dim] ?? [];
        return { name: s.name, values: axes.map((a) => rows.find((r) => r.value === a)?.recall ?? null) };
      }),
    };
  };
  return {
    judgments: series.map((s) => ({ name: s.name, bug_hit: getMetric(s.metrics, "bug_hit") ?? 0, valid_suggestion: getMetric(s.metrics, "valid_suggestion") ?? 0, noise: getMetric(s.metrics, "noise") ?? 0 })),
    radar: { category: recallBy("category"), impact: recallBy("impact"), severity: recallBy("severity") },
    snr: series.filter((s) => getMetric(s.metrics, "snr") !== null).map((s) => ({ x: getMetric(s.metrics, "recall") ?? 0, y: getMetric(s.metrics, "snr") ?? 0, label: s.name })),
  };
}

/** A submission page's charts of CR-Bench: recall by taxonomy and comment counts. */
export async function codeReviewSubmissionCharts(ctx: SubmissionChartContext) {
  const d = ctx.details;
  return { recallBy: d.recallBy as Record<string, { value: string; recall: number | null }[]>, counts: d.counts as { bugHit: number; validSuggestion: number; noise: number } };
}
