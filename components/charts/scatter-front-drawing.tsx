"use client";

import {
  CartesianGrid,
  Line,
  ComposedChart,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
  LabelList,
} from "recharts";
import { tickLabel } from "@/lib/chart-ticks";
import { fixed } from "@/lib/format";
import { scatterAxes, type ScatterFrontProps } from "./scatter-axes";
import { GRID, NUMBER_X, roundTicks, xAxisLabel, yAxisLabel } from "./axis-props";

/** The drawing of ScatterFront (scatter-front.tsx): Recharts, loaded when the chart nears the screen. */
export default function ScatterFrontDrawing(props: ScatterFrontProps) {
  const { points, xLabel, yLabel, front, xPercent = false, yPercent = false } = props;
  // round ticks; an axis near its points when they sit far from 0 (the caption says so)
  const { x, y } = scatterAxes(props);
  return (
    <ResponsiveContainer>
      <ComposedChart margin={{ top: 16, right: 24, bottom: 24, left: 8 }}>
        <CartesianGrid {...GRID} />
        <XAxis
          {...NUMBER_X}
          name={xLabel}
          {...roundTicks(x.domain, x.ticks, (v) => tickLabel(v, x.step, xPercent))}
          label={xAxisLabel(xLabel, -12)}
          // room for the points' names at the edges
          padding={{ left: 28, right: 28 }}
        />
        <YAxis
          type="number"
          dataKey="y"
          name={yLabel}
          {...roundTicks(y.domain, y.ticks, (v) => tickLabel(v, y.step, yPercent))}
          label={yAxisLabel(yLabel)}
          padding={{ top: 18, bottom: 8 }}
        />
        <Tooltip formatter={(v) => fixed(Number(v), 3)} />
        {front?.length ? (
          <Line
            data={front}
            dataKey="y"
            stroke="#009E73"
            strokeWidth={2}
            dot={false}
            type="stepAfter"
            name="Pareto front"
            isAnimationActive={false}
          />
        ) : null}
        <Scatter data={points} fill="#0072B2" name="submissions" isAnimationActive={false}>
          <LabelList
            dataKey="label"
            position="top"
            style={{ fontSize: 11 }}
            // long names are cut (the table of the numbers and the tooltip have them whole)
            formatter={(v: unknown) => (String(v).length > 16 ? `${String(v).slice(0, 15)}…` : String(v))}
          />
        </Scatter>
      </ComposedChart>
    </ResponsiveContainer>
  );
}
