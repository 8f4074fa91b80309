import type { Metrics } from "@/lib/tasks/types";

/** Reads a metric by key or dotted path ("input.F_m"); null when absent or not a number. */
export function getMetric(metrics: Metrics | null | undefined, key: string): number | null {
  let cur: unknown = metrics;
  for (const part of key.split(".")) {
    if (cur === null || typeof cur !== "object") return null;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === "number" && Number.isFinite(cur) ? cur : null;
}
