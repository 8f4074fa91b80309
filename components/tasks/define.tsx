import type { ComponentType } from "react";
import type { TaskChartData } from "@/lib/server/leaderboard";
import type {
  DetailsOf,
  MetadataOf,
  PredictionOf,
  SubmissionChartsOf,
  TaskChartsOf,
  TaskKind,
  TaskKindModule,
  TruthOf,
} from "@/lib/tasks/define";
import type { Metrics } from "@/lib/tasks/types";
import { GenericInstanceView, GenericPredictionView, type PredictionLink } from "./generic";

export type { PredictionLink } from "./generic";

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
 * The UI of a task kind (components/tasks/<kind>): its score details, its charts, and how one of
 * its instances and one prediction look, typed by the data its lib/tasks/<kind> module stores.
 * lib never imports UI; the UI registry (components/tasks/index.ts) finds these by kind name.
 */
export interface KindUi<K> {
  ScoreDetails?: ComponentType<{ details: DetailsOf<K>; metrics: Metrics }>;
  TaskCharts?: ComponentType<{ data: NonNullable<TaskChartsOf<K>>; base: TaskChartsBase }>;
  SubmissionCharts?: ComponentType<{ data: NonNullable<SubmissionChartsOf<K>>; base: SubmissionChartsBase }>;
  /** the instance's own content on its page (an issue text, a diff, pre-fix files) */
  InstanceView?: ComponentType<{ metadata: MetadataOf<K> }>;
  /** one prediction beside its instance (truth null on a hidden release) */
  PredictionView?: ComponentType<{ prediction: PredictionOf<K>; truth: TruthOf<K> | null; whole: PredictionLink }>;
}

/** A kind's UI with its types erased, as the registry holds it: views take stored JSON and parse it with the kind's schemas. */
export interface RegisteredKindUi {
  kind: string;
  ScoreDetails?: ComponentType<{ details: unknown; metrics: Metrics }>;
  TaskCharts?: ComponentType<{ data: unknown; base: TaskChartsBase }>;
  SubmissionCharts?: ComponentType<{ data: unknown; base: SubmissionChartsBase }>;
  InstanceView?: ComponentType<{ metadata: unknown }>;
  PredictionView?: ComponentType<{ prediction: unknown; truth: unknown; whole: PredictionLink }>;
}

/**
 * Ties a kind's components to its lib module, so their props are the kind's own types. Instance
 * and prediction views get stored JSON parsed with the kind's schemas (a row that does not parse
 * shows the generic view instead of rendering on a wrong shape).
 */
export function defineKindUi<K extends TaskKindModule>(kind: K, ui: KindUi<K>): RegisteredKindUi {
  const { InstanceView, PredictionView, ...rest } = ui;
  const schemas = (kind as unknown as TaskKind<unknown, unknown, unknown, unknown, unknown, unknown>).def?.schemas;
  const out: RegisteredKindUi = {
    kind: kind.kind,
    ...(rest as Omit<RegisteredKindUi, "kind" | "InstanceView" | "PredictionView">),
  };
  if (InstanceView && schemas) {
    const View = InstanceView as ComponentType<{ metadata: unknown }>;
    out.InstanceView = function KindInstanceView({ metadata }) {
      const m = schemas.metadata.safeParse(metadata);
      return m.success ? <View metadata={m.data} /> : <GenericInstanceView metadata={metadata} />;
    };
  }
  if (PredictionView && schemas) {
    const View = PredictionView as ComponentType<{ prediction: unknown; truth: unknown; whole: PredictionLink }>;
    out.PredictionView = function KindPredictionView({ prediction, truth, whole }) {
      const p = schemas.prediction.safeParse(prediction);
      const t = truth === null || truth === undefined ? null : schemas.truth.safeParse(truth);
      if (!p.success || (t && !t.success))
        return <GenericPredictionView prediction={prediction} truth={truth} whole={whole} />;
      return <View prediction={p.data} truth={t ? t.data : null} whole={whole} />;
    };
  }
  return out;
}
