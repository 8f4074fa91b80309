"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useState } from "react";
import { tickLabel } from "@/lib/chart-ticks";
import { fixed } from "@/lib/format";
import { CategoryTick, categoryLayout } from "./category-tick";
import { colorAt, pctFmt } from "./palette";
import { barAxis, type GroupedBarsProps } from "./static-bars";
import { GRID, roundTicks } from "./axis-props";

/** The drawing of GroupedBars (grouped-bars.tsx): Recharts, loaded when the chart nears the screen. */
export default function GroupedBarsDrawing({
  data,
  xKey,
  series,
  percent = false,
  absTicks = false,
  yDomain,
}: GroupedBarsProps) {
  const fmt = (v: number) => {
    const x = absTicks ? Math.abs(v) : v;
    return percent ? pctFmt(x) : Number.isInteger(x) ? String(x) : fixed(x, 3);
  };
  // bars start at zero (a cut axis exaggerates differences), on round ticks; below zero, a zero line
  const axis = barAxis({ data, series, yDomain });
  const negative = absTicks || axis.domain[0] < 0;
  // the category labels' layout follows the chart's width (flat, rotated, or every k-th)
  const [width, setWidth] = useState(0);
  const margin = { top: 8, right: 16, bottom: 8, left: 8 };
  const layout = categoryLayout(
    data.map((d) => String(d[xKey])),
    (width || 600) - margin.left - margin.right - 60,
  );
  return (
    <ResponsiveContainer onResize={(w) => setWidth(w)}>
      <BarChart data={data} margin={{ ...margin, left: Math.max(margin.left, layout.left - 60) }}>
        <CartesianGrid {...GRID} />
        <XAxis
          dataKey={xKey}
          interval={0}
          height={layout.height}
          tick={(p: Record<string, unknown>) => <CategoryTick {...p} layout={layout} />}
        />
        <YAxis
          {...roundTicks(axis.domain, axis.ticks, (v) => tickLabel(absTicks ? Math.abs(v) : v, axis.step, percent))}
        />
        <Tooltip formatter={(v) => fmt(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {negative ? <ReferenceLine y={0} stroke="#64748b" strokeWidth={1.5} /> : null}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color ?? colorAt(i)}
            stroke={s.outline}
            stackId={s.stackId}
            isAnimationActive={false}
          >
            {s.errorKey ? <ErrorBar dataKey={s.errorKey} width={4} stroke="#334155" /> : null}
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
