import { axisNote, tickLabel, valueAxis, type ValueAxis } from "@/lib/chart-ticks";
import { fixed, percent as asPercent, plural } from "@/lib/format";
import { ChartFigure } from "./chart-figure";
import { CHART_INK, CHART_TEXT, colorAt } from "./palette";

/** Height of a row, and of the axis under them, in px. */
const ROW = 20;
const AXIS = 30;

export interface DotWhiskerRow {
  name: string;
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface DotWhiskerProps {
  rows: DotWhiskerRow[];
  /** what the dots are ("F_m", "Δ F_m") */
  label: string;
  /** what the lines are */
  intervalLabel?: string;
  percent?: boolean;
  /** "always": the axis reaches 0 (differences); "auto": it starts near the data when they sit far from 0 */
  zero?: "auto" | "always";
  /** a solid line at a value, and what it means (0: no difference) */
  reference?: { value: number; label: string };
  /** how a value prints (default: 3 decimals, or a percentage) */
  format?: (v: number) => string;
  testId?: string;
}

const finite = (v: number | null): v is number => v !== null && Number.isFinite(v);

/** The value axis of a dot-and-whisker chart: every dot and interval end on it (lib/chart-ticks.ts). */
export function dotWhiskerAxis(rows: DotWhiskerRow[], zero: "auto" | "always" = "auto"): ValueAxis {
  return valueAxis(
    rows.flatMap((r) => [r.value, r.low, r.high].filter(finite)),
    { zero },
  );
}

/**
 * Dots with their interval as a line, one row per system, on a horizontal value axis that starts
 * near the data when they sit in a narrow band far from 0 (a break mark on the axis and a note
 * under it say so): at 1,000 systems the top 24 differ in the third decimal, which bars from 0
 * flatten. Plain SVG with the page's HTML (no chart code, drawn without JavaScript); names and
 * values are HTML beside it, positions in percent of the width (no measuring).
 */
export function DotWhisker(props: DotWhiskerProps) {
  const { rows, label, intervalLabel = "95% interval", percent = false, zero = "auto", testId } = props;
  const axis = dotWhiskerAxis(rows, zero);
  const fmt = props.format ?? ((v: number) => (percent ? asPercent(v, 1) : fixed(v, 3)));
  const cut = axisNote(axis, (v) => tickLabel(v, axis.step, percent));
  const height = rows.length * ROW + AXIS;
  // pairs of names ("a − b") get a wider column than one system's name
  const wide = Math.max(0, ...rows.map((r) => r.name.length)) > 20;
  return (
    <ChartFigure
      eager
      testId={testId}
      height={height}
      description={`Dot plot of ${label} with ${intervalLabel}s for ${plural(rows.length, "row")}: ${rows.map((r) => r.name).join(", ")}${cut ? `; the ${cut}` : ""}.`}
      columns={["", label, `${intervalLabel} low`, `${intervalLabel} high`]}
      rows={rows.map((r) => [r.name, r.value, r.low, r.high])}
      note={
        <>
          Dot: {label}; line: its {intervalLabel}.{props.reference ? ` Solid line: ${props.reference.label}.` : ""}
          {cut ? (
            <strong className="font-semibold">
              {" "}
              The {cut} (// on the axis): differences look larger than bars from 0 would show.
            </strong>
          ) : null}
        </>
      }
    >
      <div className="flex text-[12px]" data-static-chart="" style={{ height }}>
        <ol className={`shrink-0 ${wide ? "w-36 sm:w-72" : "w-28 sm:w-48"}`} aria-hidden="true">
          {rows.map((r, i) => (
            <li key={i} className="flex items-center gap-2 pr-2" style={{ height: ROW }} title={r.name}>
              <span className="min-w-0 flex-1 truncate text-right">{r.name}</span>
              <span className="w-12 text-right tabular-nums text-muted max-sm:hidden">
                {finite(r.value) ? fmt(r.value) : "—"}
              </span>
            </li>
          ))}
        </ol>
        <DotWhiskerPlot {...props} axis={axis} fmt={fmt} intervalLabel={intervalLabel} height={height} />
      </div>
    </ChartFigure>
  );
}

/** The plot: zebra rows, grid, reference line, whiskers, dots, and the axis with its break mark. */
function DotWhiskerPlot({
  rows,
  axis,
  fmt,
  intervalLabel,
  percent = false,
  reference,
  height,
}: DotWhiskerProps & { axis: ValueAxis; fmt: (v: number) => string; intervalLabel: string; height: number }) {
  const [d0, d1] = axis.domain;
  const x = (v: number) => `${fixed(((v - d0) / (d1 - d0 || 1)) * 100, 3)}%`;
  const cy = (i: number) => i * ROW + ROW / 2;
  const base = rows.length * ROW;
  const anchor = (i: number) => (i === 0 ? "start" : i === axis.ticks.length - 1 ? "end" : "middle");
  return (
    <svg width="100%" height={height} aria-hidden="true" className="min-w-0 flex-1 overflow-visible">
      {rows.map((_, i) =>
        i % 2 ? null : (
          <rect key={i} x="0" width="100%" y={i * ROW} height={ROW} fill="currentColor" fillOpacity={0.05} />
        ),
      )}
      {axis.ticks.map((t, i) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={0} y2={base} stroke="#94a3b8" strokeOpacity={0.5} strokeDasharray="3 3" />
          <text
            x={x(t)}
            y={base + 17}
            textAnchor={anchor(i)}
            style={{ fill: CHART_TEXT }}
            // every other label on a phone's narrow plot
            className={axis.ticks.length > 4 && i % 2 ? "max-sm:hidden" : undefined}
          >
            {tickLabel(t, axis.step, percent)}
          </text>
        </g>
      ))}
      {reference && reference.value >= d0 && reference.value <= d1 ? (
        <line
          x1={x(reference.value)}
          x2={x(reference.value)}
          y1={0}
          y2={base}
          style={{ stroke: CHART_INK }}
          strokeWidth={1.5}
        />
      ) : null}
      <line x1="0" x2="100%" y1={base + 0.5} y2={base + 0.5} stroke="#94a3b8" />
      {axis.hasZero ? null : (
        // the broken-axis mark: this axis does not start at 0
        <path
          d={`M-5 ${base + 6} L1 ${base - 5} M0 ${base + 6} L6 ${base - 5}`}
          style={{ stroke: CHART_INK }}
          strokeWidth={1.5}
        />
      )}
      {rows.map((r, i) =>
        finite(r.value) ? (
          <g key={i}>
            <title>{`${r.name}: ${fmt(r.value)}${finite(r.low) && finite(r.high) ? ` (${intervalLabel} ${fmt(r.low)} – ${fmt(r.high)})` : ""}`}</title>
            {finite(r.low) && finite(r.high) ? (
              <g style={{ stroke: CHART_INK }} strokeWidth={1.5}>
                <line x1={x(r.low)} x2={x(r.high)} y1={cy(i)} y2={cy(i)} />
                <line x1={x(r.low)} x2={x(r.low)} y1={cy(i) - 4} y2={cy(i) + 4} />
                <line x1={x(r.high)} x2={x(r.high)} y1={cy(i) - 4} y2={cy(i) + 4} />
              </g>
            ) : null}
            <circle cx={x(r.value)} cy={cy(i)} r={4.5} fill={colorAt(0)} stroke="#ffffff" strokeWidth={1} />
          </g>
        ) : null,
      )}
    </svg>
  );
}
