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
import { CHART_TEXT, colorAt } from "./palette";
import { percent } from "@/lib/format";

export interface RadarOverlayProps {
  axes: string[];
  series: { name: string; values: (number | null)[] }[];
  testId?: string;
  height?: number;
}

/** The drawing of RadarOverlay (radar-overlay.tsx): Recharts, loaded when the chart nears the screen. */
export default function RadarOverlayDrawing({ axes, series }: RadarOverlayProps) {
  const data = axes.map((a, i) => Object.fromEntries([["axis", a], ...series.map((s) => [s.name, s.values[i] ?? 0])]));
  return (
    <ResponsiveContainer>
      <RadarChart data={data} outerRadius="56%">
        <PolarGrid />
        <PolarAngleAxis dataKey="axis" tick={(p: Record<string, unknown>) => <WrappedTick {...p} />} />
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
  );
}

/** An axis name in lines of about 12 characters (whole words; longer ones hyphenated), centred on its point. */
function WrappedTick(props: { x?: unknown; y?: unknown; payload?: { value?: unknown }; textAnchor?: unknown }) {
  const x = Number(props.x ?? 0);
  const y = Number(props.y ?? 0);
  const lines: string[] = [];
  // words over 12 characters are hyphenated
  const words = String(props.payload?.value ?? "")
    .split(/\s+/)
    .flatMap((w) =>
      w.length > 12 ? [`${w.slice(0, Math.ceil(w.length / 2))}-`, w.slice(Math.ceil(w.length / 2))] : [w],
    );
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= 12) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  const anchor = props.textAnchor === "start" || props.textAnchor === "end" ? props.textAnchor : "middle";
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize={11} style={{ fill: CHART_TEXT }} dominantBaseline="middle">
      {lines.map((l, i) => (
        <tspan key={i} x={x} dy={i ? 12 : -((lines.length - 1) * 12) / 2}>
          {l}
        </tspan>
      ))}
    </text>
  );
}
