import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { formatMetric } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { BoardView } from "@/lib/server/leaderboard";

/**
 * The server's baselines in a band of their own above the ranked rows (never interleaved into
 * the ranking, nor on page 19 of it): what each does in one line, and its primary metric.
 */
export function BaselinesBand({ board }: { board: BoardView }) {
  const { baselines, primaryColumn, lb } = board;
  if (!baselines.length || !primaryColumn) return null;
  // the best ranked row of the view, whatever the sort or page
  const top = board.topPrimary;
  const better = primaryColumn.better;
  const above = (v: number | null) => top !== null && v !== null && (better === "lower" ? v < top : v > top);
  return (
    <section
      aria-label="Baselines"
      data-testid="baselines-band"
      className="min-w-0 flex-1 rounded-lg max-sm:basis-full border border-sky-200 bg-sky-50/60 px-3 py-1 text-sm dark:border-sky-900 dark:bg-sky-950/30"
    >
      <details>
        {/* one line on a phone (the values are in the list it opens) */}
        <summary className="cursor-pointer max-sm:truncate">
          <span className="font-semibold">Baselines</span> <span className="text-muted">(not ranked):</span>{" "}
          {baselines.map(({ row }, i) => (
            <Fragment key={row.submissionId}>
              {i ? " · " : ""}
              <span className="whitespace-nowrap" data-baseline={row.baseline ?? ""}>
                {row.model}{" "}
                <span className="font-medium tabular-nums">
                  {formatMetric(getMetric(row.metrics, lb.primaryMetric), primaryColumn.format)}
                </span>
                {above(row.primary) ? (
                  <span
                    className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                    data-testid="baseline-above-top"
                  >
                    above #1
                  </span>
                ) : null}
              </span>
            </Fragment>
          ))}
          <span className="ml-1 text-sky-800 underline dark:text-sky-300">what they do</span>
        </summary>
        <p className="mt-1 text-muted">Simple rules computed by the server: a system should beat them.</p>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {baselines.map(({ row, description }) => (
            <li key={row.submissionId} data-baseline-detail={row.baseline ?? ""}>
              <Link href={`/submissions/${row.submissionId}`} className="font-medium" prefetch={false}>
                {row.model}
              </Link>{" "}
              <span className="tabular-nums">
                {primaryColumn.label} {formatMetric(getMetric(row.metrics, lb.primaryMetric), primaryColumn.format)}
              </span>
              {above(row.primary) ? <span className="ml-1 text-xs">— no ranked system beats it yet</span> : null}
              {description ? <div className="text-xs text-muted">{description}</div> : null}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** One row per system (the default) or every submission: a permalink each. */
export function ViewToggle({ board }: { board: BoardView }) {
  const { lb, links } = board;
  const systems = lb.counts.best;
  const submissions = lb.counts.all;
  const item = (v: "best" | "all", label: ReactNode) =>
    lb.view === v ? (
      <span aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 font-medium dark:bg-slate-700">
        {label}
      </span>
    ) : (
      <Link href={links.view(v)} className="rounded px-2 py-0.5" prefetch={false}>
        {label}
      </Link>
    );
  return (
    <nav aria-label="Rows" data-testid="view-toggle" className="flex flex-wrap items-center gap-1 text-sm print:hidden">
      {item("best", <Words phone="Per system" wide="One row per system" n={systems} />)}
      {item("all", <Words phone="All" wide="All submissions" n={submissions} />)}
    </nav>
  );
}

/** A label in fewer words on a phone, with its count. */
function Words({ phone, wide, n }: { phone: string; wide: string; n: number }) {
  return (
    <>
      <span className="sm:hidden">{phone}</span>
      <span className="max-sm:hidden">{wide}</span> ({n.toLocaleString("en-US")})
    </>
  );
}
