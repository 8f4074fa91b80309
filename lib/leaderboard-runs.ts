// Repeated runs on a board (issue 34, part 3). A team numbers its uploads of one system (team,
// model) as runs 1, 2, 3… (the upload's `run` field); a system on a public release's board with two
// or more complete runs is one row of the best view: the mean over its runs, with their spread,
// a two-level bootstrap interval (instances × runs) and the share of instances right in every run.
// Runs cannot be hidden (issue 47): every complete scored run the system uploaded to the release
// counts — one its team made private or withdrew too (its row says how many) — so a team cannot
// drop its worst run after seeing it; only moderation takes a run out, by hiding it.
// What needs replicates or outcome bitsets is computed by refresh-board
// (lib/server/leaderboard/board.ts) and stored with the rank intervals; the rest is a few numbers
// over rows the board already read. Pure: `cli verify` recomputes a snapshot's best view with it.
import type { Metrics } from "@/lib/tasks/types";
import { runMeanReplicates, runSpread, seedOf } from "@/lib/metrics";

export interface RunSummary {
  /** complete runs counted: every one the system uploaded to the release, whatever its visibility */
  k: number;
  /** their run numbers, ascending */
  runs: number[];
  /** the submissions of the counted runs on the board (public, not withdrawn), in run order */
  submissionIds: string[];
  /** the counted runs off the board, by number: made private, or withdrawn, by the team (still in the mean) */
  withheld: { private: number[]; withdrawn: number[] };
  /** runs hidden by moderation (an admin, or the integrity audit's hold for review): left out of the mean while hidden */
  removed: number;
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

/** What refresh-board stores per run set (keyed by its anchor: anchorOf). */
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

/** Why a counted run is off the board: its team made it private, or withdrew it. */
export type Withheld = "private" | "withdrawn";

export interface Member {
  submission_id: string;
  primary_value: number | null;
  team_id: string | null;
  model: string;
  run: number | null;
  /** a run off the board that counts all the same (issue 47); null or absent: on the board */
  withheld?: Withheld | null;
}

/**
 * The run sets of a board: per system with a numbered run among the ranked rows (complete, public,
 * not baselines), every run of it that carries a score — those rows, and its complete runs off the
 * board (`offBoard`: private or withdrawn) — when there are at least two, in run order (ties, from
 * uploads before numbers were kept for good, in the order given: the board's, then offBoard's).
 */
export function runSetsOf<T extends Member>(ranked: T[], offBoard: T[] = []): Map<string, T[]> {
  const bySystem = new Map<string, T[]>();
  const add = (r: T) => {
    const k = systemKey(r);
    bySystem.set(k, [...(bySystem.get(k) ?? []), r]);
  };
  const counts = (r: T) => r.run !== null && r.primary_value !== null && r.team_id !== null;
  for (const r of ranked) if (counts(r)) add(r);
  const onBoard = new Set(bySystem.keys());
  for (const r of offBoard) if (counts(r) && onBoard.has(systemKey(r))) add(r);
  const out = new Map<string, T[]>();
  for (const [k, runs] of bySystem)
    if (runs.length >= 2)
      out.set(
        k,
        runs.sort((a, b) => a.run! - b.run!),
      );
  return out;
}

/** The run on the board a set's row stands on (its lowest-numbered public one): the best view's row and key. */
export function anchorOf<T extends Member>(set: T[]): T {
  return set.find((m) => !m.withheld) ?? set[0];
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

/**
 * The summary a row shows, from the runs' rows, what refresh-board stored (null: pending) and how
 * many of the system's runs moderation hid.
 */
export function runSummary(members: Member[], stored: StoredRuns | null, removed = 0): RunSummary {
  const s = runSpread(members.map((m) => m.primary_value!));
  const fresh = stored !== null && stored.ids.join() === members.map((m) => m.submission_id).join();
  const numbers = (why: Withheld) => members.filter((m) => m.withheld === why).map((m) => m.run!);
  return {
    k: members.length,
    runs: members.map((m) => m.run!),
    submissionIds: members.filter((m) => !m.withheld).map((m) => m.submission_id),
    withheld: { private: numbers("private"), withdrawn: numbers("withdrawn") },
    removed,
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
 * complete row, or — for a system with a run set — the mean over its runs, keyed by its anchor
 * (anchorOf), with the two-level bootstrap of that mean as its replicate vector.
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
    return {
      submission_id: anchorOf(set).submission_id,
      primary_value: runMean(set),
      vector: runSetReplicates(set, vectors),
    };
  });
  return byValue(entries, (e) => e.primary_value);
}
