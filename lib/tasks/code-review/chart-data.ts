import type { SubmissionChartContext, TaskChartContext } from "@/lib/tasks/define";
import { getMetric } from "@/lib/metric-value";
import type { MetricColumn, Metrics } from "@/lib/tasks/types";
import { REVIEW_COLUMNS } from "./columns";
import type { ReviewDetails, ReviewMetadata, ReviewPrediction, ReviewTruth } from "./schemas";

/**
 * A paper's results table as chart data: its columns (metric key, label, format for
 * `lib/format` `formatMetric`) and one row per submission, values by key. Self-describing, so a
 * view renders it without knowing the kind.
 */
export interface ResultsTable {
  title: string;
  caption: string;
  columns: { key: string; label: string; description: string; format: MetricColumn["format"] }[];
  rows: {
    id: string;
    /** the submission's display name */
    name: string;
    /** the paper's "Agent" and "Model" (system metadata `agent`, `base_model`), null when not stated */
    agent: string | null;
    model: string | null;
    baseline: boolean;
    values: Record<string, number | null>;
  }[];
}

/** A board row as Table 4 reads it: a chart series, or a leaderboard row with its system metadata. */
export interface Table4Source {
  id: string;
  name: string;
  baseline: boolean;
  metrics: Metrics;
  meta?: { agent?: string | null; base_model?: string | null };
}

/** Table 4's columns, in the paper's order (Recall, Prec., F1, Usefulness, SNR), each F1 and recall in both readings. */
const TABLE_4_KEYS = ["recall", "recall_hits", "precision", "f1", "f1_hits", "usefulness", "snr"] as const;

/**
 * CR-Bench's Table 4 for the board's rows, in their order: per submission recall (per PR and
 * Eq. 2), precision, F1 (per PR and Eq. 2), usefulness and SNR, as stored (SNR null is ∞: no
 * noise; a key a score predates is null), with its agent and model when the system states them.
 */
export function reviewTable4(sources: Table4Source[]): ResultsTable {
  const columns = TABLE_4_KEYS.map((key) => {
    const c = REVIEW_COLUMNS.find((x) => x.key === key)!;
    return { key, label: c.label, description: c.description, format: c.format };
  });
  return {
    title: "Results per system (CR-Bench Table 4)",
    caption: "Recall, precision, F1, usefulness and SNR per system, in the board's order",
    columns,
    rows: sources.map((s) => ({
      id: s.id,
      name: s.name,
      agent: s.meta?.agent ?? null,
      model: s.meta?.base_model ?? null,
      baseline: s.baseline,
      values: Object.fromEntries(TABLE_4_KEYS.map((k) => [k, getMetric(s.metrics, k)])),
    })),
  };
}

/** The task page's charts of CR-Bench: comment judgments, recall by taxonomy (radar), SNR vs recall, Table 4. */
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
    table4: reviewTable4(series),
  };
}

/** A submission page's charts of CR-Bench: recall by taxonomy and comment counts. */
export async function codeReviewSubmissionCharts(
  ctx: SubmissionChartContext<ReviewTruth, ReviewPrediction, ReviewDetails, ReviewMetadata>,
) {
  const d = ctx.details;
  return d ? { recallBy: d.recallBy, counts: d.counts } : null;
}
