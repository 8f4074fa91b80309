"use client";

import {
  Legend,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
  Tooltip,
} from "recharts";
import { ChartFigure } from "./chart-figure";
import { colorAt } from "./palette";
import { percent } from "@/lib/format";

/** Radar of recall by taxonomy value, one overlaid polygon per submission. */
export function RadarOverlay({
  axes,
  series,
  testId,
  height = 320,
}: {
  axes: string[];
  series: { name: string; values: (number | null)[] }[];
  testId?: string;
  height?: number;
}) {
  const data = axes.map((a, i) => Object.fromEntries([["axis", a], ...series.map((s) => [s.name, s.values[i] ?? 0])]));
  return (
    <ChartFigure
      testId={testId}
      height={height}
      description={`Radar chart of recall by ${axes.join(", ")} for ${series.map((s) => s.name).join(", ")}.`}
      columns={["value", ...series.map((s) => `${s.name} recall`)]}
      rows={axes.map((a, i) => [a, ...series.map((s) => s.values[i] ?? null)])}
    >
      <ResponsiveContainer>
        <RadarChart data={data} outerRadius="70%">
          <PolarGrid />
          <PolarAngleAxis dataKey="axis" tick={{ fontSize: 11 }} />
          <PolarRadiusAxis domain={[0, 1]} tickFormatter={(v) => `${Math.round(v * 100)}%`} tick={{ fontSize: 10 }} />
          <Tooltip formatter={(v) => percent(Number(v), 1)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s, i) => (
            <Radar
              key={s.name}
              name={s.name}
              dataKey={s.name}
              stroke={colorAt(i)}
              fill={colorAt(i)}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          ))}
        </RadarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
