import { getMetric } from "@/lib/metric-value";
import type { Metrics } from "@/lib/tasks/types";

/** Sorting of leaderboard rows by any column (the URL's ?sort=&dir=). Nulls always go last. */
export interface SortableRow {
  model: string;
  team: string | null;
  createdAt: string;
  metrics: Metrics;
  coverage: { covered: number; total: number };
  cost?: { usd: number | null };
}

export type SortDir = "asc" | "desc";

export function sortValue(row: SortableRow, key: string): number | string | null {
  if (key === "model") return row.model.toLowerCase();
  if (key === "team") return row.team?.toLowerCase() ?? null;
  if (key === "date") return row.createdAt;
  if (key === "cost") return row.cost?.usd ?? null;
  if (key === "coverage") return row.coverage.total ? row.coverage.covered / row.coverage.total : 0;
  return getMetric(row.metrics, key);
}

/** Stable sort; ties keep the server's order (primary metric, then submission date). */
export function sortRows<T extends SortableRow>(rows: T[], key: string, dir: SortDir): T[] {
  return rows
    .map((r, i) => ({ r, i, v: sortValue(r, key) }))
    .sort((a, b) => {
      if (a.v === null && b.v === null) return a.i - b.i;
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      const c = a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
      return c === 0 ? a.i - b.i : dir === "asc" ? c : -c;
    })
    .map((x) => x.r);
}
