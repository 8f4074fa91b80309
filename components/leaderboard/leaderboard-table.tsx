import { USER_LINK_REL } from "@/lib/href";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { InfoIcon } from "@/components/ui/info-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDate, formatInterval, formatMetric, fixed, halfWidth, usd } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { SortDir } from "@/lib/leaderboard-sort";
import type { LeaderboardRow } from "@/lib/server/leaderboard";
import type { MetricColumn } from "@/lib/tasks/types";
import { rankBracket } from "@/lib/rank-bracket";

interface Props {
  rows: LeaderboardRow[];
  columns: MetricColumn[];
  primaryMetric: string;
  sort: string;
  dir: SortDir;
  /** builds the permalink for a sort */
  hrefFor: (sort: string, dir: SortDir) => string;
  showCost: boolean;
  /** the optional columns shown (lib/leaderboard-columns.ts): team, metrics, cost, coverage, date */
  shown: Set<string>;
  /** one row per system (attempts say "best of N") or every submission */
  view?: "best" | "all";
  /** ticked for comparison (the URL's pick) */
  picked?: Set<string>;
  /** the strongest baseline on the primary metric (rows below it are marked), or null */
  bar?: { model: string; value: number } | null;
  /** how many ranked rows of the view could be #1 (the top group's size) */
  topGroupSize?: number;
}

type Col = { key: string; label: string; description: string; better: "higher" | "lower" };

const STATIC_COLS: Col[] = [
  {
    key: "coverage",
    label: "Coverage",
    description:
      "Instances with a prediction / instances in the release. Partial submissions are scored on what they cover and are not ranked.",
    better: "higher",
  },
  {
    key: "date",
    label: "Date",
    description: "When the submission was uploaded (newest first on the first click).",
    better: "higher",
  },
];
const COST_COL: Col = {
  key: "cost",
  label: "Cost",
  description: "Declared cost of the run in USD (with tokens and runtime when given).",
  better: "lower",
};

function describe(col: Col) {
  return (
    <Tooltip
      text={
        col.key === "date"
          ? col.description
          : `${col.description} ${col.better === "lower" ? "Lower is better." : "Higher is better."}`
      }
    >
      <InfoIcon />
    </Tooltip>
  );
}

/**
 * The rank and one interval: the simultaneous 95% one (every pair on the board compared at once),
 * so "could be #1" is read off the bracket itself — it starts at 1. The marginal interval of a
 * single row is on its submission page.
 */
function Rank({ r }: { r: LeaderboardRow }) {
  const sim = r.rankIntervalSimultaneous;
  return (
    <>
      <span className="font-medium text-slate-900 dark:text-slate-100">{r.rank ?? "–"}</span>
      {r.rank !== null && sim ? (
        <span
          className={`block whitespace-nowrap text-[11px] leading-tight sm:ml-1 sm:inline sm:text-xs ${r.topGroup ? "font-medium text-emerald-800 dark:text-emerald-300" : ""}`}
          data-testid="rank-interval"
          data-top={r.topGroup ? "1" : undefined}
        >
          ({rankBracket(r)}){r.topGroup ? <span className="sr-only"> could be #1</span> : null}
        </span>
      ) : null}
      {r.significancePending ? (
        <span className="ml-1 text-muted" data-testid="significance-pending">
          <span aria-hidden="true">…</span>
          <span className="sr-only">(rank interval being computed)</span>
        </span>
      ) : null}
    </>
  );
}

/** "run 3" or "runs 3 and 5" (issue 47: which counted runs are off the board). */
function runList(numbers: number[]): string {
  if (numbers.length === 1) return `run ${numbers[0]}`;
  return `runs ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

/** What a mean row's tooltip says of its runs off the board: counted, and why they are not shown. */
function withheldNote(w: NonNullable<LeaderboardRow["runs"]>["withheld"]): string {
  const parts = [
    w.private.length ? `${runList(w.private)} made private` : "",
    w.withdrawn.length ? `${runList(w.withdrawn)} withdrawn` : "",
  ].filter(Boolean);
  return parts.length ? ` ${parts.join(" and ")} by the team count all the same.` : "";
}

/**
 * Repeated runs: the best view's mean row says over how many runs (every one the system uploaded
 * to the release: those off the board are counted and said), and how far they spread; a run's own
 * row says which run it is.
 */
function Runs({ r, view, column }: { r: LeaderboardRow; view: "best" | "all"; column?: MetricColumn }) {
  const runs = r.runs!;
  const fmt = (x: number) => formatMetric(x, column?.format ?? "score3");
  const withheld = runs.withheld.private.length + runs.withheld.withdrawn.length;
  if (view === "all")
    return (
      <div className="text-xs text-muted lg:ml-2 lg:inline" data-testid="run-of">
        run {r.meta.run} of {runs.k}
      </div>
    );
  return (
    <div
      className="text-xs text-muted lg:ml-2 lg:inline"
      data-testid="runs"
      title={`The mean over ${runs.k} runs (numbered ${runs.runs.join(", ")}): every complete run the system uploaded to this release.${withheldNote(runs.withheld)}${runs.removed ? ` ${runs.removed} hidden by moderation (the ledger says why) not counted.` : ""} Its interval resamples both the instances and the runs.`}
    >
      mean of {runs.k} runs
      {withheld ? (
        <span data-testid="runs-withheld">
          {" "}
          · {withheld} {withheld === 1 ? "run" : "runs"} withheld (private or withdrawn), counted
        </span>
      ) : null}{" "}
      · run-to-run sd {fmt(runs.sd)} (range {fmt(runs.min)}–{fmt(runs.max)})
      {runs.removed ? ` · ${runs.removed} hidden by moderation, not counted` : ""}
      {r.attempts > runs.k ? ` · ${r.attempts} complete submissions in all` : ""}
    </div>
  );
}

function Attempts({ r, view, column }: { r: LeaderboardRow; view: "best" | "all"; column?: MetricColumn }) {
  if (r.runs && !r.baseline) return <Runs r={r} view={view} column={column} />;
  if (r.baseline || view !== "best" || r.attempts <= 1) return null;
  const sel = r.selection;
  const fmt = (x: number) => formatMetric(x, column?.format ?? "score3");
  return (
    <div className="text-xs text-muted lg:ml-2 lg:inline" data-testid="best-of">
      best of {r.attempts} complete submissions
      {sel ? (
        <span
          data-testid="selection"
          title={
            sel.basis === "attempts"
              ? `Showing the best of ${sel.n} uploads lifts a score by about ${fmt(sel.inflation)} even when nothing improved: the expected maximum of ${sel.n} scores minus one, with the run-to-run noise measured from this system's uploads on the same instances.`
              : `Showing the best of ${sel.n} uploads lifts a score by at most ${fmt(sel.inflation)} when nothing improved: the expected maximum of ${sel.n} draws from this score's bootstrap distribution, minus one draw — an upper bound, because real uploads share the release's instances and fewer than two of them are on the board to measure how far they differ.`
          }
        >
          {" "}
          · {sel.basis === "attempts" ? "" : "at most "}+{fmt(sel.inflation)} expected from {sel.n} tries alone
          {sel.explains !== null ? ` (${Math.round(100 * sel.explains)}% of the gap to the next)` : ""}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Each team's first row on the page: the one that says how many uploads the team made here (once
 * a team, not on each of its rows: "1,014 uploads here" beside every row of one team made a
 * phone's rows four lines tall).
 */
function firstOfEachTeam(rows: LeaderboardRow[]): Set<string> {
  const seen = new Set<string>();
  const first = new Set<string>();
  for (const r of rows) {
    const team = r.teamSlug ?? r.team;
    if (r.baseline || team === null || seen.has(team)) continue;
    seen.add(team);
    first.add(r.submissionId);
  }
  return first;
}

/** The team, and (on its first row of the page) how many scored uploads it made to this release (selective disclosure shows). */
function Team({ r, counted }: { r: LeaderboardRow; counted: boolean }) {
  return (
    <>
      {/* one line on a laptop: a two-word team name wrapping doubled every row's height (issue 49);
          cut short past 5 rem with an ellipsis (the whole name on hover) so wide boards (Lite) still fit 1,440 px */}
      <span className="lg:inline-block lg:max-w-[5rem] lg:truncate lg:align-bottom" title={r.team ?? undefined}>
        {r.team ?? "—"}
      </span>
      {counted && r.teamAttempts !== null && r.teamAttempts > 1 ? (
        <span className="block text-xs text-muted lg:ml-1 lg:inline" data-testid="team-attempts">
          {r.teamAttempts.toLocaleString("en-US")} uploads here
        </span>
      ) : null}
    </>
  );
}

/** A word in fewer letters on a phone (the whole word is the badge's title and its accessible text). */
function Short({ phone, wide }: { phone: string; wide: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {phone}
      </span>
      <span className="max-sm:sr-only">{wide}</span>
    </>
  );
}

function Model({ r }: { r: LeaderboardRow }) {
  return (
    <>
      <Link href={`/submissions/${r.submissionId}`} className="font-medium" prefetch={false}>
        {r.model}
      </Link>
      <span className="inline-flex flex-wrap gap-1 sm:ml-2">
        {r.baseline ? <Badge tone="blue">baseline</Badge> : null}
        {r.partial ? <Badge tone="amber">partial</Badge> : null}
        {/* shorter on a phone, so two badges share a line of the narrow model column */}
        {r.synthetic ? (
          <Badge tone="amber" title="synthetic">
            <Short phone="synth." wide="synthetic" />
          </Badge>
        ) : null}
        {r.oss ? (
          <Badge tone="green" title="open source">
            <Short phone="OSS" wide="open source" />
          </Badge>
        ) : null}
        {r.verified ? (
          <Badge tone="green" title={`verified by ${r.verified.by} on ${r.verified.at.slice(0, 10)}`}>
            <span data-testid="verified">✓ verified</span>
          </Badge>
        ) : null}
        {r.logsUrl ? (
          <a href={r.logsUrl} rel={USER_LINK_REL} className="text-xs">
            logs
          </a>
        ) : null}
      </span>
      {/* on a wide screen the system and its line follow the name: one line per row */}
      {/* on a phone one line each (cut with an ellipsis; the submission's page has them whole) */}
      {r.system ? (
        <div className="text-xs text-muted max-sm:truncate lg:ml-2 lg:inline" title={r.system}>
          {r.system}
        </div>
      ) : null}
      <SystemLine r={r} />
    </>
  );
}

/** Agent · base model, and the judge (CR-Bench, A&V) with its paper-setup mark, from the system metadata. */
function SystemLine({ r }: { r: LeaderboardRow }) {
  const m = r.meta;
  const what = [m.agent, m.base_model].filter((x) => x && x !== r.system && x !== r.model);
  if (!what.length && !m.judge_model) return null;
  return (
    <div className="text-xs text-muted max-sm:truncate lg:ml-2 lg:inline" data-testid="system-line">
      {what.join(" · ")}
      {what.length && m.judge_model ? " · " : ""}
      {m.judge_model ? (
        <span data-testid="row-judge">
          {r.judgedBy === "server" ? "judged by the server: " : "judge "}
          {m.judge_model}
          {r.judgedBy === "server" && m.judge_prompt ? ` · prompt ${m.judge_prompt}` : ""}
          {r.judgedBy === "team" ? " (self-judged)" : ""}
          {r.paperJudge ? (
            <span
              className="ml-1 font-medium text-green-700 dark:text-green-400"
              title={`judged as in the paper: ${r.paperJudge}`}
            >
              ✓ paper
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

function MetricCell({ r, c, primaryMetric }: { r: LeaderboardRow; c: MetricColumn; primaryMetric: string }) {
  return (
    <>
      {formatMetric(getMetric(r.metrics, c.key), c.format)}
      {c.key === primaryMetric && r.ci ? (
        <span
          className="block text-xs font-normal text-muted sm:ml-1 sm:inline"
          title={`95% bootstrap interval ${formatInterval(r.ci, c.format)}`}
        >
          {halfWidth(r.ci, c.format)}
        </span>
      ) : c.key === primaryMetric && r.margin !== null ? (
        <span
          className="block text-xs font-normal text-muted sm:ml-1 sm:inline"
          title="hidden test set: released by the Ladder, with noise, rounded to this margin"
        >
          ±{r.margin}
        </span>
      ) : null}
    </>
  );
}

/** A column sorted by the server (a link), with its description beside the header. */
const sortable = (c: Col): Pick<Column<LeaderboardRow>, "sort" | "firstDir" | "headerExtra"> => ({
  sort: () => null,
  firstDir: c.better === "lower" ? "asc" : "desc",
  headerExtra: describe(c),
});

/** A metric's column (the primary one bold). */
function metricColumn(c: MetricColumn, primaryMetric: string): Column<LeaderboardRow> {
  return {
    key: c.key,
    header: c.label,
    align: "right",
    ...sortable(c),
    // on a phone the primary column's long label may wrap: the score stays in view
    className: `whitespace-nowrap ${c.key === primaryMetric ? "font-semibold text-slate-900 max-sm:whitespace-normal dark:text-slate-100" : ""}`,
    cellProps: () => ({ "data-metric": c.key }),
    cell: (r) => <MetricCell r={r} c={c} primaryMetric={primaryMetric} />,
  };
}

/** The run's cost: dollars, and millions of tokens under them. */
function costColumn(): Column<LeaderboardRow> {
  return {
    key: COST_COL.key,
    header: COST_COL.label,
    align: "right",
    ...sortable(COST_COL),
    className: "whitespace-nowrap",
    cellProps: () => ({ "data-metric": "cost" }),
    cell: (r) => (
      <>
        {usd(r.cost.usd)}
        {r.cost.tokens !== null ? <div className="text-xs text-muted">{fixed(r.cost.tokens / 1e6, 1)}M tok</div> : null}
      </>
    ),
  };
}

/** Repeated runs: the share of instances a system got right in every one of its runs. */
function consistencyColumn(): Column<LeaderboardRow> {
  return {
    key: "consistency",
    header: "Consistency",
    align: "right",
    headerExtra: (
      <Tooltip text="Repeated runs only: the share of instances the system got right in every one of its runs (a system that is right 70% of the time at random scores far lower).">
        <InfoIcon />
      </Tooltip>
    ),
    className: "whitespace-nowrap",
    cellProps: () => ({ "data-metric": "consistency" }),
    cell: (r) =>
      r.runs && r.runs.consistency !== null ? (
        <>
          {fixed(100 * r.runs.consistency, 1)}%<span className="block text-xs text-muted">in all {r.runs.k} runs</span>
        </>
      ) : (
        <span className="text-muted">—</span>
      ),
  };
}

/** The table's columns: select, rank, model and the primary metric first (in view on a phone), then the rest. */
function boardColumns(props: Props): Column<LeaderboardRow>[] {
  const { columns, primaryMetric } = props;
  const counted = firstOfEachTeam(props.rows);
  return [
    {
      key: "select",
      header: <span className="sr-only">Compare</span>,
      align: "center",
      className: "print:hidden",
      cell: (r) => (
        <input
          type="checkbox"
          name="ids"
          value={r.submissionId}
          defaultChecked={props.picked?.has(r.submissionId)}
          aria-label={`Select ${r.model} for comparison`}
        />
      ),
    },
    {
      key: "rank",
      header: "#",
      className: "whitespace-nowrap text-muted",
      cell: (r) => <Rank r={r} />,
      cellProps: () => ({ "data-testid": "rank" }),
    },
    {
      key: "model",
      header: "Model",
      rowHeader: true,
      className: "min-w-[7.5rem] max-w-[9rem] break-words sm:min-w-[11rem] sm:max-w-none",
      sort: () => null,
      firstDir: "asc",
      cell: (r) => (
        <>
          <Model r={r} />
          <Attempts r={r} view={props.view ?? "all"} column={columns.find((c) => c.key === primaryMetric)} />
        </>
      ),
    },
    ...columns.filter((c) => c.key === primaryMetric).map((c) => metricColumn(c, primaryMetric)),
    {
      key: "team",
      header: "Team",
      className: "text-slate-700 dark:text-slate-300",
      cell: (r) => <Team r={r} counted={counted.has(r.submissionId)} />,
    },
    ...columns.filter((c) => c.key !== primaryMetric).map((c) => metricColumn(c, primaryMetric)),
    ...(props.showCost ? [costColumn()] : []),
    consistencyColumn(),
    {
      key: "coverage",
      header: "Coverage",
      align: "right",
      ...sortable(STATIC_COLS[0]),
      cell: (r) => (r.coverage.covered === r.coverage.total ? "100%" : `${r.coverage.covered}/${r.coverage.total}`),
    },
    {
      key: "date",
      header: "Date",
      align: "right",
      ...sortable(STATIC_COLS[1]),
      className: "whitespace-nowrap text-muted",
      cell: (r) => formatDate(r.createdAt),
    },
  ];
}

/**
 * Where the rows come in rank order, the groups' edges as notes across the table: the end of the
 * top group (the rows whose simultaneous interval starts at 1), and the line of the strongest
 * baseline (the rows below it are greyed).
 */
function boardEdges(props: Props) {
  const primaryCol = props.columns.find((c) => c.key === props.primaryMetric);
  const better = primaryCol?.better ?? "higher";
  const bar = props.bar ?? null;
  const below = (r: LeaderboardRow) =>
    !r.baseline &&
    r.primary !== null &&
    bar !== null &&
    (better === "higher" ? r.primary < bar.value : r.primary > bar.value);
  const byRank = props.sort === props.primaryMetric && props.dir === (better === "higher" ? "desc" : "asc");
  const size = props.topGroupSize ?? 0;
  /** `prevRanked`: the last ranked row above (a baseline between the group and the next system has no rank) */
  const divider = (r: LeaderboardRow, prev: LeaderboardRow | undefined, prevRanked: LeaderboardRow | undefined) => {
    if (!byRank) return null;
    const notes: React.ReactNode[] = [];
    if (prevRanked?.topGroup && !r.topGroup && r.rank !== null && size)
      notes.push(
        <span key="top" className="block" data-testid="top-group-edge">
          ▲{" "}
          {size === 1
            ? "The system above could be #1: no other system beats it beyond chance."
            : `The ${size.toLocaleString("en-US")} systems whose interval starts at 1 could each be #1: none is beaten by another beyond chance.`}
        </span>,
      );
    // (a page whose first row is below it says so by its grey; on page 1 the band says "above #1")
    if (bar && below(r) && prev && !below(prev))
      notes.push(
        <span key="bar" className="block" data-testid="baseline-edge">
          ▼ Below the {bar.model} baseline ({formatMetric(bar.value, primaryCol?.format ?? "score3")}): no better than a
          rule that does not read the instances.
        </span>,
      );
    return notes.length ? <>{notes}</> : null;
  };
  return { below, divider };
}

/** The last ranked row before row `i` (baselines and partial rows have none). */
function lastRanked(rows: LeaderboardRow[], i: number): LeaderboardRow | undefined {
  for (let j = i - 1; j >= 0; j--) if (rows[j].rank !== null) return rows[j];
  return undefined;
}

/** The leaderboard table: server-rendered, every sort a permalink, rows selectable for comparison. */
export function LeaderboardTable(props: Props) {
  const { rows } = props;
  const { below, divider } = boardEdges(props);
  // select, rank, model and the primary metric are always there; the rest as picked
  const always = new Set(["select", "rank", "model", props.primaryMetric]);
  // repeated runs: their consistency is a column wherever a row has runs
  if (rows.some((r) => r.runs && r.runs.consistency !== null)) always.add("consistency");
  const sortLabel = props.columns.find((c) => c.key === props.sort)?.label ?? props.sort;
  return (
    <DataTable
      framed
      rows={rows}
      columns={boardColumns(props).filter((c) => always.has(c.key) || props.shown.has(c.key))}
      rowKey={(r) => r.submissionId}
      caption={`Leaderboard sorted by ${sortLabel}`}
      testId="leaderboard"
      sortLinks={{ active: props.sort, dir: props.dir, hrefFor: props.hrefFor }}
      rowProps={(r) =>
        below(r)
          ? { "data-model": r.model, "data-below-baseline": "", className: "below-bar" }
          : { "data-model": r.model }
      }
      before={(r, i) => divider(r, rows[i - 1], lastRanked(rows, i))}
    />
  );
}
