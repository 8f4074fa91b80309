import { USER_LINK_REL } from "@/lib/href";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { InfoIcon } from "@/components/ui/info-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDate, formatMetric, fixed, usd } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { SortDir } from "@/lib/leaderboard-sort";
import type { LeaderboardRow } from "@/lib/server/leaderboard";
import type { MetricColumn } from "@/lib/tasks/types";

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
  { key: "date", label: "Date", description: "When the submission was uploaded.", better: "higher" },
];
const COST_COL: Col = {
  key: "cost",
  label: "Cost",
  description: "Declared cost of the run in USD (with tokens and runtime when given).",
  better: "lower",
};

function describe(col: Col) {
  return (
    <Tooltip text={`${col.description} ${col.better === "lower" ? "Lower is better." : "Higher is better."}`}>
      <InfoIcon />
    </Tooltip>
  );
}

function Rank({ r }: { r: LeaderboardRow }) {
  const iv = r.rankInterval;
  const sim = r.rankIntervalSimultaneous;
  return (
    <>
      <span className="font-medium">{r.rank ?? "–"}</span>
      {r.rank !== null && (iv || r.topGroup) ? (
        // under the rank, so that the column stays narrow
        <div className="whitespace-nowrap text-[11px] leading-tight">
          {iv ? (
            <span
              className="text-muted"
              // short: 50 rows carry it (the ranking note above the board says what the intervals are)
              title={`rank over bootstrap resamples ${iv.lo}–${iv.hi}${sim ? `; simultaneous 95% ${sim.lo}–${sim.hi}` : ""}`}
              data-testid="rank-interval"
            >
              ({iv.lo === iv.hi ? iv.lo : `${iv.lo}–${iv.hi}`})
            </span>
          ) : null}
          {r.topGroup ? (
            <span
              className="badge-top"
              title={`not separable from #1${sim ? ` (simultaneous ${sim.lo}–${sim.hi})` : ""}`}
              data-testid="top-group"
            >
              top
            </span>
          ) : null}
        </div>
      ) : null}
      {r.significancePending ? (
        <span
          className="ml-1 text-muted"
          title="The rank intervals are being computed (the board just changed)"
          data-testid="significance-pending"
        >
          <span aria-hidden="true">…</span>
          <span className="sr-only">(rank interval being computed)</span>
        </span>
      ) : null}
    </>
  );
}

function Attempts({ r, view }: { r: LeaderboardRow; view: "best" | "all" }) {
  if (r.baseline) return null;
  const parts: React.ReactNode[] = [];
  if (view === "best" && r.attempts > 1)
    parts.push(
      <span key="best" data-testid="best-of" title={`best of ${r.attempts} complete submissions, any visibility`}>
        best of {r.attempts}
      </span>,
    );
  if (r.teamAttempts !== null && r.teamAttempts > 1)
    parts.push(
      <span key="team" data-testid="team-attempts" title="the team's scored uploads to this release, any visibility">
        team: {r.teamAttempts} uploads
      </span>,
    );
  if (!parts.length) return null;
  return (
    <div className="text-xs text-muted">
      {parts.map((p, i) => (
        <span key={i}>
          {i ? " · " : ""}
          {p}
        </span>
      ))}
    </div>
  );
}

function Model({ r }: { r: LeaderboardRow }) {
  return (
    <>
      <Link href={`/submissions/${r.submissionId}`} className="font-medium">
        {r.model}
      </Link>
      <span className="ml-2 inline-flex flex-wrap gap-1">
        {r.baseline ? <Badge tone="blue">baseline</Badge> : null}
        {r.partial ? <Badge tone="amber">partial</Badge> : null}
        {r.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
        {r.oss ? <Badge tone="green">open source</Badge> : null}
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
      {r.system ? <div className="text-xs text-muted">{r.system}</div> : null}
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
    <div className="text-xs text-muted" data-testid="system-line">
      {what.join(" · ")}
      {what.length && m.judge_model ? " · " : ""}
      {m.judge_model ? (
        <span data-testid="row-judge">
          judge {m.judge_model}
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
          className="ml-1 text-xs font-normal text-muted"
          title={`95% bootstrap interval ${fixed(r.ci.low, 3)}–${fixed(r.ci.high, 3)}`}
        >
          ±{fixed(((r.ci.high - r.ci.low) / 2) * (c.format === "percent1" ? 100 : 1), c.format === "percent1" ? 1 : 3)}
        </span>
      ) : c.key === primaryMetric && r.margin !== null ? (
        <span
          className="ml-1 text-xs font-normal text-muted"
          title="hidden test set: released by the Ladder, with noise, rounded to this margin"
        >
          ±{r.margin}
        </span>
      ) : null}
    </>
  );
}

/** The leaderboard table: server-rendered, every sort a permalink, rows selectable for comparison. */
export function LeaderboardTable(props: Props) {
  const { rows, columns, primaryMetric } = props;
  const sortable = (c: Col): Pick<Column<LeaderboardRow>, "sort" | "firstDir" | "headerExtra"> => ({
    sort: () => null,
    firstDir: c.better === "lower" ? "asc" : "desc",
    headerExtra: describe(c),
  });
  const cols: Column<LeaderboardRow>[] = [
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
      className: "max-w-[14rem] sm:min-w-[11rem] sm:max-w-none",
      sort: () => null,
      firstDir: "asc",
      cell: (r) => (
        <>
          <Model r={r} />
          <Attempts r={r} view={props.view ?? "all"} />
        </>
      ),
    },
    { key: "team", header: "Team", className: "text-slate-700 dark:text-slate-300", cell: (r) => r.team ?? "—" },
    ...columns.map((c): Column<LeaderboardRow> => ({
      key: c.key,
      header: c.label,
      align: "right",
      ...sortable(c),
      className: `whitespace-nowrap ${c.key === primaryMetric ? "font-semibold" : ""}`,
      cellProps: () => ({ "data-metric": c.key }),
      cell: (r) => <MetricCell r={r} c={c} primaryMetric={primaryMetric} />,
    })),
    ...(props.showCost
      ? [
          {
            key: COST_COL.key,
            header: COST_COL.label,
            align: "right" as const,
            ...sortable(COST_COL),
            className: "whitespace-nowrap",
            cellProps: () => ({ "data-metric": "cost" }),
            cell: (r: LeaderboardRow) => (
              <>
                {usd(r.cost.usd)}
                {r.cost.tokens !== null ? (
                  <div className="text-xs text-muted">{fixed(r.cost.tokens / 1e6, 1)}M tok</div>
                ) : null}
              </>
            ),
          },
        ]
      : []),
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
  // select, rank and model are always there; the rest as picked
  const always = new Set(["select", "rank", "model"]);
  return (
    <DataTable
      rows={rows}
      columns={cols.filter((c) => always.has(c.key) || props.shown.has(c.key))}
      rowKey={(r) => r.submissionId}
      caption={`Leaderboard sorted by ${props.sort}`}
      testId="leaderboard"
      sortLinks={{ active: props.sort, dir: props.dir, hrefFor: props.hrefFor }}
      rowProps={(r) => ({ "data-model": r.model })}
      maxHeight="80vh"
    />
  );
}
