import { axisNote, tickLabel, valueAxis, type ValueAxis } from "@/lib/chart-ticks";

// ScatterFront's props live here, below both its wrapper and its drawing (which imports this module)
export interface ScatterFrontProps {
  points: { x: number; y: number; label: string }[];
  xLabel: string;
  yLabel: string;
  front?: { x: number; y: number }[];
  xPercent?: boolean;
  yPercent?: boolean;
  testId?: string;
  height?: number;
}

/**
 * The axes of a scatter (lib/chart-ticks.ts): each near its points when they sit far from 0, on
 * round ticks, and the note that says which axis leaves 0 out (null when both reach it).
 */
export function scatterAxes({
  points,
  front = [],
  xLabel,
  yLabel,
  xPercent = false,
  yPercent = false,
}: ScatterFrontProps): {
  x: ValueAxis;
  y: ValueAxis;
  note: string | null;
} {
  const all = [...points, ...front];
  const x = valueAxis(all.map((p) => p.x));
  const y = valueAxis(all.map((p) => p.y));
  const notes = [
    [xLabel, axisNote(x, (v) => tickLabel(v, x.step, xPercent))],
    [yLabel, axisNote(y, (v) => tickLabel(v, y.step, yPercent))],
  ].flatMap(([label, n]) => (n ? [`${label}: ${n}`] : []));
  return { x, y, note: notes.length ? `${notes.join("; ")}.` : null };
}
