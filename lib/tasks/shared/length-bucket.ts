import { safeDivide } from "@/lib/metrics";

/** Which text an instance's length measures: the issue (input) or the patch (output). */
export type LengthSide = "input" | "output";

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
export const BUCKETS: Record<LengthSide, { label: string; max: number }[]> = {
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

/**
 * Per length bucket: N, share to bounce, TPR and FPR of a bouncer (BouncerBench Figs. 2–3).
 * @throws RangeError when a row has no length
 */
export function lengthBuckets(
  rows: { length: number; should: boolean; did: boolean }[],
  side: LengthSide,
): LengthBucket[] {
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
