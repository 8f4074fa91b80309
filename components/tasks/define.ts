import type { ComponentType } from "react";
import type { TaskChartData } from "@/lib/server/leaderboard";
import type { DetailsOf, SubmissionChartsOf, TaskChartsOf, TaskKindModule } from "@/lib/tasks/define";
import type { Metrics } from "@/lib/tasks/types";

/** What every task page's charts know, whatever the kind (the board, its primary metric, lengths). */
export type TaskChartsBase = Omit<TaskChartData, "kindCharts">;

/** What every submission page knows about the score being drawn. */
export interface SubmissionChartsBase {
  submission: { id: string; model: string };
  metrics: Metrics;
  /** instances in the release */
  total: number;
}

/**
 * The UI of a task kind (components/tasks/<kind>): its score details and its charts, typed by the
 * data its lib/tasks/<kind> module stores and builds. lib never imports UI; the UI registry
 * (components/tasks/index.ts) finds these by kind name.
 */
export interface KindUi<K> {
  ScoreDetails?: ComponentType<{ details: DetailsOf<K>; metrics: Metrics }>;
  TaskCharts?: ComponentType<{ data: NonNullable<TaskChartsOf<K>>; base: TaskChartsBase }>;
  SubmissionCharts?: ComponentType<{ data: NonNullable<SubmissionChartsOf<K>>; base: SubmissionChartsBase }>;
}

/** A kind's UI with its types erased, as the registry holds it. */
export interface RegisteredKindUi {
  kind: string;
  ScoreDetails?: ComponentType<{ details: unknown; metrics: Metrics }>;
  TaskCharts?: ComponentType<{ data: unknown; base: TaskChartsBase }>;
  SubmissionCharts?: ComponentType<{ data: unknown; base: SubmissionChartsBase }>;
}

/** Ties a kind's components to its lib module, so their props are the kind's own types. */
export function defineKindUi<K extends TaskKindModule>(kind: K, ui: KindUi<K>): RegisteredKindUi {
  return { kind: kind.kind, ...(ui as Omit<RegisteredKindUi, "kind">) };
}
