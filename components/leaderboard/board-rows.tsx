import { BaselinesBand, ViewToggle } from "@/components/leaderboard/baselines-band";
import { PaperRowsNote } from "@/components/leaderboard/board-notes";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { PickSync } from "@/components/leaderboard/pick-sync";
import { EmptyState } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import type { BoardView } from "@/lib/server/leaderboard";

/** One page of the board, with the compare form, the pager and the print-all link. */
export function BoardRows({ board, base, release }: { board: BoardView; base: string; release?: string }) {
  const { lb, links } = board;
  // ticked on other pages (the URL's pick): said, and sent with this page's ticks
  const elsewhere = board.picked.filter((id) => !lb.rows.some((r) => r.submissionId === id));
  // a metric by its label; model, team, date, coverage and cost by their own names
  const sortLabel = lb.columns.find((c) => c.key === lb.sort)?.label ?? lb.sort;
  if (!lb.rows.length) {
    return (
      <>
        <BaselinesBand board={board} />
        <ViewToggle board={board} />
        <EmptyState title="No submissions match">
          Change the filters, or be the first: upload a prediction file.
        </EmptyState>
      </>
    );
  }
  return (
    <PickSync onPage={lb.rows.map((r) => r.submissionId)}>
      <div className="mb-2 flex flex-wrap items-start gap-x-4 gap-y-2">
        <BaselinesBand board={board} />
        <ViewToggle board={board} />
        <ColumnPicker board={board} base={base} />
      </div>
      <form action={`${base}/compare`} method="get" id="ranking" tabIndex={-1} className="outline-none">
        {release ? <input type="hidden" name="release" value={release} /> : null}
        {/* ticked on other pages (the URL's pick): compared with this page's ticks */}
        {elsewhere.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} data-testid="picked-elsewhere" />
        ))}
        <LeaderboardTable
          rows={lb.rows}
          columns={lb.columns}
          primaryMetric={lb.primaryMetric}
          sort={lb.sort}
          dir={lb.dir}
          showCost={board.showCost}
          shown={board.columns.shown}
          hrefFor={links.sort}
          view={lb.view}
          picked={new Set(board.picked)}
          bar={board.bar}
          topGroupSize={lb.counts.topGroup}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm print:hidden">
          <button
            type="submit"
            className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700"
            data-testid="compare-selected"
          >
            Compare selected (2–4)
          </button>
          {elsewhere.length ? (
            <span data-testid="picked-elsewhere-note">
              {elsewhere.length} ticked on other pages, compared too ·{" "}
              <a href={links.unpicked} data-drop-picks="">
                clear
              </a>
            </span>
          ) : null}
          <Pager offset={lb.offset} limit={board.pageSize} matched={lb.matched} href={links.page} />
          <span className="text-muted" data-testid="board-count">
            {lb.matched.toLocaleString("en-US")} of{" "}
            {lb.view === "best"
              ? `${lb.counts.best.toLocaleString("en-US")} ${lb.counts.best === 1 ? "system" : "systems"}`
              : `${lb.counts.all.toLocaleString("en-US")} ${lb.counts.all === 1 ? "submission" : "submissions"}`}{" "}
            match · sorted by {sortLabel} ({lb.dir === "desc" ? "high → low" : "low → high"})
          </span>
          <a href={links.print} data-testid="print-link">
            {lb.matched === 1 ? "Print the 1 row" : `Print all ${lb.matched.toLocaleString("en-US")} rows`}
          </a>
        </div>
      </form>
      <PaperRowsNote task={lb.task} synthetic={lb.release.synthetic} />
    </PickSync>
  );
}

/**
 * Which columns the table shows, as a GET form: the key ones by default, the reader's pick in the
 * URL (`cols`), like Hugging Face's leaderboards. Print shows every column whatever is picked.
 */
function ColumnPicker({ board, base }: { board: BoardView; base: string }) {
  const { options, custom } = board.columns;
  const shown = options.filter((o) => o.shown).length;
  return (
    <details className="text-sm print:hidden" data-testid="column-picker">
      <summary className="cursor-pointer text-muted">
        {/* on a phone it shares a line with the view toggle */}
        Columns: {shown} of {options.length}
        <span className="max-sm:hidden"> shown</span>
        {custom ? " (your pick)" : ""}
      </summary>
      <form action={base} method="get" className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        {board.links.viewFields.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {options.map((o) => (
          <label key={o.key} className="flex items-center gap-1">
            <input type="checkbox" name="cols" value={o.key} defaultChecked={o.shown} /> {o.label}
          </label>
        ))}
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          Show these columns
        </button>
        {custom ? <a href={board.links.keyColumns}>key columns only</a> : null}
      </form>
    </details>
  );
}
