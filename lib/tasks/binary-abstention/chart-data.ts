import type { SubmissionChartContext } from "../submission-chart-context";
import type { PrCurve } from "@/lib/metrics";
import { getMetric } from "@/lib/metric-value";
import type { TaskChartContext } from "../chart-context";
import { safeDivide } from "@/lib/metrics";
import type { Side } from "./labels";

export interface LengthBucket {
  bucket: string;
  n: number;
  /** share of the bucket that should be bounced */
  shouldBounce: number;
  /** bounced among should-bounce */
  tpr: number;
  /** bounced among should-accept */
  fpr: number;
}

/** Bucket edges (METRICS.md §3): words of the issue text (input), characters of the patch (output). */
export const BUCKETS: Record<Side, { label: string; max: number }[]> = {
  input: [
    { label: "≤100 words", max: 100 },
    { label: "101–200", max: 200 },
    { label: "201–500", max: 500 },
    { label: ">500", max: Infinity },
  ],
  output: [
    { label: "≤1000 chars", max: 1000 },
    { label: "1001–2500", max: 2500 },
    { label: ">2500", max: Infinity },
  ],
};

/** The length of an instance for bucketing, or null when the release carries no text/patch. */
export function instanceLength(metadata: Record<string, unknown>, side: Side): number | null {
  const v = side === "input" ? metadata.words : metadata.chars;
  return typeof v === "number" ? v : null;
}

/**
 * Per length bucket: N, share to bounce, TPR and FPR of a bouncer (BouncerBench Figs. 2–3).
 * @throws RangeError when a row has no length
 */
export function lengthBuckets(rows: { length: number; should: boolean; did: boolean }[], side: Side): LengthBucket[] {
  return BUCKETS[side].map((b, i) => {
    const lo = i === 0 ? -Infinity : BUCKETS[side][i - 1].max;
    const inB = rows.filter((r) => r.length > lo && r.length <= b.max);
    const pos = inB.filter((r) => r.should);
    const neg = inB.filter((r) => !r.should);
    return {
      bucket: b.label,
      n: inB.length,
      shouldBounce: safeDivide(pos.length, inB.length),
      tpr: safeDivide(pos.filter((r) => r.did).length, pos.length),
      fpr: safeDivide(neg.filter((r) => r.did).length, neg.length),
    };
  });
}

/** The task page's charts of a binary-abstention task: per-class F, length buckets, PR curves. */
export function binaryAbstentionTaskCharts(ctx: TaskChartContext) {
  const { overlay, hidden } = ctx;
  return {
    side: (ctx.options.side ?? "input") as Side,
    perClass: overlay.map((s) => ({ name: s.name, F_a: getMetric(s.metrics, "F_a") ?? 0, F_b: getMetric(s.metrics, "F_b") ?? 0, F_m: getMetric(s.metrics, "F_m") ?? 0 })),
    lengths: ctx.lengths,
    pr: hidden ? [] : overlay.filter((s) => s.details.prCurve).map((s) => ({ name: `${s.name} (AP ${getMetric(s.metrics, "bounce_ap")?.toFixed(3)})`, curve: ctx.thin(s.details.prCurve as PrCurve) })),
  };
}

/** A submission page's charts of a binary-abstention task. */
export async function binaryAbstentionSubmissionCharts(ctx: SubmissionChartContext) {
  const d = ctx.details;
  return { side: (ctx.options.side ?? "input") as Side, perClass: d.perClass, lengths: ctx.lengths, pr: ctx.hidden ? null : ((d.prCurve as PrCurve | undefined) ?? null) };
}
