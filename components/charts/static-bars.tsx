import { tickLabel, valueAxis, type ValueAxis } from "@/lib/chart-ticks";
import { fixed } from "@/lib/format";
import { CHART_TEXT, colorAt, pctFmt } from "./palette";

// GroupedBars's props live here, below both its wrapper and its drawing (which imports this module)
export interface BarSeries {
  key: string;
  label: string;
  color?: string;
  /** key of [low, high] error offsets in each datum */
  errorKey?: string;
  stackId?: string;
  /** the bar's outline (a pale fill keeps its shape on either background) */
  outline?: string;
}

export interface GroupedBarsProps {
  data: Record<string, unknown>[];
  xKey: string;
  series: BarSeries[];
  percent?: boolean;
  /** show |value| on the axis and in tooltips (diverging bars) */
  absTicks?: boolean;
  height?: number;
  yDomain?: [number | "auto", number | "auto"];
  testId?: string;
}

/** Categories and series a chart may have to be drawn without Recharts. */
const MAX_CATEGORIES = 4;
const MAX_SERIES = 4;
/**
 * Characters of category labels a chart has room for at 390 px: the plot is ~280 px wide there
 * and a 12 px label ~6.6 px a character, so each of n categories gets 40 / n characters.
 */
const LABEL_ROOM = 40;

/**
 * Whether grouped bars are small and plain enough to be drawn as plain SVG: a few categories
 * with short names, a few series, values ≥ 0, no error bars, no stacks. Such a chart is often on a
 * page's first screen (a submission's precision/recall/F1 per class), where loading and running
 * Recharts cost a phone ~1.2 s of main thread at 4× CPU throttling for six bars.
 */
export function fitsStatic({ data, xKey, series, absTicks, yDomain }: GroupedBarsProps): boolean {
  if (!data.length || data.length > MAX_CATEGORIES || series.length > MAX_SERIES || absTicks) return false;
  if (series.some((s) => s.errorKey || s.stackId)) return false;
  if (typeof yDomain?.[0] === "number" && yDomain[0] !== 0) return false;
  if (data.some((d) => String(d[xKey]).length > Math.floor(LABEL_ROOM / data.length))) return false;
  return data.every((d) =>
    series.every((s) => {
      const v = d[s.key];
      return v == null || (typeof v === "number" && v >= 0);
    }),
  );
}

/**
 * The value axis of bars: from 0 (a bar's length is its value), round ticks (lib/chart-ticks.ts)
 * covering every bar, interval end, stack and the asked-for domain's numeric ends.
 */
export function barAxis({ data, series, yDomain }: Pick<GroupedBarsProps, "data" | "series" | "yDomain">): ValueAxis {
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  const values: number[] = [0];
  for (const d of data) {
    const stacks = new Map<string, [number, number]>();
    for (const s of series) {
      const v = num(d[s.key]);
      if (v === null) continue;
      if (s.stackId) {
        const [neg, pos] = stacks.get(s.stackId) ?? [0, 0];
        stacks.set(s.stackId, v < 0 ? [neg + v, pos] : [neg, pos + v]);
        continue;
      }
      const e = s.errorKey ? (d[s.errorKey] as [number, number] | undefined) : undefined;
      values.push(v, ...(e ? [v - e[0], v + e[1]] : []));
    }
    for (const t of stacks.values()) values.push(...t);
  }
  for (const b of yDomain ?? []) if (typeof b === "number") values.push(b);
  return valueAxis(values, { zero: "always" });
}

/**
 * GroupedBars as plain SVG, rendered with the page's HTML and hydrated without Recharts (no chart
 * code to load, nothing drawn after a measurement): bars from zero, horizontal positions in
 * percent of the width (so it fits any screen without measuring it), the y axis in a fixed-width
 * strip beside it, each bar's value as its tooltip and an HTML legend that wraps.
 */
export function StaticBars({ data, xKey, series, percent = false, yDomain, height = 300 }: GroupedBarsProps) {
  const { ticks, step, domain } = barAxis({ data, series, yDomain });
  const max = domain[1];
  const fmt = (v: number) => (percent ? pctFmt(v) : Number.isInteger(v) ? String(v) : fixed(v, 3));
  const tickFmt = (v: number) => tickLabel(v, step, percent);
  const legendH = 28;
  const pad = { t: 8, b: 26 };
  const plotH = height - legendH - pad.t - pad.b;
  const y = (v: number) => pad.t + plotH * (1 - v / max);
  const group = 100 / data.length;
  // bars fill 70% of their category, side by side
  const barW = (group * 0.7) / series.length;
  return (
    <div className="flex h-full flex-col text-[12px]" data-static-chart="">
      <div className="flex min-h-0 flex-1">
        <svg width={44} height={height - legendH} aria-hidden="true" className="shrink-0 overflow-visible">
          {ticks.map((t) => (
            <text key={t} x={38} y={y(t)} textAnchor="end" dominantBaseline="middle" style={{ fill: CHART_TEXT }}>
              {tickFmt(t)}
            </text>
          ))}
          <line x1={43.5} x2={43.5} y1={pad.t} y2={pad.t + plotH} stroke="#94a3b8" />
        </svg>
        <svg width="100%" height={height - legendH} aria-hidden="true" className="min-w-0 flex-1">
          {ticks.map((t) => (
            <line
              key={t}
              x1="0"
              x2="100%"
              y1={y(t)}
              y2={y(t)}
              stroke={t === 0 ? "#94a3b8" : "#cbd5e1"}
              strokeOpacity={t === 0 ? 1 : 0.6}
              strokeDasharray={t === 0 ? undefined : "3 3"}
            />
          ))}
          {data.map((d, i) => {
            const label = String(d[xKey]);
            return (
              // two systems may share a model name
              <g key={i}>
                {series.map((s, j) => {
                  const v = typeof d[s.key] === "number" ? (d[s.key] as number) : null;
                  // like Recharts: a zero-height bar draws no rectangle (the table of numbers has it)
                  if (v === null || v <= 0) return null;
                  return (
                    <rect
                      key={s.key}
                      x={`${fixed(i * group + group * 0.15 + j * barW, 2)}%`}
                      width={`${fixed(barW, 2)}%`}
                      y={y(v)}
                      height={Math.max(0, pad.t + plotH - y(v))}
                      fill={s.color ?? colorAt(j)}
                      stroke={s.outline}
                    >
                      <title>{`${label} · ${s.label}: ${fmt(v)}`}</title>
                    </rect>
                  );
                })}
                <text
                  x={`${fixed(i * group + group / 2, 2)}%`}
                  y={pad.t + plotH + 18}
                  textAnchor="middle"
                  style={{ fill: CHART_TEXT }}
                >
                  {label}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="flex h-7 flex-wrap items-center justify-center gap-x-4 text-xs" aria-hidden="true">
        {series.map((s, j) => (
          <li key={s.key} className="flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5" style={{ background: s.color ?? colorAt(j) }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
