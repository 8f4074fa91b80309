import { HiddenTruthNote } from "@/components/ui/card";
import type { PrCurve } from "@/lib/metrics";
import { Curves } from "./curves";
import { prPoints } from "./pr-points";
import { percent } from "@/lib/format";

/**
 * Precision–recall curves (one per submission; a dot per threshold while there are few, pr-points.ts thins dense ones) with the no-skill prevalence
 * line. With no curves — a hidden-truth release — it says why instead of drawing.
 */
export function PrChart({
  curves,
  prevalence,
  testId,
}: {
  curves: { name: string; curve: PrCurve }[] | null;
  prevalence?: number;
  testId: string;
}) {
  if (!curves?.length) return <HiddenTruthNote />;
  return (
    <Curves
      series={curves.map((c) => ({ name: c.name, points: prPoints(c.curve) }))}
      xLabel="recall"
      yLabel="precision"
      refLines={prevalence === undefined ? [] : [{ y: prevalence, label: `prevalence ${percent(prevalence, 0)}` }]}
      testId={testId}
    />
  );
}
