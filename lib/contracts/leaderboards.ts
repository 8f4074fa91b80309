// Leaderboards as readers get them: the catalog, a board, its pivot table, the attributes a
// release offers for breakdowns, a task's changelog. Request shapes (the board's view, the
// pivot's dimensions, …) are shared with the pages and live in lib/validations; re-exported here.
import { z } from "zod";
import { PIVOT_DIMENSIONS, SystemMeta } from "@/lib/validations/common";
import { iso, Metrics } from "./common";
import { Release } from "./releases";
export { ChangelogQuery, PivotQuery, ReleaseQuery, TaskParams } from "@/lib/validations/common";
export { LeaderboardView } from "@/lib/validations/leaderboard-view";

const count = z.number().int().nonnegative();
const rankInterval = z.object({ lo: z.number().int(), hi: z.number().int() });
const better = z.enum(["higher", "lower"]);

/** GET /api/v1/benchmarks: benchmarks, their tasks, each task's current release and leader. */
export const BenchmarkList = z.object({
  benchmarks: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      paperTitle: z.string(),
      tasks: z.array(
        z.object({
          /** benchmark/task */
          slug: z.string(),
          name: z.string(),
          description: z.string(),
          kind: z.string(),
          primaryMetric: z.string(),
          currentRelease: Release.nullable(),
          /** the first ranked row of the current board */
          leader: z.object({ model: z.string(), submissionId: z.uuid(), primary: z.number().nullable() }).nullable(),
          /** how many of the board's ranked systems could be #1 (their simultaneous rank interval starts at 1), of how many */
          topGroup: z.object({ size: count, of: count }).nullable(),
          /** public scored submissions */
          submissions: count,
        }),
      ),
    }),
  ),
});
export type BenchmarkList = z.infer<typeof BenchmarkList>;

/** A column of a task's board: a metric, how it reads and which way is better. */
export const MetricColumn = z.object({
  /** metric key; a dotted path for nested metrics, e.g. "input.F_m" */
  key: z.string(),
  label: z.string(),
  description: z.string(),
  better,
  format: z.enum(["score3", "percent1", "count", "number3", "ratio"]),
  /** computed on a small subset of the instances: a hidden release's Ladder never releases it */
  subset: z.literal(true).optional(),
});

/** A row of a board: a system (view=best) or a submission (view=all). */
export const LeaderboardRow = z.object({
  rank: z.number().int().nullable(),
  /** 2.5/97.5 percentiles of the row's rank over the release's bootstrap resamples */
  rankInterval: rankInterval.nullable(),
  /** studentised max-T over all pairwise differences (holds for all rows at once) */
  rankIntervalSimultaneous: rankInterval.nullable(),
  /** the simultaneous interval includes 1 */
  topGroup: z.boolean(),
  significancePending: z.boolean(),
  attempts: count,
  teamAttempts: count.nullable(),
  submissionId: z.uuid(),
  model: z.string(),
  system: z.string().nullable(),
  team: z.string().nullable(),
  baseline: z.string().nullable(),
  synthetic: z.boolean(),
  oss: z.boolean(),
  partial: z.boolean(),
  verified: z.object({ by: z.string(), at: iso }).nullable(),
  logsUrl: z.string().nullable(),
  /** structured system metadata (agent, base_model, judge_model, judge_prompt, temperature, …) */
  meta: SystemMeta,
  /** the paper's judge setup this run's judge matches (CR-Bench, A&V), or null */
  paperJudge: z.string().nullable(),
  /** CR-Bench: who decided the verdicts ("team": the file's; "server": the server's judge) */
  judgedBy: z.enum(["team", "server"]).nullable(),
  /**
   * the best of `n` > 1 complete submissions: what `n` attempts alone add to a score like this
   * (E[max of n] − E[one]), the gap to the next ranked row, and the share of that gap (0–1) the
   * attempts alone would explain. `basis` "attempts": estimated from the system's attempts on this
   * release (their paired replicates); "bound": at most this — one score's instance bootstrap,
   * which also holds the instance sample's variance the attempts share (issue 50)
   */
  selection: z
    .object({
      n: count,
      inflation: z.number(),
      basis: z.enum(["attempts", "bound"]),
      gap: z.number().nullable(),
      explains: z.number().nullable(),
    })
    .nullable(),
  /**
   * repeated runs (public releases): a system on the board with two or more complete runs on the
   * release — every one it uploaded, those its team made private or withdrew included (issue 47).
   * On its best-view row, `metrics`, `ci` and the rank are the mean's; each run's row (view=all) carries it too
   */
  runs: z
    .object({
      /** the runs counted: every complete scored run of the system on the release, whatever its visibility */
      k: count,
      /** their numbers, ascending */
      runs: z.array(z.number().int()),
      /** the counted runs on the board (public), in run order */
      submissionIds: z.array(z.uuid()),
      /** the numbers of the counted runs off the board: made private, or withdrawn, by the team (in the mean all the same) */
      withheld: z.object({ private: z.array(z.number().int()), withdrawn: z.array(z.number().int()) }),
      /** runs hidden by moderation — an admin, or the integrity audit's hold for review (the ledger says why): left out of the mean while hidden */
      removed: count,
      mean: z.number(),
      /** sample standard deviation of the runs' primary metric */
      sd: z.number(),
      min: z.number(),
      max: z.number(),
      /** two-level bootstrap (instances × runs) 95% interval of the mean; null while being computed */
      ci: z.object({ low: z.number(), high: z.number() }).nullable(),
      /** share of the instances every run got right; null while being computed */
      consistency: z.number().nullable(),
    })
    .nullable(),
  metrics: Metrics,
  ci: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** hidden releases only: the Ladder's margin the metrics are rounded to */
  margin: z.number().nullable().optional(),
  coverage: z.object({ covered: count, total: count }),
  cost: z.object({ usd: z.number().nullable(), tokens: z.number().nullable(), runtimeSec: z.number().nullable() }),
  createdAt: iso,
});

/** GET /api/v1/tasks/{benchmark}/{task}/leaderboard (JSON; `format=csv` answers text/csv). */
export const Leaderboard = z.object({
  task: z.string(),
  release: Release,
  /** the task's releases a reader may pick */
  releases: z.array(
    z.object({ version: z.string(), status: z.enum(["draft", "published", "archived"]), synthetic: z.boolean() }),
  ),
  primaryMetric: z.string(),
  columns: z.array(MetricColumn),
  view: z.enum(["best", "all"]),
  sort: z.object({ key: z.string(), dir: z.enum(["asc", "desc"]) }),
  /** how the rank intervals were computed, and whether they are for these rows yet */
  rankIntervals: z.object({
    state: z.enum(["none", "pending", "fresh"]),
    computedAt: iso.nullable(),
    level: z.number(),
    method: z.string(),
  }),
  /** the system metadata values the rows carry (the filters' choices); judged: the paper's judge setups */
  facets: z.object({
    agent: z.array(z.string()),
    base_model: z.array(z.string()),
    judge_model: z.array(z.string()),
    judged: z.array(z.string()).nullable(),
  }),
  total: count,
  matched: count,
  offset: count,
  limit: count.nullable(),
  rows: z.array(LeaderboardRow),
  /** public uploads the integrity audit holds for review, oldest hold first: outside the ranking, with the hold's public words */
  held: z.array(
    z.object({
      submissionId: z.uuid(),
      model: z.string(),
      team: z.string().nullable(),
      teamSlug: z.string().nullable(),
      since: iso,
      reason: z.string(),
    }),
  ),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

/** GET /api/v1/tasks/{benchmark}/{task}/breakdowns: the attributes a release offers for per-slice breakdowns. */
export const TaskBreakdowns = z.object({
  task: z.string(),
  release: z.string(),
  attributes: z.array(z.object({ key: z.string(), label: z.string(), slices: count, instances: count })),
});
export type TaskBreakdowns = z.infer<typeof TaskBreakdowns>;

const dimension = z.enum(PIVOT_DIMENSIONS);

/** GET /api/v1/tasks/{benchmark}/{task}/pivot: two metadata dimensions crossed, each cell the best value of a metric. */
export const Pivot = z.object({
  task: z.string(),
  taskName: z.string(),
  benchmark: z.object({ slug: z.string(), name: z.string() }),
  release: Release,
  rowsBy: dimension,
  colsBy: dimension,
  metric: z.object({ key: z.string(), label: z.string(), better }),
  /** the task's metrics a pivot may show */
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.string()),
  cols: z.array(z.string()),
  cells: z.array(
    z.object({
      row: z.string(),
      col: z.string(),
      value: z.number().nullable(),
      submissionId: z.uuid(),
      model: z.string(),
      team: z.string().nullable(),
      ci: z.object({ low: z.number(), high: z.number() }).nullable(),
      n: count,
    }),
  ),
  /** complete public submissions that state neither dimension */
  unstated: count,
});
export type Pivot = z.infer<typeof Pivot>;

/** An event of a task's changelog: a release, a re-score, a new public entry, or the moderation ledger's. */
/** The moderation ledger's events: kept on the changelog whatever became of their submission. */
export const LEDGER_EVENTS = [
  "submission.verify",
  "submission.unverify",
  "submission.hide",
  "submission.unhide",
  "submission.hold",
  "submission.clear",
  "submission.withdraw",
  "submission.delete",
  "snapshot.takedown",
] as const;
/** Every event a task's changelog lists (its `kind`, a name INTERFACE.md fixes). */
export const CHANGELOG_EVENTS = [
  "release.publish",
  "release.archive",
  "release.rescore",
  "submission.public",
  ...LEDGER_EVENTS,
] as const;

export const ChangelogEvent = z.object({
  id: z.string(),
  at: iso,
  kind: z.enum(CHANGELOG_EVENTS),
  summary: z.string(),
  /** the ledger: who decided (a role, never a name) and why */
  decidedBy: z.string().optional(),
  reason: z.string().nullable().optional(),
  release: z.string().optional(),
  submission: z.object({ id: z.uuid(), model: z.string(), team: z.string().nullable(), url: z.string() }).optional(),
});

/** GET /api/v1/tasks/{benchmark}/{task}/changelog (JSON; `format=atom` answers the feed). */
export const Changelog = z.object({
  task: z.string(),
  taskName: z.string(),
  benchmark: z.string(),
  events: z.array(ChangelogEvent),
  /** the cursor of older events (`?before=next`), null on the last page */
  next: z.string().nullable(),
});
export type Changelog = z.infer<typeof Changelog>;
