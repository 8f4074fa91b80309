import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { EmptyState } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import type { BoardView } from "@/lib/server/leaderboard";

/** One page of the board, with the compare form, the pager and the print-all link. */
export function BoardRows({ board, base, release }: { board: BoardView; base: string; release?: string }) {
  const { lb, links } = board;
  if (!lb.rows.length) {
    return (
      <EmptyState title="No submissions match">
        Change the filters, or be the first: upload a prediction file.
      </EmptyState>
    );
  }
  return (
    <form action={`${base}/compare`} method="get">
      {release ? <input type="hidden" name="release" value={release} /> : null}
      <LeaderboardTable
        rows={lb.rows}
        columns={lb.columns}
        primaryMetric={lb.primaryMetric}
        sort={lb.sort}
        dir={lb.dir}
        showCost={board.showCost}
        hrefFor={links.sort}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm print:hidden">
        <button
          type="submit"
          className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700"
          data-testid="compare-selected"
        >
          Compare selected (2–4)
        </button>
        <Pager offset={lb.offset} limit={board.pageSize} matched={lb.matched} href={links.page} />
        <span className="text-muted">
          {lb.matched} of {lb.total} submissions match · sorted by {lb.sort} (
          {lb.dir === "desc" ? "high → low" : "low → high"}) · ± is half the 95% bootstrap interval of{" "}
          {lb.primaryMetric} (1,000 seeded resamples)
        </span>
        <a href={links.print} data-testid="print-link">
          Print all {lb.matched} rows
        </a>
      </div>
    </form>
  );
}
