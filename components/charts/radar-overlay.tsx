"use client";

import dynamic from "next/dynamic";
import type { RadarOverlayProps } from "./radar-overlay-drawing";
import { ChartFigure, DrawingLoading } from "./chart-figure";

export type { RadarOverlayProps } from "./radar-overlay-drawing";

const Drawing = dynamic(() => import("./radar-overlay-drawing"), { ssr: false, loading: DrawingLoading });

/** Radar of recall by taxonomy value, one overlaid polygon per submission. */
export function RadarOverlay(props: RadarOverlayProps) {
  const { axes, series, testId, height = 320 } = props;
  return (
    <ChartFigure
      testId={testId}
      height={height}
      description={`Radar chart of recall by ${axes.join(", ")} for ${series.map((s) => s.name).join(", ")}.`}
      columns={["value", ...series.map((s) => `${s.name} recall`)]}
      rows={axes.map((a, i) => [a, ...series.map((s) => s.values[i] ?? null)])}
    >
      <Drawing {...props} />
    </ChartFigure>
  );
}
