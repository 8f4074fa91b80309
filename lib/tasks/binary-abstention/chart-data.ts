import type { SubmissionChartContext, TaskChartContext } from "@/lib/tasks/define";
import { getMetric } from "@/lib/metric-value";
import { sideOf, type BounceDetails, type BounceMetadata, type BounceTruth, type StoredPrediction } from "./schemas";
import { fixed } from "@/lib/format";

/** The task page's charts of a binary-abstention task: per-class F, length buckets, PR curves. */
export function binaryAbstentionTaskCharts(ctx: TaskChartContext<BounceDetails>) {
  const { overlay, hidden } = ctx;
  return {
    side: sideOf(ctx.options),
    perClass: overlay.map((s) => ({
      name: s.name,
      F_a: getMetric(s.metrics, "F_a") ?? 0,
      F_b: getMetric(s.metrics, "F_b") ?? 0,
      F_m: getMetric(s.metrics, "F_m") ?? 0,
    })),
    pr: hidden
      ? []
      : overlay.flatMap((s) =>
          s.details?.prCurve
            ? [
                {
                  name: `${s.name} (AP ${fixed(getMetric(s.metrics, "bounce_ap"), 3)})`,
                  curve: ctx.thin(s.details.prCurve),
                },
              ]
            : [],
        ),
  };
}

/** A submission page's charts of a binary-abstention task. */
export async function binaryAbstentionSubmissionCharts(
  ctx: SubmissionChartContext<BounceTruth, StoredPrediction, BounceDetails, BounceMetadata>,
) {
  const d = ctx.details;
  return { side: sideOf(ctx.options), perClass: d?.perClass ?? [], pr: d?.prCurve ?? null };
}
