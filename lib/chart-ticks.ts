// Axes and colours that read at 1,000 systems: round ticks (1, 2, 2.5 or 5 × 10^k apart), a value
// axis that starts near the data when the data sit in a narrow band far from 0 (and says so),
// round, distinct date ticks whose granularity follows the span, and a text colour for any cell
// colour that keeps ≥ 4.5:1 contrast. Pure functions: the charts (components/charts) draw them.

import { fixed, percent as formatPercent } from "@/lib/format";

const MULTIPLIERS = [1, 2, 2.5, 5, 10];

/** Floating-point noise off a multiple of a step (0.30000000000000004 → 0.3): 12 significant digits. */
const clean = (v: number) => {
  if (v === 0 || !Number.isFinite(v)) return v;
  const k = 10 ** (11 - Math.floor(Math.log10(Math.abs(v))));
  return Math.round(v * k) / k;
};

/**
 * The smallest nice step (1, 2, 2.5 or 5 × 10^k) at least `raw`.
 * @example niceStep(0.13) // 0.2
 */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return clean(MULTIPLIERS.map((m) => m * mag).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * mag);
}

/**
 * The decimals a step's multiples need to print exactly.
 * @example stepDecimals(0.025) // 3
 */
export function stepDecimals(step: number): number {
  for (let d = 0; d <= 12; d++) if (Math.abs(step * 10 ** d - Math.round(step * 10 ** d)) < 1e-6) return d;
  return 12;
}

/**
 * Round ticks covering [lo, hi] (its ends rounded outward to the step), about `count` of them.
 * @example niceTicks(-0.264, 0.101) // [-0.3, -0.2, -0.1, 0, 0.1, 0.2]
 */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) {
    const d = lo === 0 ? 1 : Math.abs(lo) / 10;
    [lo, hi] = [lo - d, hi + d];
  }
  const step = niceStep((hi - lo) / Math.max(1, count - 1));
  const first = Math.floor(clean(lo / step));
  const last = Math.ceil(clean(hi / step));
  return Array.from({ length: last - first + 1 }, (_, i) => clean((first + i) * step));
}

/**
 * Round ticks inside [lo, hi] (a fixed domain such as k = 1…20): the step's multiples in it,
 * and `lo` itself when the first multiple is more than half a step above it.
 * @example ticksWithin(1, 20) // [1, 5, 10, 15, 20]
 */
export function ticksWithin(lo: number, hi: number, count = 5): number[] {
  const step = niceStep((hi - lo) / Math.max(1, count - 1));
  const out: number[] = [];
  for (let k = Math.ceil(clean(lo / step)); clean(k * step) <= hi; k++) out.push(clean(k * step));
  if (!out.length || out[0] - lo > step / 2) out.unshift(lo);
  return out;
}

export interface ValueAxis {
  /** the axis' ends: its first and last tick */
  domain: [number, number];
  ticks: number[];
  /** the distance between ticks (labels print with stepDecimals(step) decimals) */
  step: number;
  /** whether 0 is on the axis; when not, the chart must say so (axisNote) and draw no bars */
  hasZero: boolean;
}

export interface ValueAxisOptions {
  /** about this many ticks */
  count?: number;
  /** "always": the axis reaches 0 (bars, differences); "auto": only when the data are not a narrow band far from it */
  zero?: "auto" | "always";
  /** the values can never leave these bounds (shares: [0, 1]); padding never crosses them. Default: [0, 1] or [−1, 1] when every value is in it */
  clamp?: [number, number] | null;
  /** padding each side of the data, as a share of its span */
  pad?: number;
}

/** Whether the data sit in a narrow band far from 0: nearer each other than 0 is to them. */
function farFromZero(lo: number, hi: number): boolean {
  if (lo > 0) return lo > hi / 2;
  if (hi < 0) return hi < lo / 2;
  return false;
}

function defaultClamp(lo: number, hi: number): [number, number] | null {
  if (lo >= 0 && hi <= 1) return [0, 1];
  if (lo >= -1 && hi <= 1) return [-1, 1];
  return null;
}

/**
 * A value axis covering every value (point estimates and interval ends): from 0 when the data
 * fill at least half of the range from 0 (or straddle it, or `zero: "always"`), else round bounds
 * near the data with a little padding — then `hasZero` is false and the chart must say so.
 * @example valueAxis([0.503, 0.529, 0.555]).domain // [0.5, 0.56]
 */
export function valueAxis(values: number[], opts: ValueAxisOptions = {}): ValueAxis {
  const { count = 5, zero = "auto", pad = 0.03 } = opts;
  const vs = values.filter((v) => Number.isFinite(v));
  let lo = vs.length ? Math.min(...vs) : 0;
  let hi = vs.length ? Math.max(...vs) : 1;
  const clamp = opts.clamp === undefined ? defaultClamp(lo, hi) : opts.clamp;
  const cut = zero === "auto" && farFromZero(lo, hi);
  if (!cut) [lo, hi] = [Math.min(lo, 0), Math.max(hi, 0)];
  const room = (hi - lo || Math.abs(hi) || 1) * pad;
  // padding on the sides away from 0 (a bar's base stays on the axis' end)
  if (cut || lo < 0) lo -= room;
  if (cut || hi > 0) hi += room;
  if (clamp) [lo, hi] = [Math.max(lo, clamp[0]), Math.min(hi, clamp[1])];
  // the bounds (0, ±1) are multiples of any nice step up to 1: rounding outward never crosses them
  const ticks = niceTicks(lo, hi, count);
  const step = ticks.length > 1 ? clean(ticks[1] - ticks[0]) : 1;
  const domain: [number, number] = [ticks[0], ticks[ticks.length - 1]];
  return { domain, ticks, step, hasZero: domain[0] <= 0 && domain[1] >= 0 };
}

/** A fixed-decimals number without its trailing zeros ("0.500" → "0.5", "1.00" → "1"). */
const trim = (s: string) => (s.includes(".") ? s.replace(/\.?0+$/, "") : s);

/**
 * A tick's label: exact to the step's decimals, without trailing zeros (percent: in points).
 * @example tickLabel(0.525, 0.025, true) // "52.5%"
 */
export function tickLabel(v: number, step: number, percent = false): string {
  if (percent) return `${trim(formatPercent(v, stepDecimals(clean(step * 100))).slice(0, -1))}%`;
  return trim(fixed(v, stepDecimals(step)));
}

/**
 * What a chart says when its value axis leaves out 0, or null when 0 is on it.
 * @example axisNote(valueAxis([0.5, 0.53]), String) // "axis starts at 0.49, not 0"
 */
export function axisNote(axis: ValueAxis, fmt: (v: number) => string): string | null {
  if (axis.hasZero) return null;
  return axis.domain[0] > 0
    ? `axis starts at ${fmt(axis.domain[0])}, not 0`
    : `axis ends at ${fmt(axis.domain[1])}, not 0`;
}

// ---- dates -------------------------------------------------------------------------------------

export type DateUnit = "minute" | "hour" | "day" | "month" | "year";

export interface DateTicks {
  unit: DateUnit;
  ticks: number[];
  /** one label per tick, all different */
  labels: string[];
  /** what the labels leave out: the day of "14:00" ticks, the year of "Nov 3" ticks ("" for none) */
  context: string;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Candidate intervals, finest first: fixed lengths aligned to the epoch (UTC), or calendar months. */
const INTERVALS: { unit: DateUnit; ms?: number; months?: number; offset?: number }[] = [
  ...[1, 2, 5, 10, 15, 30].map((m) => ({ unit: "minute" as const, ms: m * MIN })),
  ...[1, 2, 3, 6, 12].map((h) => ({ unit: "hour" as const, ms: h * HOUR })),
  { unit: "day", ms: DAY },
  { unit: "day", ms: 2 * DAY },
  // weeks from Monday (the epoch was a Thursday: Monday 1970-01-05 is 4 days later)
  { unit: "day", ms: 7 * DAY, offset: 4 * DAY },
  { unit: "day", ms: 14 * DAY, offset: 4 * DAY },
  ...[1, 2, 3, 6].map((m) => ({ unit: "month" as const, months: m })),
  ...[1, 2, 5, 10, 20, 50, 100].map((y) => ({ unit: "year" as const, months: 12 * y })),
];

/** The interval's ticks in [from, to], or null when there are more than `max`. */
function ticksOf(iv: (typeof INTERVALS)[number], from: number, to: number, max: number): number[] | null {
  const out: number[] = [];
  if (iv.ms) {
    const off = iv.offset ?? 0;
    const first = Math.ceil((from - off) / iv.ms) * iv.ms + off;
    if (Math.floor((to - first) / iv.ms) + 1 > max) return null;
    for (let t = first; t <= to; t += iv.ms) out.push(t);
    return out;
  }
  const step = iv.months!;
  const d = new Date(from);
  const at = (m: number) => Date.UTC(Math.floor(m / 12), m % 12, 1);
  for (let m = Math.ceil((d.getUTCFullYear() * 12 + d.getUTCMonth()) / step) * step; at(m) <= to; m += step) {
    if (at(m) >= from) out.push(at(m));
    if (out.length > max) return null;
  }
  return out;
}

function labelOf(unit: DateUnit, t: number, oneDay: boolean): string {
  const d = new Date(t);
  const day = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  const hm = d.toISOString().slice(11, 16);
  if (unit === "minute" || unit === "hour") return oneDay ? hm : `${day} ${hm}`;
  if (unit === "day") return day;
  if (unit === "month") return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  return String(d.getUTCFullYear());
}

function contextOf(unit: DateUnit, a: Date, b: Date, oneDay: boolean): string {
  const years =
    a.getUTCFullYear() === b.getUTCFullYear() ? `${a.getUTCFullYear()}` : `${a.getUTCFullYear()}–${b.getUTCFullYear()}`;
  if (unit === "minute" || unit === "hour")
    return oneDay ? `${labelOf("day", a.getTime(), true)}, ${years} (UTC)` : `${years} (UTC)`;
  return unit === "day" ? years : "";
}

/** Room a date label takes on an axis at 12 px, with the gap to the next: ~7 px a character and 16 px. */
const labelRoom = (labels: string[]) => Math.max(...labels.map((l) => l.length)) * 7 + 16;

/**
 * Round, distinct date ticks (UTC) in [from, to], at most `max` of them and no more than `width`
 * px hold: the finest interval that fits at least two — minutes or hours ("14:00"; "Nov 26 14:00"
 * across days), days and weeks ("Nov 3"), months ("Nov 2026") or years ("2026") — else the finest
 * that fits one. A span under a minute gets one tick at `from`.
 * @example dateTicks(Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31)).labels[0] // "Jan 2026"
 */
export function dateTicks(from: number, to: number, max = 6, width = Infinity): DateTicks {
  if (from > to) [from, to] = [to, from];
  let single: DateTicks | null = null;
  for (const iv of INTERVALS) {
    const ticks = ticksOf(iv, from, to, Math.max(1, max));
    if (!ticks?.length) continue;
    const [a, b] = [new Date(ticks[0]), new Date(ticks[ticks.length - 1])];
    const oneDay = a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
    const labels = ticks.map((t) => labelOf(iv.unit, t, oneDay));
    if (ticks.length > 1 && ticks.length * labelRoom(labels) > width) continue;
    const out = { unit: iv.unit, ticks, labels, context: contextOf(iv.unit, a, b, oneDay) };
    if (ticks.length >= 2) return out;
    single ??= out;
  }
  // under a minute (or one point): the moment itself
  return single ?? { unit: "minute", ticks: [from], labels: [labelOf("minute", from, false)], context: "UTC" };
}

// ---- colours -----------------------------------------------------------------------------------

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

const rgb = (hex: string): [number, number, number] => {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

/** WCAG relative luminance of a #rgb / #rrggbb colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex).map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour for a background: near-black or white, whichever contrasts more; black and
 * white, one of which always reaches ≥ 4.5:1, when the preferred pair would not.
 */
export function textColorOn(bg: string, dark = "#0f172a", light = "#ffffff"): string {
  const best = contrastRatio(dark, bg) >= contrastRatio(light, bg) ? dark : light;
  if (contrastRatio(best, bg) >= 4.5) return best;
  return contrastRatio("#000000", bg) >= contrastRatio("#ffffff", bg) ? "#000000" : "#ffffff";
}

/** A sequential blue scale (ColorBrewer Blues, light → dark): colour-blind safe, lightness carries the value. */
export const SEQUENTIAL = ["#eff3ff", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"];

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, "0");

/**
 * The colour of `t` ∈ [0, 1] on the sequential scale (interpolated between its stops).
 * @example sequentialColor(0) // "#eff3ff"
 */
export function sequentialColor(t: number, stops = SEQUENTIAL): string {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const [a, b] = [rgb(stops[i]), rgb(stops[i + 1])];
  const f = x - i;
  return `#${a.map((c, k) => hex2(c + (b[k] - c) * f)).join("")}`;
}

/**
 * A scale by rank over the values shown: each value's position among them, 0 (the lowest) to 1
 * (the highest), ties sharing their mean position. Where most values sit in a narrow band and a
 * few far out (the top systems' slices: most near 0.5, one slice at 0 or 1), a scale over the
 * range gives nearly one shade; by rank the shades spread evenly over the cells.
 */
export function rankScale(values: number[]): (v: number) => number {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n < 2) return () => 0.5;
  return (v) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < n && sorted[end] === v) end++;
    // positions lo … end-1 hold v (none: it falls between lo-1 and lo)
    const pos = end > lo ? (lo + end - 1) / 2 : lo - 0.5;
    return Math.min(1, Math.max(0, pos / (n - 1)));
  };
}

/** The value at quantile q (0–1) of the values, by linear interpolation (numpy's default). */
export function quantileOf(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const x = q * (s.length - 1);
  const i = Math.floor(x);
  return i + 1 < s.length ? s[i] + (s[i + 1] - s[i]) * (x - i) : s[i];
}
