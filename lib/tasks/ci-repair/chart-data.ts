import type { TaskChartContext } from "@/lib/tasks/define";
import { getMetric } from "@/lib/metric-value";
import type { CiDetails } from "./index";

/** The task page's charts of CI-Bench: the outcome counts per system. */
export function ciRepairTaskCharts(ctx: TaskChartContext<CiDetails>) {
  return {
    counts: ctx.series.map((s) => ({
      name: s.name,
      PG: getMetric(s.metrics, "PG") ?? 0,
      PL: getMetric(s.metrics, "PL") ?? 0,
      SYE: getMetric(s.metrics, "SYE") ?? 0,
      CO: getMetric(s.metrics, "CO") ?? 0,
    })),
  };
}

/** A submission page of CI-Bench draws no extra chart (its score details say it all). */
export async function ciRepairSubmissionCharts() {
  return {};
}
