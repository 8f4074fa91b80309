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
import { fixed, percent } from "@/lib/format";

export interface HistoryData {
  points: { t: number; value: number; low: number | null; high: number | null; model: string; team: string | null }[];
  releases: { version: string; t: number }[];
  current: string;
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export interface HistoryChartProps {
  data: HistoryData;
  label: string;
  asPercent: boolean;
  testId?: string;
  height?: number;
}

/** The drawing of HistoryChart (history-chart.tsx): Recharts, loaded when the chart nears the screen. */
export default function HistoryChartDrawing({ data, label, asPercent }: HistoryChartProps) {
  const f = (v: number) => (asPercent ? percent(v, 0) : fixed(v, 2));
  const rows = data.points.map((p) => ({ ...p, band: p.low !== null && p.high !== null ? [p.low, p.high] : null }));
  const lo = Math.min(...data.points.map((p) => p.low ?? p.value), ...data.points.map((p) => p.value));
  // the data's own span (the server carries the last record to its own "now")
  const times = [...data.points.map((p) => p.t), ...data.releases.map((r) => r.t)];
  const from = Math.min(...times);
  const to = Math.max(...times);
  return (
    <ResponsiveContainer>
      <ComposedChart data={rows} margin={{ top: 20, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.4} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={[from, to]}
          tickFormatter={(t: number) => day(t).slice(0, 7)}
          tick={{ fontSize: 12 }}
          tickMargin={8}
          minTickGap={24}
        />
        <YAxis
          tickFormatter={f}
          tick={{ fontSize: 12 }}
          // the band's floor, not zero: the caption says so
          domain={[Math.max(0, Math.floor(lo * 20) / 20), "auto"]}
        />
        <Tooltip
          labelFormatter={(t) => day(Number(t))}
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
          fillOpacity={0.15}
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
            stroke={r.version === data.current ? "#D55E00" : "#999"}
            strokeDasharray="4 3"
          />
        ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
