// Repeated runs on a board (issue 34, part 3). A team numbers its uploads of one system (team,
// model) as runs 1, 2, 3… (the upload's `run` field); a system with two or more complete public
// runs on a public release is one row of the best view: the mean over its runs, with their spread,
// a two-level bootstrap interval (instances × runs) and the share of instances right in every run.
// What needs replicates or outcome bitsets is computed by refresh-board
// (lib/server/leaderboard/board.ts) and stored with the rank intervals; the rest is a few numbers
// over rows the board already read. Pure: `cli verify` recomputes a snapshot's best view with it.
import type { Metrics } from "@/lib/tasks/types";
import { runMeanReplicates, runSpread, seedOf } from "@/lib/metrics";

export interface RunSummary {
  /** complete public runs counted */
  k: number;
  /** their run numbers, ascending, and their submissions in that order */
  runs: number[];
  submissionIds: string[];
  mean: number;
  /** sample standard deviation of the runs' primary metric (n − 1) */
  sd: number;
  min: number;
  max: number;
  /** 95% two-level bootstrap interval of the mean (instances and runs resampled); null while pending */
  ci: { low: number; high: number } | null;
  /** of the instances every run covered, the share every run got right; null while pending */
  consistency: number | null;
}

/** What refresh-board stores per run set (keyed by its anchor: the lowest run's submission). */
export interface StoredRuns {
  ids: string[];
  ci: [number, number] | null;
  /** [right in every run, covered by every run] */
  consistent: [number, number] | null;
}

export const systemKey = (r: { team_id: string | null; model: string }) => `${r.team_id ?? ""}\u0000${r.model}`;

/** The run number stored in a submission's metadata, or null. */
export function runNumber(meta: unknown): number | null {
  const v = (meta as { run?: unknown } | null)?.run;
  return typeof v === "number" && Number.isInteger(v) && v >= 1 ? v : null;
}

export interface Member {
  submission_id: string;
  primary_value: number | null;
  team_id: string | null;
  model: string;
  run: number | null;
}

/**
 * The run sets among a board's ranked rows (complete, public, not baselines): per system, its
 * rows that carry a run number and a score — one per number (the first in board order) — when
 * there are at least two, in run order.
 */
export function runSetsOf<T extends Member>(ranked: T[]): Map<string, T[]> {
  const bySystem = new Map<string, Map<number, T>>();
  for (const r of ranked) {
    if (r.run === null || r.primary_value === null || r.team_id === null) continue;
    const k = systemKey(r);
    const runs = bySystem.get(k) ?? new Map<number, T>();
    if (!runs.has(r.run)) runs.set(r.run, r);
    bySystem.set(k, runs);
  }
  const out = new Map<string, T[]>();
  for (const [k, runs] of bySystem)
    if (runs.size >= 2)
      out.set(
        k,
        [...runs.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r),
      );
  return out;
}

/** The mean of each metric over the runs (nested ones too); null where a run lacks it. */
export function meanMetrics(all: Metrics[]): Metrics {
  const out: Metrics = {};
  for (const key of Object.keys(all[0] ?? {})) {
    const vs = all.map((m) => m[key]);
    if (vs.every((v) => typeof v === "number")) out[key] = (vs as number[]).reduce((a, b) => a + b, 0) / vs.length;
    else if (vs.every((v) => v !== null && typeof v === "object")) out[key] = meanMetrics(vs as Metrics[]);
    else out[key] = null;
  }
  return out;
}

/** The summary a row shows, from the runs' rows and what refresh-board stored (null: pending). */
export function runSummary(members: Member[], stored: StoredRuns | null): RunSummary {
  const s = runSpread(members.map((m) => m.primary_value!));
  const fresh = stored !== null && stored.ids.join() === members.map((m) => m.submission_id).join();
  return {
    k: members.length,
    runs: members.map((m) => m.run!),
    submissionIds: members.map((m) => m.submission_id),
    ...s,
    ci: fresh && stored.ci ? { low: stored.ci[0], high: stored.ci[1] } : null,
    consistency:
      fresh && stored.consistent && stored.consistent[1] > 0 ? stored.consistent[0] / stored.consistent[1] : null,
  };
}

/** Each system's first row (the input in board order: its best). */
export function bestOfSystems<T extends { team_id: string | null; model: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = systemKey(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Sorts rows by a value, highest first, nulls last; stable (ties keep board order). */
export function byValue<T>(rows: T[], value: (r: T) => number | null): T[] {
  return rows
    .map((r, i) => ({ r, i, v: value(r) }))
    .sort((a, b) => (a.v === null ? (b.v === null ? a.i - b.i : 1) : b.v === null ? -1 : b.v - a.v || a.i - b.i))
    .map((x) => x.r);
}

/** The mean of a run set's primary metric, summed in run order (every reader shows the same number). */
export const runMean = (set: { primary_value: number | null }[]) =>
  set.reduce((a, m) => a + m.primary_value!, 0) / set.length;

/**
 * The two-level bootstrap replicates of a run set's mean (lib/metrics runMeanReplicates), seeded by
 * its lowest run's submission id so anyone holding a snapshot draws the same runs; undefined when
 * a run has no replicates.
 */
export function runSetReplicates(
  set: { submission_id: string }[],
  vectors: (id: string) => Float64Array | undefined,
): Float64Array | undefined {
  const vs = set.map((m) => vectors(m.submission_id));
  return vs.every((v) => v !== undefined)
    ? runMeanReplicates(vs as Float64Array[], seedOf(set[0].submission_id))
    : undefined;
}

/**
 * The best view's ranked entries with repeated runs, ordered by value: each system's best
 * complete row, or — for a system with a run set — the mean over its runs, keyed by its lowest
 * run's submission, with the two-level bootstrap of that mean as its replicate vector.
 */
export function bestWithRuns<T extends Member>(
  ranked: T[],
  vectors: (id: string) => Float64Array | undefined,
  sets: Map<string, T[]>,
): { submission_id: string; primary_value: number; vector: Float64Array | undefined }[] {
  const entries = bestOfSystems(ranked.filter((r) => r.primary_value !== null)).map((r) => {
    const set = sets.get(systemKey(r));
    if (!set)
      return { submission_id: r.submission_id, primary_value: r.primary_value!, vector: vectors(r.submission_id) };
    return { submission_id: set[0].submission_id, primary_value: runMean(set), vector: runSetReplicates(set, vectors) };
  });
  return byValue(entries, (e) => e.primary_value);
}
