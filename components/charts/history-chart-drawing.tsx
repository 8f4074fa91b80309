"use client";

import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useState } from "react";
import { tickLabel } from "@/lib/chart-ticks";
import { fixed, percent } from "@/lib/format";
import { historyAxes, type HistoryChartProps } from "./history-axis";
import { GRID, roundTicks } from "./axis-props";

const when = (t: number) => new Date(t).toISOString().slice(0, 16).replace("T", " ");

/** The drawing of HistoryChart (history-chart.tsx): Recharts, loaded when the chart nears the screen. */
export default function HistoryChartDrawing({ data, label, asPercent }: HistoryChartProps) {
  const f = (v: number) => (asPercent ? percent(v, 1) : fixed(v, 3));
  const rows = data.points.map((p) => ({ ...p, band: p.low !== null && p.high !== null ? [p.low, p.high] : null }));
  // round, distinct date ticks: as many as the plot's width holds (lib/chart-ticks.ts)
  const [width, setWidth] = useState(0);
  const { x, y, from, to } = historyAxes(data, asPercent, (width || 600) - 100);
  const labels = new Map(x.ticks.map((t, i) => [t, x.labels[i]]));
  return (
    <ResponsiveContainer onResize={(w) => setWidth(w)}>
      <ComposedChart data={rows} margin={{ top: 20, right: 44, bottom: 8, left: 8 }}>
        <CartesianGrid {...GRID} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          {...roundTicks([from, to], x.ticks, (t) => labels.get(t) ?? when(t))}
          tickMargin={8}
        />
        {/* near the band, not from zero: the caption says where it starts */}
        <YAxis {...roundTicks(y.domain, y.ticks, (v) => tickLabel(v, y.step, asPercent))} />
        <Tooltip
          labelFormatter={(t) => `${when(Number(t))} UTC`}
          formatter={(v, name) =>
            Array.isArray(v)
              ? [`${f(Number(v[0]))} – ${f(Number(v[1]))}`, "95% interval"]
              : [f(Number(v)), String(name)]
          }
        />
        <Area
          dataKey="band"
          type="stepAfter"
          stroke="none"
          fill="#0072B2"
          fillOpacity={0.2}
          isAnimationActive={false}
          name="95% interval"
        />
        <Line
          dataKey="value"
          type="stepAfter"
          stroke="#0072B2"
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
          name={`best ${label}`}
        />
        {data.releases.map((r) => (
          <ReferenceLine
            key={r.version}
            x={r.t}
            stroke={r.version === data.current ? "#D55E00" : "#94a3b8"}
            strokeDasharray="4 3"
          />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
