import type { Problem } from "@/lib/errors";

/** One instance of a release as a kind sees it. */
export interface Instance<T, M> {
  externalId: string;
  truth: T;
  metadata: M;
}

/** A prediction aligned with its instance. */
export interface Pair<T, P, M> {
  truth: T;
  prediction: P;
  metadata: M;
}

/** A task kind's name (`binary_abstention`, …): the key of the kind registry (lib/tasks/index.ts). */
export type TaskKindName = string;

/** Stored metrics: numbers (null when undefined), possibly nested (Lite: input / output). */
export type Metrics = { [key: string]: number | null | Metrics };

/** A column of a task's leaderboard. */
export interface MetricColumn {
  /** metric key; a dotted path for nested metrics, e.g. "input.F_m" */
  key: string;
  label: string;
  /** shown on hover: the metric's definition */
  description: string;
  better: "higher" | "lower";
  format: "score3" | "percent1" | "count" | "number3" | "ratio";
  /**
   * computed on a small subset of the instances (e.g. one failure type): a hidden release's Ladder
   * never releases it — its margin is sized for the whole release, and one prediction would move it
   */
  subset?: true;
}

/**
 * A task's options from the catalog: each kind says what it takes with its `options` schema
 * (binary-abstention: BouncerBench's side) and reads them parsed.
 */
export type TaskOptions = Readonly<Record<string, unknown>>;

/** A stored instance as the server holds it (JSON); a kind reads it through its schemas (define.ts). */
export type StoredInstance = Instance<Record<string, unknown>, Record<string, unknown>>;

/**
 * A non-fatal finding about one record (an optional field missing or unreadable): the record is
 * kept, and the import report lists each finding once with how many records and which.
 */
export interface RowWarning {
  field: string;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T; warnings?: RowWarning[] } | { ok: false; problems: Problem[] };

/** How one prediction fared against the truth, for per-instance tables. */
export interface InstanceOutcome {
  correct: boolean;
  /** short code for filters, e.g. "wrongly_bounced" */
  outcome: string;
  predicted: string;
  expected: string;
}

/**
 * A blank prediction file of a task (a kind's `template`): every instance of the release present
 * in the kind's official upload shape, the values a team fills in left null (or, where null is an
 * answer of its own, left out). Built from public metadata only, never from truth.
 */
export interface PredictionTemplate {
  /** the file's JSON: an object keyed by instance id (the server writes it in release order) */
  file: Record<string, Record<string, unknown>>;
  /**
   * the blanks a team must fill, as the kind's parser names each one in the problem it reports when
   * the template is uploaded unfilled (`input_bounce`, `trajectories[0].validation_judgment`, …)
   */
  blanks: { instanceId: string; field: string }[];
}

/**
 * A subset of instances a release may declare (CR-Bench-verified: the paper's 174 of 584 PRs),
 * scored beside the whole release: the board switches to it by its sort and columns.
 */
export interface BoardSubset {
  /** its name ("CR-Bench-verified") */
  label: string;
  /** its name in a word, on a phone ("verified") */
  short: string;
  /** the metric that ranks on it (a column key) */
  sort: string;
  /** the columns the board shows on it */
  cols: readonly string[];
  /** the metric holding how many instances of the release are in it */
  size: string;
}

/** One statistic of the table: its mean over the PRs that carry it, and how many do. */
export interface ReleaseStatistic {
  key: string;
  /** the paper's column name (Table 3) */
  label: string;
  /** how the value of one PR is read (shown on hover) */
  description: string;
  /** null: no PR of the release carries it (or it is computed from hidden truth) */
  mean: number | null;
  /** PRs that carry it */
  n: number;
  /** computed from the truth, which this reader may not see (a hidden release) */
  hidden?: true;
}

/** A release's table of per-instance means (CR-Bench Table 3: lines fixed, PR comments, description length). */
export interface ReleaseStatistics {
  title: string;
  /** the release's instances (PRs) */
  prs: number;
  rows: ReleaseStatistic[];
  /** the same over a subset the release declares (CR-Bench-verified), row for row */
  subset?: { label: string; prs: number; rows: ReleaseStatistic[] };
  /** the paper's values of each set, by row key (the whole corpus and its subset) */
  paper?: { label: string; values: Record<string, number> }[];
}
