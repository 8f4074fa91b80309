// Which leaderboard columns a view shows: the key ones by default (so a board fits a 1,440 px
// screen without a sideways scroll), any others the reader picks, held in the URL as
// `?cols=key,key` like Hugging Face's leaderboards. Print shows every column. Pure.

/** Metric columns shown by default, in the task's order (the primary metric always among them). */
export const DEFAULT_METRIC_COLUMNS = 4;
/** Columns beside the metrics that a reader can hide. */
export const EXTRA_COLUMNS = [
  { key: "team", label: "Team" },
  { key: "cost", label: "Cost" },
  { key: "coverage", label: "Coverage" },
  { key: "date", label: "Date" },
] as const;

export interface ColumnChoice {
  /** the keys shown */
  shown: Set<string>;
  /** every column a reader can pick, in the table's order */
  options: { key: string; label: string; shown: boolean }[];
  /** the reader's own choice (false: the default set) */
  custom: boolean;
  /** `cols` for the URL: the shown keys in the table's order, or undefined for the default set */
  param: string | undefined;
}

/**
 * The columns of a view: `cols` (comma-separated keys; unknown ones ignored) or the default set —
 * the team, the first DEFAULT_METRIC_COLUMNS metrics with the primary one, cost when any row has
 * one, coverage and date. The column sorted by is always shown; printing shows them all.
 *
 * @example chooseColumns({ metrics: [{ key: "F_m", label: "F_m" }], primary: "F_m", showCost: false }).param // undefined
 */
export function chooseColumns(opts: {
  metrics: { key: string; label: string }[];
  primary: string;
  showCost: boolean;
  cols?: string;
  sort?: string;
  printing?: boolean;
}): ColumnChoice {
  const extras = EXTRA_COLUMNS.filter((c) => c.key !== "cost" || opts.showCost);
  // the table's order: team, the metrics, cost, coverage, date
  const all = [extras[0], ...opts.metrics, ...extras.slice(1)].map((c) => ({ key: c.key, label: c.label }));
  const known = new Set(all.map((c) => c.key));
  const firstMetrics = opts.metrics.slice(0, DEFAULT_METRIC_COLUMNS).map((m) => m.key);
  if (!firstMetrics.includes(opts.primary) && known.has(opts.primary))
    firstMetrics[firstMetrics.length - 1] = opts.primary;
  const defaults = new Set([...extras.map((c) => c.key), ...firstMetrics]);
  const asked = (opts.cols ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter((k) => known.has(k));
  const picked = asked.length ? new Set(asked) : new Set(defaults);
  const same = picked.size === defaults.size && [...picked].every((k) => defaults.has(k));
  const custom = !opts.printing && asked.length > 0 && !same;
  // the column sorted by is shown, but not written into the pick: sorting by another drops it
  const shown = opts.printing ? new Set(known) : new Set(picked);
  if (opts.sort && known.has(opts.sort)) shown.add(opts.sort);
  return {
    shown,
    options: all.map((c) => ({ ...c, shown: shown.has(c.key) })),
    custom,
    param: custom
      ? all
          .filter((c) => picked.has(c.key))
          .map((c) => c.key)
          .join(",")
      : undefined,
  };
}
