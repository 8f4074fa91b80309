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
import { ChartFigure } from "./chart-figure";

export interface HistoryData {
  points: { t: number; value: number; low: number | null; high: number | null; model: string; team: string | null }[];
  releases: { version: string; t: number }[];
  current: string;
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The best primary metric over time (a step at each new record) with the record holder's 95%
 * interval as a band, and a mark at each release's publication.
 */
export function HistoryChart({
  data,
  label,
  asPercent,
  testId,
  height = 300,
}: {
  data: HistoryData;
  label: string;
  asPercent: boolean;
  testId?: string;
  height?: number;
}) {
  const f = (v: number) => (asPercent ? percent(v, 0) : fixed(v, 2));
  const rows = data.points.map((p) => ({ ...p, band: p.low !== null && p.high !== null ? [p.low, p.high] : null }));
  const records = data.points.filter((p, i) => i === 0 || p.value !== data.points[i - 1].value);
  const lo = Math.min(...data.points.map((p) => p.low ?? p.value), ...data.points.map((p) => p.value));
  // the data's own span (the server carries the last record to its own "now")
  const times = [...data.points.map((p) => p.t), ...data.releases.map((r) => r.t)];
  const from = Math.min(...times);
  const to = Math.max(...times);
  return (
    <div>
      <ChartFigure
        testId={testId}
        height={height}
        description={`Best ${label} over time on release ${data.current}: ${records.length} records, from ${records.length ? f(records[0].value) : "—"} to ${records.length ? f(records[records.length - 1].value) : "—"}; ${data.releases.length} releases marked.`}
        columns={["date", "record holder", label, "95% low", "95% high"]}
        rows={records.map((p) => [day(p.t), `${p.model}${p.team ? ` (${p.team})` : ""}`, p.value, p.low, p.high])}
      >
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
      </ChartFigure>
      <p className="mt-1 text-xs text-muted" data-testid="history-legend">
        Each step a new best; the band its 95% interval; the y axis does not start at 0. Releases (dashed):{" "}
        {data.releases.map((r, i) => (
          <span
            key={r.version}
            className={r.version === data.current ? "font-medium text-orange-800 dark:text-orange-300" : ""}
          >
            {i ? " · " : ""}
            {r.version} ({day(r.t)}){r.version === data.current ? ", shown, orange" : ""}
          </span>
        ))}
      </p>
    </div>
  );
}
