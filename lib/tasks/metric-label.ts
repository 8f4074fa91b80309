// A metric key as people read it: the task kind's column label ("F_m", "Success@1 (filtered)"),
// wherever a page would otherwise print the key itself (combined_binary_success_at_1).
import { findTaskDef } from "./catalog";
import { getTaskKind } from "./index";
import type { MetricColumn } from "./types";

/** The column of a task's metric (label, format, direction), or null for an unknown task or key. */
export function metricColumnOf(fullSlug: string, key: string): MetricColumn | null {
  const def = findTaskDef(fullSlug);
  if (!def) return null;
  try {
    return (
      getTaskKind(def.task.kind)
        .columns(def.task.options)
        .find((c) => c.key === key) ?? null
    );
  } catch {
    return null; // a kind not registered in this process
  }
}

/** The label of a task's metric, or the key when there is none. */
export function metricLabel(fullSlug: string, key: string): string {
  return metricColumnOf(fullSlug, key)?.label ?? key;
}
