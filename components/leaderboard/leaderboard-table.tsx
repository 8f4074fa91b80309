import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { InfoIcon } from "@/components/ui/info-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { formatDate, formatMetric } from "@/lib/format";
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
}

type Col = { key: string; label: string; description: string; better: "higher" | "lower" };

const STATIC_COLS: Col[] = [
  { key: "coverage", label: "Coverage", description: "Instances with a prediction / instances in the release. Partial submissions are scored on what they cover and are not ranked.", better: "higher" },
  { key: "date", label: "Date", description: "When the submission was uploaded.", better: "higher" },
];
const COST_COL: Col = { key: "cost", label: "Cost", description: "Declared cost of the run in USD (with tokens and runtime when given).", better: "lower" };

function SortHeader({ col, props }: { col: Col; props: Props }) {
  const active = props.sort === col.key;
  const natural: SortDir = col.better === "lower" ? "asc" : "desc";
  const next: SortDir = active ? (props.dir === "desc" ? "asc" : "desc") : natural;
  return (
    <th scope="col" aria-sort={active ? (props.dir === "asc" ? "ascending" : "descending") : "none"} className="whitespace-nowrap px-3 py-2 text-right font-semibold">
      <span className="inline-flex items-center gap-1">
        <Link href={props.hrefFor(col.key, next)} className="text-slate-900 dark:text-slate-100" data-sort-key={col.key}>
          {col.label}
          <span aria-hidden className="ml-0.5 text-xs text-muted">
            {active ? (props.dir === "desc" ? "▼" : "▲") : col.better === "lower" ? "↓" : "↑"}
          </span>
        </Link>
        <Tooltip text={`${col.description} ${col.better === "lower" ? "Lower is better." : "Higher is better."}`}>
          <InfoIcon />
        </Tooltip>
      </span>
    </th>
  );
}

/** The leaderboard table: server-rendered, every sort a permalink, rows selectable for comparison. */
export function LeaderboardTable(props: Props) {
  const { rows, columns, primaryMetric } = props;
  const extra = props.showCost ? [COST_COL, ...STATIC_COLS] : STATIC_COLS;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="min-w-full text-sm" data-testid="leaderboard">
        <caption className="sr-only">Leaderboard sorted by {props.sort}</caption>
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className="px-2 py-2 print:hidden">
              <span className="sr-only">Compare</span>
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              #
            </th>
            <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left font-semibold dark:bg-slate-900">
              <Link href={props.hrefFor("model", props.sort === "model" && props.dir === "asc" ? "desc" : "asc")} className="text-slate-900 dark:text-slate-100">
                Model
              </Link>
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Team
            </th>
            {columns.map((c) => (
              <SortHeader key={c.key} col={c} props={props} />
            ))}
            {extra.map((c) => (
              <SortHeader key={c.key} col={c} props={props} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.submissionId} className="border-t border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900" data-model={r.model}>
              <td className="px-2 py-2 text-center print:hidden">
                <input type="checkbox" name="ids" value={r.submissionId} aria-label={`Select ${r.model} for comparison`} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums text-muted" data-testid="rank">
                {r.rank ?? "–"}
                {r.tiedWithAbove && r.vsAbove ? (
                  <span
                    className="ml-1 text-amber-700 dark:text-amber-400"
                    title={`Not significantly different from the rank above: difference ${r.vsAbove.difference.toFixed(3)}, 95% paired bootstrap interval ${r.vsAbove.low.toFixed(3)} to ${r.vsAbove.high.toFixed(3)} includes 0`}
                    data-testid="tied"
                  >
                    <span aria-hidden="true">≈</span>
                    <span className="sr-only">(not significantly different from the rank above)</span>
                  </span>
                ) : null}
                {r.significancePending ? (
                  <span className="ml-1 text-muted" title="The comparison with the rank above is being computed (a score just changed)" data-testid="significance-pending">
                    <span aria-hidden="true">…</span>
                    <span className="sr-only">(significance being computed)</span>
                  </span>
                ) : null}
              </td>
              <td className="sticky left-0 z-10 max-w-[14rem] bg-white px-3 py-2 sm:max-w-none dark:bg-slate-950">
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
                    <a href={r.logsUrl} rel="noopener noreferrer nofollow" className="text-xs">
                      logs
                    </a>
                  ) : null}
                </span>
                {r.system ? <div className="text-xs text-muted">{r.system}</div> : null}
              </td>
              <td className="px-3 py-2 text-slate-700 dark:text-slate-300">{r.team ?? "—"}</td>
              {columns.map((c) => (
                <td key={c.key} data-metric={c.key} className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${c.key === primaryMetric ? "font-semibold" : ""}`}>
                  {formatMetric(getMetric(r.metrics, c.key), c.format)}
                  {c.key === primaryMetric && r.ci ? (
                    <span className="ml-1 text-xs font-normal text-muted" title={`95% bootstrap interval ${r.ci.low.toFixed(3)}–${r.ci.high.toFixed(3)}`}>
                      ±{(((r.ci.high - r.ci.low) / 2) * (c.format === "percent1" ? 100 : 1)).toFixed(c.format === "percent1" ? 1 : 3)}
                    </span>
                  ) : c.key === primaryMetric && r.margin !== null ? (
                    <span className="ml-1 text-xs font-normal text-muted" title="hidden test set: released by the Ladder, rounded to this margin">
                      ±{r.margin}
                    </span>
                  ) : null}
                </td>
              ))}
              {props.showCost ? (
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-metric="cost">
                  {r.cost.usd !== null ? `$${r.cost.usd.toFixed(2)}` : "—"}
                  {r.cost.tokens !== null ? <div className="text-xs text-muted">{(r.cost.tokens / 1e6).toFixed(1)}M tok</div> : null}
                </td>
              ) : null}
              <td className="px-3 py-2 text-right tabular-nums">{r.coverage.covered === r.coverage.total ? "100%" : `${r.coverage.covered}/${r.coverage.total}`}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-muted">{formatDate(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
