// Category labels under bars that never collide: flat when they fit their band, else rotated
// (every k-th when even rotated ones are too dense), long names cut with the whole one in a
// <title>. The layout is computed once per chart size so the axis height and the ticks agree.
import { CHART_TEXT } from "./palette";

/** Average advance of a character at the ticks' font sizes (12 px flat, 11 px rotated). */
const FLAT_CHAR = 6.8;
const ROT_CHAR = 6.2;
const ANGLE = 40;
/** The most characters a rotated label keeps. */
const MAX_ROTATED = 18;

export interface CategoryLayout {
  mode: "flat" | "rotated";
  /** show every step-th label */
  step: number;
  maxChars: number;
  /** the x axis' height, in px */
  height: number;
  /** room the first rotated label needs left of its tick */
  left: number;
}

/**
 * How `labels` fit under a plot `plotWidth` px wide.
 * @example categoryLayout(["a", "b"], 400).mode // "flat"
 */
export function categoryLayout(labels: string[], plotWidth: number): CategoryLayout {
  const band = plotWidth / Math.max(1, labels.length);
  const longest = Math.max(1, ...labels.map((l) => l.length));
  if (longest * FLAT_CHAR + 8 <= band) return { mode: "flat", step: 1, maxChars: longest, height: 24, left: 0 };
  const rad = (ANGLE * Math.PI) / 180;
  // rotated labels stand band·sin(angle) apart: a line of 11 px text needs 13
  const step = Math.max(1, Math.ceil(13 / (band * Math.sin(rad))));
  const chars = Math.min(longest, MAX_ROTATED);
  const run = chars * ROT_CHAR;
  return {
    mode: "rotated",
    step,
    maxChars: MAX_ROTATED,
    height: Math.ceil(run * Math.sin(rad) + 11 * Math.cos(rad) + 10),
    left: Math.ceil(run * Math.cos(rad)),
  };
}

/** A tick of a category axis laid out by categoryLayout (Recharts passes x, y, payload, index). */
export function CategoryTick(props: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  index?: number;
  layout: CategoryLayout;
}) {
  const { layout } = props;
  const x = Number(props.x ?? 0);
  const y = Number(props.y ?? 0);
  const full = String(props.payload?.value ?? "");
  if ((props.index ?? 0) % layout.step) return <g />;
  const text = full.length > layout.maxChars ? `${full.slice(0, layout.maxChars - 1)}…` : full;
  if (layout.mode === "flat")
    return (
      <text x={x} y={y} dy={12} textAnchor="middle" fontSize={12} style={{ fill: CHART_TEXT }}>
        {text}
      </text>
    );
  return (
    <g transform={`translate(${x},${y})`}>
      <title>{full}</title>
      <text transform={`rotate(-${ANGLE})`} dx={-4} dy={10} textAnchor="end" fontSize={11} style={{ fill: CHART_TEXT }}>
        {text}
      </text>
    </g>
  );
}
