import type { SubmissionChartContext, TaskChartContext } from "@/lib/tasks/define";
import { toBug, type AvDetails, type AvMetadata, type AvPrediction, type AvTruth } from "./model";
import { getMetric } from "@/lib/metric-value";
import { fixed } from "@/lib/format";

const POLICIES = [
  "no_filter",
  "abstention",
  "validation_binary",
  "validation_p75",
  "validation_p90",
  "combined_binary",
  "combined_p75",
  "combined_p90",
];

/** The task page's charts of Abstain-and-Validate: PR curves, success@1 by policy, lift by category. */
export function scoredAbstentionTaskCharts(ctx: TaskChartContext<AvDetails>) {
  const { overlay, hidden } = ctx;
  const curve = (k: "abstentionCurve" | "validationCurve") =>
    hidden
      ? []
      : overlay.flatMap((s) => {
          const c = s.details?.[k];
          return c
            ? [
                {
                  name: `${s.name} (AP ${fixed(getMetric(s.metrics, k === "abstentionCurve" ? "abstention_ap" : "validation_ap"), 3)})`,
                  curve: ctx.thin(c),
                },
              ]
            : [];
        });
  return {
    abstentionPr: curve("abstentionCurve"),
    validationPr: curve("validationCurve"),
    prevalence: overlay[0]?.details?.prevalence ?? null,
    byPolicy: POLICIES.map((p) => ({
      policy: p.replace(/_/g, "-"),
      ...Object.fromEntries(overlay.map((s) => [s.name, s.details?.successAtK[p]?.[0]?.value ?? 0])),
    })),
    seriesNames: overlay.map((s) => s.name),
    lift: overlay.map((s) => ({ name: s.name, lift: s.details?.lift ?? [] })),
  };
}

/** A submission page's charts of Abstain-and-Validate: curves, histogram, success@k, funnel, and the bugs for the threshold explorer. */
export async function scoredAbstentionSubmissionCharts(
  ctx: SubmissionChartContext<AvTruth, AvPrediction, AvDetails, AvMetadata>,
) {
  const d = ctx.details;
  if (!d) return null;
  return {
    abstentionPr: d.abstentionCurve,
    validationPr: d.validationCurve,
    prevalence: d.prevalence,
    histogram: d.histogram,
    successAtK: d.successAtK,
    passAndValidationAtK: d.passAndValidationAtK ?? null,
    funnel: d.funnel,
    bugs: (await ctx.pairs()).map((p) => toBug(p.truth, p.prediction, p.metadata)),
  };
}
