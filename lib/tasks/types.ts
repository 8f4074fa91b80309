import type { Problem } from "@/lib/errors";

import type { AvBug } from "@/lib/metrics";
import type { Distribution, OverviewInput } from "./shared/distributions";
export type TaskKindName = "binary_abstention" | "bouncer_pipeline" | "scored_abstention" | "ci_repair" | "code_review";

/** A column of a task's leaderboard. */
/** Stored metrics: numbers (null when undefined), possibly nested (Lite: input / output). */
export type Metrics = { [key: string]: number | null | Metrics };

export interface MetricColumn {
  /** metric key; a dotted path for nested metrics, e.g. "input.F_m" */
  key: string;
  label: string;
  /** shown on hover: the metric's definition */
  description: string;
  better: "higher" | "lower";
  format: "score3" | "percent1" | "count" | "number3" | "ratio";
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

/** A release instance as stored: truth (never sent when hidden) and public metadata. */
export interface StoredInstance {
  externalId: string;
  truth: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** A server-computed baseline entry (always accept, random, …). */
export interface BaselineDef {
  key: string;
  label: string;
  /** the stored prediction for an instance; may read public metadata only, never truth */
  predict(instance: { externalId: string; metadata: Record<string, unknown> }): Record<string, unknown>;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export interface ScoreResult {
  metrics: Metrics;
  primaryValue: number | null;
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
  /** Validates one row of a dataset release file. */
  parseReleaseRow(row: Record<string, unknown>, opts: TaskOptions): ParseResult<ReleaseInstance>;
  /** Validates one prediction (already split by instance id) against its instance; returns the stored form. */
  parsePrediction(id: string, value: unknown, opts: TaskOptions, instance: StoredInstance): ParseResult<Record<string, unknown>>;
  /** Fields of a stored prediction that are shown but never read by the scorer (e.g. traces): not kept in memory while scoring. */
  storageOnlyFields?: string[];
  /** Non-fatal findings about a valid prediction (e.g. a CI patch that does not apply). */
  warnPrediction?(instance: StoredInstance, prediction: Record<string, unknown>, opts: TaskOptions): string[];
  /**
   * The distributions a release overview shows (paper tables and figures): of the truth when
   * `input.truth` (not on a hidden release, for non-admins), of public metadata always.
   */
  releaseDistributions?(input: OverviewInput, opts: TaskOptions): Distribution[];
  /** Kinds with a threshold explorer (Abstain-and-Validate): its bugs from a submission's pairs. */
  explorerBugs?(pairs: { truth: Record<string, unknown>; prediction: Record<string, unknown>; metadata: Record<string, unknown> }[]): AvBug[];
  /**
   * Length buckets (METRICS.md §3), for kinds that have them: which bucket edges, and per
   * instance its length and the bounce decision vs truth (null when the instance has no length).
   */
  lengthBuckets?(opts: TaskOptions): {
    side: "input" | "output";
    row(instance: StoredInstance, prediction: Record<string, unknown>): { length: number; should: boolean; did: boolean } | null;
  };
  /** Baseline entries the server computes for this kind. */
  baselines?(opts: TaskOptions): BaselineDef[];
  /** The upload format, for the submit page and API docs. */
  predictionFormat(opts: TaskOptions): { summary: string; example: string };
  /** The release file format, for the admin import page. */
  releaseFormat(opts: TaskOptions): { summary: string; example: string };
  /** Scores aligned truth/prediction pairs (all covered instances of a release). */
  score(pairs: { truth: Record<string, unknown>; prediction: Record<string, unknown>; metadata: Record<string, unknown> }[], opts: TaskOptions): ScoreResult;
  outcome(instance: StoredInstance, prediction: Record<string, unknown>, opts: TaskOptions): InstanceOutcome;
  /**
   * The primary metric decomposed per instance: a few numbers per instance from which
   * primaryFromStats recomputes the primary metric on any resample (paired bootstrap, ranks).
   */
  primaryStats(instance: StoredInstance, prediction: Record<string, unknown>, opts: TaskOptions): number[];
  primaryFromStats(rows: number[][], opts: TaskOptions): number | null;
  /** Outcome filters for the per-instance table. */
  outcomeFilters: { key: string; label: string }[];
}
