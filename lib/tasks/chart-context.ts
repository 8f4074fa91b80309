import type { PrCurve } from "@/lib/metrics";
import type { LengthBucket } from "./binary-abstention/chart-data";
import type { Metrics, TaskOptions } from "./types";

/** One submission as a task's charts see it: board values and its stored score details. */
export interface ChartSeries {
  id: string;
  name: string;
  baseline: boolean;
  primary: number | null;
  ci: { low: number; high: number } | null;
  metrics: Metrics;
  details: Record<string, unknown>;
}

/** What a task kind's chart builder gets from the server (no database access, no I/O). */
export interface TaskChartContext {
  /** the board's first rows, baselines included */
  series: ChartSeries[];
  /** the submissions drawn as overlaid series (no baselines, at most 8) */
  overlay: ChartSeries[];
  /** a hidden release: no details (they are empty), no curves */
  hidden: boolean;
  /** length buckets of the overlaid series, or null (the release has no lengths) */
  lengths: { id: string; name: string; buckets: LengthBucket[]; covered: number }[] | null;
  options: TaskOptions;
  /** thins a PR curve to the points a chart draws */
  thin: (c: PrCurve) => PrCurve;
}
