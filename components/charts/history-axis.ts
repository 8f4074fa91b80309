import { axisNote, dateTicks, tickLabel, valueAxis, type DateTicks, type ValueAxis } from "@/lib/chart-ticks";

// HistoryChart's props live here, below both its wrapper and its drawing (which imports this module)
export interface HistoryData {
  points: { t: number; value: number; low: number | null; high: number | null; model: string; team: string | null }[];
  releases: { version: string; t: number }[];
  current: string;
}

export interface HistoryChartProps {
  data: HistoryData;
  label: string;
  asPercent: boolean;
  testId?: string;
  height?: number;
}

export interface HistoryAxes {
  /** the value axis: near the data (a record line's band), round ticks */
  y: ValueAxis;
  /** round, distinct date ticks over the data's own span */
  x: DateTicks;
  from: number;
  to: number;
  /** "axis starts at 0.45, not 0", or null when it starts at 0 */
  note: string | null;
}

/**
 * The axes of the history chart (lib/chart-ticks.ts): the value axis over every record and its
 * interval, the time axis over the records and the releases' dates with as many round ticks as
 * `width` px hold. Shared by the drawing and its caption, which says what the axes leave out.
 */
export function historyAxes(data: HistoryData, asPercent: boolean, width = 600): HistoryAxes {
  const values = data.points.flatMap((p) => [p.value, p.low, p.high]).filter((v): v is number => v !== null);
  const y = valueAxis(values);
  // the data's own span (the server carries the last record to its own "now")
  const times = [...data.points.map((p) => p.t), ...data.releases.map((r) => r.t)];
  const from = Math.min(...times);
  const to = Math.max(...times);
  const x = dateTicks(from, to, 8, width);
  return { y, x, from, to, note: axisNote(y, (v) => tickLabel(v, y.step, asPercent)) };
}
