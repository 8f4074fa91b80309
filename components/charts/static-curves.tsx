import { fixed } from "@/lib/format";
import { colorAt, pctFmt } from "./palette";

// Curves's props live here, below both its wrapper and its drawing (which imports this module)
export interface CurveSeries {
  name: string;
  points: { x: number; y: number }[];
  color?: string;
}

export interface CurvesProps {
  series: CurveSeries[];
  xLabel: string;
  yLabel: string;
  xDomain?: [number, number];
  yDomain?: [number, number];
  percent?: boolean;
  /** x axis as percent (defaults to `percent`) */
  xPercent?: boolean;
  refLines?: { y: number; label: string }[];
  dots?: boolean;
  step?: boolean;
  height?: number;
  testId?: string;
}

/** Series a chart may have to be drawn without Recharts: as many as the palette has colours. */
const MAX_SERIES = 8;
/** Past this many points a series is drawn without dots: they would merge into the line. */
export const MAX_DOTS = 60;
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/**
 * Whether curves can be drawn as plain SVG: both axes shares from 0 to 1 (precision–recall
 * curves) and every point within them, straight segments, a few series. Such a chart is on a board's and a submission's first
 * screens, where loading and running Recharts for one curve cost a phone a 0.5–1.2 s task at 4×
 * CPU throttling.
 */
export function fitsStaticCurves({
  series,
  xDomain = [0, 1],
  yDomain = [0, 1],
  percent = true,
  xPercent,
  step = false,
}: CurvesProps): boolean {
  const unit = (d: [number, number]) => d[0] === 0 && d[1] === 1;
  return (
    series.length > 0 &&
    series.length <= MAX_SERIES &&
    unit(xDomain) &&
    unit(yDomain) &&
    percent &&
    xPercent !== false &&
    !step &&
    // Recharts would widen the axes for a point outside them (or leave a gap for NaN); this drawing cannot
    series.every((s) => s.points.every((p) => p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1))
  );
}

/**
 * Curves on the unit square as plain SVG, rendered with the page's HTML and hydrated without
 * Recharts: lines drawn in a stretched 1000 × 1000 frame (strokes keep their width), horizontal
 * positions in percent of the width (so it fits any screen without measuring it), the y axis in a
 * fixed-width strip beside it, a dot per point with its values as tooltip while a series has few
 * points, and an HTML legend that wraps.
 */
export function StaticCurves({ series, xLabel, yLabel, refLines = [], dots = true, height = 320 }: CurvesProps) {
  const legendH = 28;
  const pad = { t: 8, b: 40 };
  const plotH = height - legendH - pad.t - pad.b;
  const y = (v: number) => pad.t + plotH * (1 - v);
  return (
    // the legend wraps on narrow screens and the figure grows with it (ChartFigure `grow`): the plot keeps its height
    <div className="flex flex-col text-[12px]" data-static-chart="">
      <ul className="flex min-h-7 flex-wrap items-center justify-center gap-x-4 text-xs" aria-hidden="true">
        {series.map((s, i) => (
          <li key={`${i}-${s.name}`} className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-3" style={{ background: s.color ?? colorAt(i) }} />
            {s.name}
          </li>
        ))}
      </ul>
      <div className="flex" style={{ height: height - legendH }}>
        <svg width={56} height={height - legendH} aria-hidden="true" className="shrink-0 overflow-visible">
          <text transform={`translate(12 ${pad.t + plotH / 2}) rotate(-90)`} textAnchor="middle" fill="currentColor">
            {yLabel}
          </text>
          {TICKS.map((t) => (
            <text key={t} x={50} y={y(t)} textAnchor="end" dominantBaseline="middle" fill="currentColor">
              {pctFmt(t)}
            </text>
          ))}
        </svg>
        <svg width="100%" height={height - legendH} aria-hidden="true" className="min-w-0 flex-1 overflow-visible">
          <Grid top={pad.t} plotH={plotH} y={y} />
          <line x1="0" x2="0" y1={pad.t} y2={pad.t + plotH} stroke="#94a3b8" />
          <line x1="0" x2="100%" y1={pad.t + plotH} y2={pad.t + plotH} stroke="#94a3b8" />
          <text x="50%" y={pad.t + plotH + 34} textAnchor="middle" fill="currentColor">
            {xLabel}
          </text>
          {refLines.map((r) => (
            <g key={r.label}>
              <line x1="0" x2="100%" y1={y(r.y)} y2={y(r.y)} stroke="#64748b" strokeDasharray="6 4" />
              <text x="100%" dx={-4} y={y(r.y) - 4} textAnchor="end" fontSize={11} fill="currentColor">
                {r.label}
              </text>
            </g>
          ))}
          <Lines series={series} top={pad.t} plotH={plotH} />
          {dots ? <Dots series={series} xLabel={xLabel} yLabel={yLabel} y={y} /> : null}
        </svg>
      </div>
    </div>
  );
}

const xPct = (v: number) => `${fixed(v * 100, 2)}%`;
const anchor = (t: number) => (t === 0 ? "start" : t === 1 ? "end" : "middle");

/** The dashed grid at the ticks of both axes, and the x axis's tick labels. */
function Grid({ top, plotH, y }: { top: number; plotH: number; y: (v: number) => number }) {
  return TICKS.map((t) => (
    <g key={t}>
      <line x1="0" x2="100%" y1={y(t)} y2={y(t)} stroke="#cbd5e1" strokeOpacity={0.6} strokeDasharray="3 3" />
      <line
        x1={xPct(t)}
        x2={xPct(t)}
        y1={top}
        y2={top + plotH}
        stroke="#cbd5e1"
        strokeOpacity={0.6}
        strokeDasharray="3 3"
      />
      <text x={xPct(t)} y={top + plotH + 16} textAnchor={anchor(t)} fill="currentColor">
        {pctFmt(t)}
      </text>
    </g>
  ));
}

/** The series' lines, drawn in a stretched 1000 × 1000 frame (strokes keep their width). */
function Lines({ series, top, plotH }: { series: CurvesProps["series"]; top: number; plotH: number }) {
  // not clipped to the plot: half of a line along precision 1 or recall 0 or 1 would be cut
  return (
    <svg y={top} width="100%" height={plotH} viewBox="0 0 1000 1000" preserveAspectRatio="none" overflow="visible">
      {series.map((s, i) => (
        <polyline
          key={`${i}-${s.name}`}
          points={s.points.map((p) => `${fixed(p.x * 1000, 1)},${fixed((1 - p.y) * 1000, 1)}`).join(" ")}
          fill="none"
          stroke={s.color ?? colorAt(i)}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}

/** A dot per point with its values as tooltip (none on a series with more than MAX_DOTS points). */
function Dots({
  series,
  xLabel,
  yLabel,
  y,
}: Pick<CurvesProps, "series" | "xLabel" | "yLabel"> & { y: (v: number) => number }) {
  return series.map((s, i) =>
    s.points.length > MAX_DOTS
      ? null
      : s.points.map((p, j) => (
          <circle key={`${i}-${j}`} cx={xPct(p.x)} cy={y(p.y)} r={2.5} fill={s.color ?? colorAt(i)}>
            <title>{`${s.name} · ${xLabel} ${fixed(p.x, 3)}, ${yLabel} ${fixed(p.y, 3)}`}</title>
          </circle>
        )),
  );
}
