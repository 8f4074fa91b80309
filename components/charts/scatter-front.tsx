"use client";

import { plural } from "@/lib/format";
import dynamic from "next/dynamic";
import { ChartFigure, DrawingLoading } from "./chart-figure";
import { scatterAxes, type ScatterFrontProps } from "./scatter-axes";

export type { ScatterFrontProps } from "./scatter-axes";

const Drawing = dynamic(() => import("./scatter-front-drawing"), { ssr: false, loading: DrawingLoading });

/** Scatter of points (e.g. cost vs score, SNR vs recall) with an optional Pareto front line. */
export function ScatterFront(props: ScatterFrontProps) {
  const { points, xLabel, yLabel, front, testId, height = 320 } = props;
  return (
    <ChartFigure
      testId={testId}
      height={height}
      note={scatterAxes(props).note}
      description={`Scatter plot of ${yLabel} against ${xLabel} for ${plural(points.length, "submission")}${front?.length ? ", with the Pareto front" : ""}.`}
      columns={["submission", xLabel, yLabel, ...(front?.length ? ["on the Pareto front"] : [])]}
      rows={points.map((p) => [
        p.label,
        p.x,
        p.y,
        ...(front?.length ? [front.some((q) => q.x === p.x && q.y === p.y) ? "yes" : "no"] : []),
      ])}
    >
      <Drawing {...props} />
    </ChartFigure>
  );
}
