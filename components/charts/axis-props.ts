/** The tick labels of every chart's axes. */
export const AXIS_TICK = { fontSize: 12 };

/** The background grid of every cartesian chart: `<CartesianGrid {...GRID} />`. */
export const GRID = { strokeDasharray: "3 3", strokeOpacity: 0.4 };

/** An axis on given round ticks, every one labelled by `format`: `<YAxis {...roundTicks(…)} />`. */
export function roundTicks<D>(domain: D, ticks: number[], format: (v: number) => string) {
  return { domain, ticks, interval: 0, tickFormatter: format, tick: AXIS_TICK };
}

/** The x axis' title, under its ticks (`offset` below the axis line). */
export function xAxisLabel(value: string, offset: number) {
  return { value, position: "insideBottom" as const, offset, fontSize: 12 };
}

/** The y axis' title, turned along the axis. */
export function yAxisLabel(value: string) {
  return { value, angle: -90, position: "insideLeft" as const, fontSize: 12 };
}

/** A numeric x axis on the points' `x`, its labels below the y axis' lowest one (the two never meet at the origin). */
export const NUMBER_X = { type: "number" as const, dataKey: "x", tickMargin: 8 };
