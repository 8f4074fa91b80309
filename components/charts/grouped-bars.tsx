"use client";

import dynamic from "next/dynamic";
import { fixed } from "@/lib/format";
import { ChartFigure } from "./chart-figure";
import { StaticBars, fitsStatic, type GroupedBarsProps } from "./static-bars";

export type { BarSeries, GroupedBarsProps } from "./static-bars";

// Recharts comes with the drawing, when the chart nears the screen — not with the page's hydration
const Drawing = dynamic(() => import("./grouped-bars-drawing"), { ssr: false });

/** Grouped (or stacked) bars from plain rows; values may be negative (e.g. FPR drawn down). */
export function GroupedBars(props: GroupedBarsProps) {
  const { data, xKey, series, absTicks = false, height = 300, testId } = props;
  const drawnStatic = fitsStatic(props);
  const num = (v: unknown) => (typeof v === "number" ? (absTicks ? Math.abs(v) : v) : null);
  return (
    <ChartFigure
      // a few plain bars are plain SVG in the page's HTML (static-bars.tsx): no Recharts, nothing to wait for
      eager={drawnStatic}
      testId={testId}
      height={height}
      description={`Bar chart of ${series.map((s) => s.label).join(", ")} for ${data.map((d) => String(d[xKey])).join(", ")}.`}
      columns={[xKey, ...series.flatMap((s) => (s.errorKey ? [s.label, `${s.label} 95% interval`] : [s.label]))]}
      rows={data.map((d) => [
        String(d[xKey]),
        ...series.flatMap((s) => {
          const v = num(d[s.key]);
          if (!s.errorKey) return [v];
          const e = d[s.errorKey] as [number, number] | undefined;
          return [v, v !== null && e && (e[0] || e[1]) ? `${fixed(v - e[0], 3)} – ${fixed(v + e[1], 3)}` : null];
        }),
      ])}
    >
      {drawnStatic ? <StaticBars {...props} /> : <Drawing {...props} />}
    </ChartFigure>
  );
}
