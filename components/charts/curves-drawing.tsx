"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { tickLabel, ticksWithin } from "@/lib/chart-ticks";
import { fixed } from "@/lib/format";
import { CHART_TEXT, colorAt } from "./palette";
import { GRID, NUMBER_X, roundTicks, xAxisLabel, yAxisLabel } from "./axis-props";
import { MAX_DOTS, type CurvesProps } from "./static-curves";

/** The drawing of Curves (curves.tsx): Recharts, loaded when the chart nears the screen. */
export default function CurvesDrawing({
  series,
  xLabel,
  yLabel,
  xDomain = [0, 1],
  yDomain = [0, 1],
  percent = true,
  xPercent,
  refLines = [],
  dots = true,
  step = false,
  height = 320,
}: CurvesProps) {
  // round ticks inside the fixed domains (k = 1…20: 1, 5, 10, 15, 20), labelled with the step's decimals
  const [xTicks, xFmt] = axisTicks(xDomain, xPercent ?? percent);
  const [yTicks, fmt] = axisTicks(yDomain, percent);
  // a y label longer than the plot is tall goes above it, level (a rotated one would be cut)
  const yAbove = yLabel.length * 7.2 > height - 100;
  return (
    <WithLabelAbove label={yAbove ? yLabel : null}>
      <ResponsiveContainer>
        <LineChart margin={{ top: 8, right: 16, bottom: 20, left: 8 }}>
          <CartesianGrid {...GRID} />
          <XAxis
            {...NUMBER_X}
            {...roundTicks(xDomain, xTicks, xFmt)}
            label={xAxisLabel(xLabel, -10)}
            allowDuplicatedCategory={false}
          />
          <YAxis type="number" {...roundTicks(yDomain, yTicks, fmt)} label={yAbove ? undefined : yAxisLabel(yLabel)} />
          <Tooltip
            formatter={(v) => (typeof v === "number" ? fixed(v, 3) : String(v))}
            labelFormatter={(l) => `${xLabel} ${typeof l === "number" ? fixed(l, 3) : l}`}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} verticalAlign="top" />
          {refLines.map((r) => (
            <ReferenceLine
              key={r.label}
              y={r.y}
              stroke="#64748b"
              strokeDasharray="6 4"
              label={{ value: r.label, fontSize: 11, position: "insideTopRight" }}
            />
          ))}
          {series.map((s, i) => (
            <Line
              key={s.name}
              data={s.points}
              dataKey="y"
              name={s.name}
              type={step ? "stepAfter" : "linear"}
              stroke={s.color ?? colorAt(i)}
              strokeWidth={2}
              // a dot per point while they can be told apart; a denser curve is its line (a dot on hover)
              dot={dots && s.points.length <= MAX_DOTS ? { r: 2.5 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </WithLabelAbove>
  );
}

/** Round ticks inside a fixed domain, and their labels (lib/chart-ticks.ts). */
function axisTicks(domain: [number, number], percent: boolean): [number[], (v: number) => string] {
  const ticks = ticksWithin(domain[0], domain[1]);
  const step = ticks[ticks.length - 1] - ticks[ticks.length - 2] || 1;
  return [ticks, (v: number) => tickLabel(v, step, percent)];
}

/** The drawing, with its y axis' label above it when there is one to put there. */
function WithLabelAbove({ label, children }: { label: string | null; children: React.ReactNode }) {
  return (
    <div className="flex h-full flex-col">
      {label ? (
        <p className="text-xs" style={{ color: CHART_TEXT }}>
          ↑ {label}
        </p>
      ) : null}
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}
