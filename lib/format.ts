import type { MetricColumn } from "@/lib/tasks/types";

/** Formats a metric the way METRICS.md asks: scores with 3 decimals, rates as % with 1. */
export function formatMetric(value: number | null | undefined, format: MetricColumn["format"]): string {
  // a ratio stored as null has a zero denominator (SNR without noise): shown as ∞
  if (format === "ratio" && value === null) return "∞";
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  switch (format) {
    case "percent1":
      return `${(value * 100).toFixed(1)}%`;
    case "count":
      return String(Math.round(value));
    case "score3":
    case "number3":
      return value.toFixed(3);
    case "ratio":
      return value.toFixed(2);
  }
}

export function formatDate(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return d.toISOString().slice(0, 10);
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1048576).toFixed(1)} MB`;
}

/** A fraction as a percentage with one decimal ("—" when undefined): a percent1 metric. */
export const pct = (x: number | null | undefined): string => formatMetric(x, "percent1");

/** A number with three decimals ("—" when undefined): a score3 metric. */
export const f3 = (x: number | null | undefined): string => formatMetric(x, "score3");
