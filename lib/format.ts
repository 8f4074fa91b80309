import type { MetricColumn } from "@/lib/tasks/types";

// Every number the app shows is formatted here. Digits are rounded from the number's exact
// binary value (Number#toFixed), as Python's format() and the papers' tables do — not from its
// shortest decimal string, as Intl.NumberFormat does (0.1235 is stored as 0.12349999…: "0.123"
// here and in Python, "0.124" with Intl). Signs use Intl's rules (no "+0").

const missing = (x: number | null | undefined): x is null | undefined =>
  x === null || x === undefined || Number.isNaN(x);

/** A number with fixed decimals ("—" when undefined). @example fixed(0.59213, 3) // "0.592" */
export function fixed(x: number | null | undefined, digits: number): string {
  return missing(x) ? "—" : x.toFixed(digits);
}

/** A fraction as a percentage. @example percent(0.4127, 1) // "41.3%" */
export function percent(x: number | null | undefined, digits = 1): string {
  return missing(x) ? "—" : `${(x * 100).toFixed(digits)}%`;
}

/** A difference with its sign, in points for percent metrics. @example signedDiff(0.012, "percent1") // "+1.2 pts" */
export function signedDiff(x: number | null | undefined, format: MetricColumn["format"]): string {
  if (missing(x)) return "—";
  const v = format === "percent1" ? x * 100 : x;
  const s = v.toFixed(format === "percent1" ? 1 : format === "ratio" ? 2 : 3);
  const zero = Number(s) === 0;
  return `${zero ? s.replace(/^-/, "") : v > 0 ? `+${s}` : s}${format === "percent1" ? " pts" : ""}`;
}

/** A p-value: three decimals, or scientific below 0.001. */
export function pValue(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

/** Dollars. @example usd(1.5) // "$1.50" */
export function usd(x: number | null | undefined): string {
  return missing(x) ? "—" : `$${x.toFixed(2)}`;
}

/** Formats a metric the way METRICS.md asks: scores with 3 decimals, rates as % with 1. */
export function formatMetric(value: number | null | undefined, format: MetricColumn["format"]): string {
  // a ratio stored as null has a zero denominator (SNR without noise): shown as ∞
  if (format === "ratio" && value === null) return "∞";
  if (missing(value)) return "—";
  switch (format) {
    case "percent1":
      return percent(value, 1);
    case "count":
      return String(Math.round(value));
    case "score3":
    case "number3":
      return fixed(value, 3);
    case "ratio":
      return fixed(value, 2);
  }
}

export function formatDate(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return d.toISOString().slice(0, 10);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${fixed(n / 1024, 1)} KB`;
  return `${fixed(n / 1048576, 1)} MB`;
}

/** A fraction as a percentage with one decimal ("—" when undefined): a percent1 metric. */
export const pct = (x: number | null | undefined): string => formatMetric(x, "percent1");

/** A number with three decimals ("—" when undefined): a score3 metric. */
export const f3 = (x: number | null | undefined): string => formatMetric(x, "score3");

const INT = new Intl.NumberFormat("en");
/** A count with thousands separators. @example formatInt(1699) // "1,699" */
export function formatInt(n: number): string {
  return INT.format(n);
}

type Interval = { low: number; high: number };

/** A value of a metric's format, bare (no "%"): the digits its unit prints. */
function digitsOf(x: number, format: MetricColumn["format"]): string {
  switch (format) {
    case "percent1":
      return (x * 100).toFixed(1);
    case "count":
      return String(Math.round(x));
    case "ratio":
      return x.toFixed(2);
    default:
      return x.toFixed(3);
  }
}

/**
 * An interval in its metric's unit: a percent metric's in percent, never fractions beside a
 * percent. @example formatInterval({ low: 0.115, high: 0.189 }, "percent1") // "11.5–18.9%"
 */
export function formatInterval(ci: Interval | null | undefined, format: MetricColumn["format"]): string {
  if (!ci || missing(ci.low) || missing(ci.high)) return "—";
  return `${digitsOf(ci.low, format)}–${digitsOf(ci.high, format)}${format === "percent1" ? "%" : ""}`;
}

/** A 95% confidence interval as the submission page prints it. @example ciText({ low: 0.115, high: 0.189 }, "percent1") // "95% CI 11.5–18.9%" */
export function ciText(ci: Interval | null | undefined, format: MetricColumn["format"]): string {
  return `95% CI ${formatInterval(ci, format)}`;
}

/**
 * Half an interval's width (the board's "±"), in the metric's unit: "%" for a percent metric (of
 * the same scale as its value: points, not a share of it; "%" keeps a printed board within A4).
 * @example halfWidth({ low: 0.115, high: 0.189 }, "percent1") // "±3.7%"
 */
export function halfWidth(ci: Interval | null | undefined, format: MetricColumn["format"]): string {
  if (!ci || missing(ci.low) || missing(ci.high)) return "—";
  return `±${digitsOf((ci.high - ci.low) / 2, format)}${format === "percent1" ? "%" : ""}`;
}

/** A count and its noun, singular for one. @example plural(1, "row") // "1 row"; plural(1699, "system") // "1,699 systems" */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatInt(n)} ${n === 1 ? one : many}`;
}

/** A name's possessive: "Ana's", "BouncerBench authors'". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
