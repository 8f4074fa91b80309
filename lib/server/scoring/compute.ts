// Scoring itself, pure: predictions against a release's truth through the task kind's scorer, the
// primary metric's bootstrap, length buckets and per-instance outcomes. No database code: the
// CLI's offline `score` loads only this (and scoring.ts stores what it computes).
import { BOOTSTRAP_SEED, intervalFromReplicates, statsReplicates } from "@/lib/metrics";
import type { ResolvedTask } from "@/lib/tasks/resolve";
import { computeBreakdowns, type Slice } from "@/lib/tasks/shared/breakdowns";
import { lengthBuckets, type LengthBucket } from "@/lib/tasks/shared/length-bucket";
import type { TaskKindModule } from "@/lib/tasks/define";
import type { StoredInstance } from "@/lib/tasks/types";
import { encodeOutcomes } from "./outcomes";

type ScoreResult = ReturnType<TaskKindModule["score"]>;

export interface ComputedScore {
  result: ScoreResult | null;
  covered: number;
  total: number;
  partial: boolean;
  missing: string[];
  /** 95% bootstrap interval of the primary metric over the covered instances (1,000 seeded resamples) */
  ci: { low: number; high: number } | null;
  /** the primary metric on each of the release's fixed bootstrap resamples (complete submissions) */
  replicates: Float64Array | null;
  /** per length bucket (METRICS.md §3): undefined for kinds without them, null when the release has no lengths */
  lengths?: { side: "input" | "output"; covered: number; buckets: LengthBucket[] } | null;
  /** per-instance outcomes in release order (outcomes.ts): what the instance pages add up */
  outcomes: Uint8Array;
  /**
   * the metrics per slice of every attribute the release offers (lib/tasks/shared/breakdowns.ts);
   * null when the caller deferred them to the fill-breakdowns job (a release's re-score)
   */
  breakdowns: Record<string, Slice[]> | null;
}

/**
 * Scores predictions (keyed by instance id) against a release's truth through the task kind's
 * scorer. Predictions for instances the release does not hold are ignored (kept, not scored).
 * The primary metric is bootstrapped once, on the release's fixed indices (seed `bootstrapSeed`):
 * its percentile interval is the score's 95% CI, and for a complete submission the replicates are
 * kept, which is what leaderboards compare at read time.
 */
export function computeScore(
  task: ResolvedTask,
  instances: StoredInstance[],
  predictions: Map<string, Record<string, unknown>>,
  opts: { bootstrapSeed?: number; breakdowns?: boolean } = {},
): ComputedScore {
  const pairs: {
    truth: Record<string, unknown>;
    prediction: Record<string, unknown>;
    metadata: Record<string, unknown>;
  }[] = [];
  const missing: string[] = [];
  for (const inst of instances) {
    const p = predictions.get(inst.externalId);
    if (p) pairs.push({ truth: inst.truth, prediction: p, metadata: inst.metadata ?? {} });
    else missing.push(inst.externalId);
  }
  const result = pairs.length ? task.kind.score(pairs, task.options) : null;
  const partial = missing.length > 0;
  let covered: Float64Array | null = null;
  if (pairs.length) {
    const items = instances.flatMap((i) => {
      const p = predictions.get(i.externalId);
      return p ? [{ instance: i, prediction: p }] : [];
    });
    const rows = task.kind.primaryRows(items, task.options);
    covered = statsReplicates(rows, (picked) => task.kind.primaryFromStats(picked, task.options), opts.bootstrapSeed);
  }
  let ci: ComputedScore["ci"] = null;
  if (covered) {
    try {
      const { low, high } = intervalFromReplicates(covered);
      ci = { low, high };
    } catch {
      ci = null; // the metric is undefined on every resample
    }
  }
  const replicates = partial ? null : covered;
  let lengths: ComputedScore["lengths"];
  const spec = task.kind.lengthBuckets?.(task.options);
  if (spec) {
    const rows = instances.flatMap((i) => {
      const p = predictions.get(i.externalId);
      const r = p ? spec.row(i, p) : null;
      return r ? [r] : [];
    });
    lengths = rows.length ? { side: spec.side, covered: rows.length, buckets: lengthBuckets(rows, spec.side) } : null;
  }
  const outcomes = encodeOutcomes(task, instances, predictions);
  const breakdowns =
    opts.breakdowns === false
      ? null
      : pairs.length
        ? computeBreakdowns(task.kind, task.options, instances, predictions, opts.bootstrapSeed ?? BOOTSTRAP_SEED)
        : {};
  return {
    result,
    covered: pairs.length,
    total: instances.length,
    partial,
    missing,
    ci,
    replicates,
    lengths,
    outcomes,
    breakdowns,
  };
}
