import type { Problem } from "@/lib/errors";

export type TaskKindName = "binary_abstention" | "bouncer_pipeline" | "scored_abstention" | "ci_repair" | "code_review";

/** A column of a task's leaderboard. */
export interface MetricColumn {
  key: string;
  label: string;
  /** shown on hover: the metric's definition */
  description: string;
  better: "higher" | "lower";
  format: "score3" | "percent1" | "count" | "number3";
}

export interface TaskOptions {
  /** BouncerBench side for binary abstention: which truth and label set */
  side?: "input" | "output";
}

export interface ReleaseInstance {
  externalId: string;
  truth: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export interface ScoreResult {
  metrics: Record<string, number | null>;
  primaryValue: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  /** chart and table data (confusion matrix, per-class table, …) */
  details: Record<string, unknown>;
}

/** How one prediction fared against the truth, for per-instance tables. */
export interface InstanceOutcome {
  correct: boolean;
  /** short code for filters, e.g. "wrongly_bounced" */
  outcome: string;
  predicted: string;
  expected: string;
}

/** One folder in lib/tasks implements this. Adding a task kind = adding a folder. */
export interface TaskKindModule {
  kind: TaskKindName;
  title: string;
  columns(opts: TaskOptions): MetricColumn[];
  primaryMetric(opts: TaskOptions): string;
  /** Validates one row of a dataset release file. */
  parseReleaseRow(row: Record<string, unknown>, opts: TaskOptions): ParseResult<ReleaseInstance>;
  /** Validates one prediction (already split by instance id) and returns the stored form. */
  parsePrediction(id: string, value: unknown, opts: TaskOptions): ParseResult<Record<string, unknown>>;
  /** Scores aligned truth/prediction pairs (all covered instances of a release). */
  score(pairs: { truth: Record<string, unknown>; prediction: Record<string, unknown> }[], opts: TaskOptions): ScoreResult;
  outcome(truth: Record<string, unknown>, prediction: Record<string, unknown>, opts: TaskOptions): InstanceOutcome;
  /** Outcome filters for the per-instance table. */
  outcomeFilters: { key: string; label: string }[];
}
