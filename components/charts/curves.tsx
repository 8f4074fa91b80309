"use client";

import dynamic from "next/dynamic";
import { ChartFigure, DrawingLoading } from "./chart-figure";
import { StaticCurves, fitsStaticCurves, type CurvesProps } from "./static-curves";

export type { CurveSeries, CurvesProps } from "./static-curves";

const Drawing = dynamic(() => import("./curves-drawing"), { ssr: false, loading: DrawingLoading });

/**
 * Line curves on numeric axes (PR curves, pass@k). Each series is drawn from its own points;
 * `dots` marks every point while a series has few (PR curves: one per threshold). Curves on the
 * unit square are drawn as plain SVG with the page (static-curves.tsx), others by Recharts.
 */
export function Curves(props: CurvesProps) {
  const { series, xLabel, yLabel, height = 320, testId } = props;
  const drawnStatic = fitsStaticCurves(props);
  // the table: each curve at up to 11 of its points (the whole curve is in the drawing)
  const rows = series.flatMap((s) => {
    const n = s.points.length;
    const ix =
      n <= 11
        ? s.points.map((_, i) => i)
        : [...new Set(Array.from({ length: 11 }, (_, k) => Math.round((k * (n - 1)) / 10)))];
    return ix.map((i) => [s.name, s.points[i].x, s.points[i].y]);
  });
  return (
    <ChartFigure
      // curves on the unit square (PR curves) are plain SVG in the page's HTML (static-curves.tsx)
      eager={drawnStatic}
      grow={drawnStatic}
      testId={testId}
      height={height}
      description={`Line chart of ${yLabel} against ${xLabel} for ${series.map((s) => s.name).join(", ") || "no series"}.`}
      columns={["series", xLabel, yLabel]}
      rows={rows}
    >
      {drawnStatic ? <StaticCurves {...props} /> : <Drawing {...props} />}
    </ChartFigure>
  );
}
