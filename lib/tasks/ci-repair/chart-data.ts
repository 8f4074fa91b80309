import type { TaskChartContext } from "@/lib/tasks/define";
import { getMetric } from "@/lib/metric-value";
import type { CiDetails } from "./schemas";
import { buildCiTable1, type CiTable1, type Table1Source } from "./table-1";

/**
 * What the task page's charts get: the board's first rows (`series`) and, where the server passes
 * them, every complete public run of the release with its system metadata (`systems`, in board
 * order) — the tool × model grid of Table 1 needs all of them, not one page of the board.
 */
export type CiChartContext = TaskChartContext<CiDetails> & { systems?: Table1Source[] };

/** The task page's charts of CI-Bench: the outcome counts per system, and the paper's Table 1. */
export function ciRepairTaskCharts(ctx: CiChartContext): {
  counts: { name: string; PG: number; PL: number; SYE: number; CO: number }[];
  /** null until the server passes the board's systems (or when none states a tool and a model) */
  table1: CiTable1 | null;
} {
  const table1 = ctx.systems ? buildCiTable1(ctx.systems) : null;
  return {
    counts: ctx.series.map((s) => ({
      name: s.name,
      PG: getMetric(s.metrics, "PG") ?? 0,
      PL: getMetric(s.metrics, "PL") ?? 0,
      SYE: getMetric(s.metrics, "SYE") ?? 0,
      CO: getMetric(s.metrics, "CO") ?? 0,
    })),
    table1: table1 && table1.cells.length ? table1 : null,
  };
}

/** A submission page of CI-Bench draws no extra chart (its score details say it all). */
export async function ciRepairSubmissionCharts() {
  return {};
}
