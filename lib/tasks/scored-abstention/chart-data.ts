import type { SubmissionChartContext } from "../submission-chart-context";
import { toBug } from "./index";
import type { PrCurve } from "@/lib/metrics";
import { getMetric } from "@/lib/metric-value";
import type { TaskChartContext } from "../chart-context";

const POLICIES = ["no_filter", "abstention", "validation_binary", "validation_p75", "validation_p90", "combined_binary", "combined_p75", "combined_p90"];

/** The task page's charts of Abstain-and-Validate: PR curves, success@1 by policy, lift by category. */
export function scoredAbstentionTaskCharts(ctx: TaskChartContext) {
  const { overlay, hidden } = ctx;
  const curve = (k: "abstentionCurve" | "validationCurve") =>
    hidden ? [] : overlay.filter((s) => s.details[k]).map((s) => ({ name: `${s.name} (AP ${getMetric(s.metrics, k === "abstentionCurve" ? "abstention_ap" : "validation_ap")?.toFixed(3)})`, curve: ctx.thin(s.details[k] as PrCurve) }));
  return {
    abstentionPr: curve("abstentionCurve"),
    validationPr: curve("validationCurve"),
    prevalence: (overlay[0]?.details.prevalence ?? null) as { fixable: number; trajectorySuccess: number } | null,
    byPolicy: POLICIES.map((p) => ({
      policy: p.replace(/_/g, "-"),
      ...Object.fromEntries(overlay.map((s) => [s.name, (s.details.successAtK as Record<string, { value: number }[]> | undefined)?.[p]?.[0]?.value ?? 0])),
    })),
    seriesNames: overlay.map((s) => s.name),
    lift: overlay.map((s) => ({ name: s.name, lift: (s.details.lift ?? []) as { category: string; bugs: number; combined_binary: number | null; abstention: number | null }[] })),
  };
}

/** A submission page's charts of Abstain-and-Validate: curves, histogram, success@k, funnel, and the bugs for the threshold explorer. */
export async function scoredAbstentionSubmissionCharts(ctx: SubmissionChartContext) {
  const d = ctx.details;
  return {
    abstentionPr: ctx.hidden ? null : (d.abstentionCurve as PrCurve),
    validationPr: ctx.hidden ? null : (d.validationCurve as PrCurve | null),
    prevalence: d.prevalence as { fixable: number; trajectorySuccess: number },
    histogram: d.histogram as { predicted: number[]; empirical: number[] },
    successAtK: d.successAtK as Record<string, { value: number; bugs: number }[]>,
    funnel: d.funnel as { stage: string; bugs: number; success_at_1: number }[],
    bugs: ctx.hidden ? null : (await ctx.pairs()).map((p) => toBug(p.truth, p.prediction, p.metadata)),
  };
}
