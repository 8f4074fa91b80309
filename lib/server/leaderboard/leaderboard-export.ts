import { toCsv } from "@/lib/csv";
import { getMetric } from "@/lib/metric-value";
import type { getLeaderboard } from "./leaderboard";

type Board = Awaited<ReturnType<typeof getLeaderboard>>;

/** The rows and columns a leaderboard view shows, as CSV. */
export function leaderboardCsv(lb: Board): string {
  const header = [
    "rank",
    "model",
    "team",
    "system",
    "baseline",
    "synthetic",
    "partial",
    ...lb.columns.map((c) => c.key),
    `${lb.primaryMetric}_ci_low`,
    `${lb.primaryMetric}_ci_high`,
    "covered",
    "total",
    "cost_usd",
    "tokens",
    "runtime_sec",
    "created_at",
    "submission_id",
    "release",
    // issue 19 (appended, so that earlier columns keep their places)
    "rank_lo",
    "rank_hi",
    "rank_simultaneous_lo",
    "rank_simultaneous_hi",
    "top_group",
    "attempts",
    "team_attempts",
    "agent",
    "base_model",
    "judge_model",
    "judge_prompt",
    "paper_judge",
    // issue 34 (appended): repeated runs
    "runs",
    "run_sd",
    "consistency",
    "run",
    // issue 47 (appended): counted runs off the board
    "runs_withheld",
    "runs_removed",
  ];
  const rows = lb.rows.map((r) => [
    r.rank,
    r.model,
    r.team,
    r.system,
    r.baseline,
    r.synthetic,
    r.partial,
    ...lb.columns.map((c) => getMetric(r.metrics, c.key)),
    r.ci?.low ?? null,
    r.ci?.high ?? null,
    r.coverage.covered,
    r.coverage.total,
    r.cost.usd,
    r.cost.tokens,
    r.cost.runtimeSec,
    r.createdAt,
    r.submissionId,
    lb.release.version,
    r.rankInterval?.lo ?? null,
    r.rankInterval?.hi ?? null,
    r.rankIntervalSimultaneous?.lo ?? null,
    r.rankIntervalSimultaneous?.hi ?? null,
    r.rank === null ? null : r.topGroup,
    r.attempts,
    r.teamAttempts,
    r.meta.agent ?? null,
    r.meta.base_model ?? null,
    r.meta.judge_model ?? null,
    r.meta.judge_prompt ?? null,
    r.paperJudge,
    r.runs?.k ?? null,
    r.runs?.sd ?? null,
    r.runs?.consistency ?? null,
    r.meta.run ?? null,
    r.runs ? r.runs.withheld.private.length + r.runs.withheld.withdrawn.length : null,
    r.runs?.removed ?? null,
  ]);
  return toCsv(header, rows);
}

/** The same view as JSON (INTERFACE.md's leaderboard shape). */
export function leaderboardJson(lb: Board) {
  return {
    task: lb.task,
    release: lb.release,
    releases: lb.releases,
    primaryMetric: lb.primaryMetric,
    columns: lb.columns,
    view: lb.view,
    sort: { key: lb.sort, dir: lb.dir },
    /** how the rank intervals were computed, and whether they are for these rows yet */
    rankIntervals: {
      state: lb.intervals.state,
      computedAt: lb.intervals.computedAt,
      level: 0.95,
      method:
        "rankInterval: 2.5/97.5 percentiles of the row's rank over the release's 1,000 bootstrap resamples; rankIntervalSimultaneous: studentised max-T over all pairwise differences (holds for all rows at once); topGroup: the simultaneous interval includes 1; a row with repeated runs (runs.k ≥ 2) ranks the mean over every complete run the system uploaded to the release (those made private or withdrawn included: runs.withheld; those the maintainers hid left out: runs.removed), with replicates from a two-level bootstrap (the release's instance resamples × runs drawn with replacement)",
    },
    /** the system metadata values the rows carry (the filters' choices); judged: the paper's judge setups */
    facets: lb.facets,
    total: lb.total,
    matched: lb.matched,
    offset: lb.offset,
    limit: lb.limit,
    rows: lb.rows.map((r) => ({
      rank: r.rank,
      rankInterval: r.rankInterval,
      rankIntervalSimultaneous: r.rankIntervalSimultaneous,
      topGroup: r.topGroup,
      significancePending: r.significancePending,
      attempts: r.attempts,
      teamAttempts: r.teamAttempts,
      submissionId: r.submissionId,
      model: r.model,
      system: r.system,
      team: r.team,
      baseline: r.baseline,
      synthetic: r.synthetic,
      oss: r.oss,
      partial: r.partial,
      verified: r.verified,
      logsUrl: r.logsUrl,
      /** structured system metadata (agent, base_model, judge_model, judge_prompt, temperature, …) */
      meta: r.meta,
      /** the paper's judge setup this run's judge matches (CR-Bench, A&V), or null */
      paperJudge: r.paperJudge,
      /** CR-Bench: who decided the verdicts ("team": the file's; "server": the server's judge) */
      judgedBy: r.judgedBy,
      /** best-of-N: what the N attempts alone add, and how much of the gap to the next row that explains */
      selection: r.selection,
      /** repeated runs: the mean row's runs (withheld ones included), spread, two-level interval and consistency */
      runs: r.runs,
      metrics: r.metrics,
      ci: r.ci,
      /** hidden releases: the Ladder's margin the metrics are rounded to */
      ...(lb.release.hidden ? { margin: r.margin } : {}),
      coverage: r.coverage,
      cost: r.cost,
      createdAt: r.createdAt,
    })),
    /** public uploads the integrity audit holds for review: not ranked, not in the rows (issue 47) */
    held: lb.held,
  };
}
