import { getTaskKind } from "./index";
import { findTaskDef, taskOptions } from "./catalog";
import type { TaskKindModule } from "./define";
import type { TaskKindName, TaskOptions } from "./types";

/** A task with its kind's module and options: what scoring, validation and pages work with. */
export interface ResolvedTask {
  id: string;
  fullSlug: string;
  name: string;
  description: string;
  primaryMetric: string;
  kind: TaskKindModule;
  kindName: string;
  options: TaskOptions;
  benchmark: { slug: string; name: string };
  /** upload quotas set by admins (null: the defaults, lib/server/limits/quotas.ts) */
  quotaPerDay: number | null;
  quotaTotal: number | null;
  /** a hidden release of this task accepts uploads only from teams an admin approved (issue 16) */
  hiddenApprovedOnly: boolean;
}

/** The one way a task is resolved: from its stored row (the server) or from the catalog (offline). */
export function resolveTask(
  t: {
    id: string;
    fullSlug: string;
    name: string;
    description: string;
    primaryMetric: string;
    kind: string;
    quotaPerDay?: number | null;
    quotaTotal?: number | null;
    hiddenApprovedOnly?: boolean;
  },
  benchmark: { slug: string; name: string },
): ResolvedTask {
  const kind = getTaskKind(t.kind as TaskKindName);
  return {
    id: t.id,
    fullSlug: t.fullSlug,
    name: t.name,
    description: t.description,
    primaryMetric: t.primaryMetric,
    kind,
    kindName: t.kind,
    options: kind.parseOptions(taskOptions(t.fullSlug)),
    benchmark,
    quotaPerDay: t.quotaPerDay ?? null,
    quotaTotal: t.quotaTotal ?? null,
    hiddenApprovedOnly: t.hiddenApprovedOnly ?? false,
  };
}

/** A task from the catalog alone (offline scoring needs no database). */
export function catalogTask(fullSlug: string): ResolvedTask | undefined {
  const def = findTaskDef(fullSlug);
  if (!def) return undefined;
  return resolveTask({ id: "", fullSlug, ...def.task }, { slug: def.benchmark.slug, name: def.benchmark.name });
}
