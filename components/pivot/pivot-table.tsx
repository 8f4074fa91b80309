import Link from "next/link";
import { ciText, fixed, formatMetric, plural } from "@/lib/format";
import { metricColumnOf } from "@/lib/tasks/metric-label";
import { metaLabel } from "@/lib/system-meta-labels";
import type { getPivot } from "@/lib/server/leaderboard";

type Pivot = Awaited<ReturnType<typeof getPivot>>;

/** A cell's colour: its value's place between the table's worst and best (colour-blind-safe blues). */
function shade(v: number | null, lo: number, hi: number, better: string): string {
  if (v === null) return "transparent";
  let t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
  if (better === "lower") t = 1 - t;
  // at most 0.45: the cell's text (slate-900 / slate-100) keeps a 4.5:1 contrast on the darkest cell
  return `rgba(0, 114, 178, ${fixed(0.06 + 0.39 * t, 2)})`;
}

/** Two dimensions crossed, each cell the best submission's value, a link to it. Server-drawn. */
export function PivotTable({ p }: { p: Pivot }) {
  const at = new Map(p.cells.map((c) => [JSON.stringify([c.row, c.col]), c]));
  const values = p.cells.flatMap((c) => (c.value === null ? [] : [c.value]));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  // the metric's own unit: a percent metric's cells and intervals in percent
  const format = metricColumnOf(p.task, p.metric.key)?.format ?? "score3";
  return (
    <div className="overflow-x-auto">
      <table className="text-sm tabular-nums" data-testid="pivot-table">
        <caption className="sr-only">
          {p.metric.label} ({p.metric.better} is better) of the best public submission for each {metaLabel(p.rowsBy)}{" "}
          and {metaLabel(p.colsBy)}, release {p.release.version}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="p-2 text-left text-xs font-normal text-muted">
              {metaLabel(p.rowsBy)} ↓ · {metaLabel(p.colsBy)} →
            </th>
            {p.cols.map((c) => (
              <th key={c} scope="col" className="max-w-[10rem] p-2 text-right">
                <span className="block truncate" title={c}>
                  {c}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <tr key={r} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="max-w-[14rem] truncate p-2 text-left" title={r}>
                {r}
              </th>
              {p.cols.map((c) => {
                const cell = at.get(JSON.stringify([r, c]));
                if (!cell)
                  return (
                    <td key={c} className="p-2 text-right text-muted">
                      <span aria-label="no submission">·</span>
                    </td>
                  );
                const title = `${cell.model}${cell.team ? ` (${cell.team})` : ""}: ${p.metric.label} ${cell.value === null ? "undefined" : formatMetric(cell.value, format)}${cell.ci ? `, ${ciText(cell.ci, format)}` : ""}; best of ${plural(cell.n, "submission")}`;
                return (
                  <td
                    key={c}
                    className="p-2 text-right"
                    style={{ background: shade(cell.value, lo, hi, p.metric.better) }}
                  >
                    <Link
                      href={`/submissions/${cell.submissionId}`}
                      title={title}
                      data-testid="pivot-cell"
                      className="text-slate-900 underline dark:text-slate-100"
                    >
                      {cell.value === null ? "—" : formatMetric(cell.value, format)}
                    </Link>
                    {cell.n > 1 ? <span className="ml-1 text-xs text-muted">({cell.n})</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
