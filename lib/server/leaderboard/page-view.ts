// The leaderboard page's view model: the task, the view parsed from the URL (what was ignored is
// named), one page of the board (or every row when printing), and the permalinks its sections
// draw. The charts stream in later from a promise the page starts (taskChartData).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { findTaskDef } from "@/lib/tasks/catalog";
import { parseLeaderboardViewLenient, viewQuery, type LeaderboardView } from "@/lib/validations/leaderboard-view";
import { chooseColumns } from "@/lib/leaderboard-columns";
import { getLeaderboard } from "./leaderboard";
import type { ResolvedTask } from "@/lib/server/tasks";

export const BOARD_PAGE_SIZE = 50;

type Search = Record<string, string | string[] | undefined>;

/**
 * @throws AppError not_found (no such task, or a release named in the URL that is not there or
 * is a draft the reader may not see). A task without a published release has `board: null`.
 */
export async function boardPageView(db: PrismaClient, task: ResolvedTask, search: Search) {
  const fullSlug = task.fullSlug;
  // An invalid view is not silently dropped: the valid parts apply and the rest is named.
  const { print, ...rawView } = search;
  const { view, ignored } = parseLeaderboardViewLenient(rawView);
  // the print view: every row of the view, no controls, the release and the date on the page
  const printing = print === "1";
  const def = findTaskDef(fullSlug);
  const base = `/tasks/${fullSlug}`;
  const common = {
    task,
    fullSlug,
    base,
    view,
    ignored,
    printing,
    paper: { title: def?.benchmark.paperTitle ?? "", authors: def?.benchmark.paperAuthors ?? [] },
  };
  let lb;
  try {
    // one page of rows at a time (a board may hold thousands); the URL holds the page
    // baselines sit in a band of their own above the ranked rows, never interleaved into page 19
    lb = await getLeaderboard(
      db,
      task,
      printing
        ? { ...view, baselines: false, limit: undefined, offset: undefined }
        : { ...view, baselines: false, limit: view.limit ?? BOARD_PAGE_SIZE },
    );
  } catch (e) {
    // no published release yet is an empty board; a release named in the URL that is not there is a 404
    if (e instanceof AppError && e.code === "not_found" && !view.release) return { ...common, board: null };
    throw e;
  }
  // The page of rows is a display matter: exports, charts, sorting and release links start from
  // the whole view (the first page).
  const showCost = lb.rows.some((r) => r.cost.usd !== null);
  const baselineDefs = new Map((task.kind.baselines?.(task.options) ?? []).map((b) => [b.key, b]));
  // the columns shown (the key ones unless the reader picked others: `cols`); print shows all
  const columns = chooseColumns({
    metrics: lb.columns,
    primary: lb.primaryMetric,
    showCost,
    cols: view.cols,
    sort: lb.sort,
    printing,
  });
  const unpaged: LeaderboardView = { ...view, cols: columns.param, offset: undefined, limit: undefined };
  // exports give every column
  const shownView = { ...unpaged, cols: undefined, pick: undefined, by: undefined, sort: lb.sort, dir: lb.dir };
  const q = (v: Partial<LeaderboardView>) => viewQuery(v, lb.primaryMetric);
  const unpagedQuery = q(unpaged);
  const primaryColumn = lb.columns.find((c) => c.key === lb.primaryMetric) ?? null;
  return {
    ...common,
    board: {
      lb,
      unpaged,
      columns,
      primaryColumn,
      /** the strongest baseline on the primary metric: rows that do worse are marked */
      bar: view.baselines === false ? null : strongestBaseline(lb.baselines, primaryColumn?.better ?? "higher"),
      showCost,
      pageSize: lb.limit ?? BOARD_PAGE_SIZE,
      /** the primary metric of the view's #1 (a baseline above it is said to be) */
      topPrimary: lb.top1,
      /** ticked for comparison, across pages (the URL's `pick`) */
      picked: (view.pick ?? "")
        .split(",")
        .filter((x) => /^[0-9a-f-]{36}$/i.test(x))
        .slice(0, 4),
      /** the baselines' band (hidden with baselines=0), each with what it does */
      baselines: (view.baselines === false ? [] : lb.baselines).map((row) => ({
        row,
        description: baselineDefs.get(row.baseline ?? "")?.description ?? null,
      })),
      links: {
        /** the view without its columns, as a form's hidden fields (the column picker submits them with its own) */
        viewFields: [...new URLSearchParams(q({ ...unpaged, cols: undefined, sort: lb.sort, dir: lb.dir }))],
        /** the same view with the key columns only */
        keyColumns: `${base}${q({ ...unpaged, cols: undefined, sort: lb.sort, dir: lb.dir })}`,
        exportCsv: `/api/v1/tasks/${fullSlug}/leaderboard${q({ ...shownView, format: "csv" })}`,
        exportJson: `/api/v1/tasks/${fullSlug}/leaderboard${q(shownView)}`,
        print: `${base}${unpagedQuery || "?"}${unpagedQuery ? "&" : ""}print=1`,
        printed: `${base}${q({ ...unpaged, pick: undefined, release: lb.release.version })}`,
        /** another release's board, same view (the current one without `release`) */
        release: (version: string | undefined) => `${base}${q({ ...unpaged, pick: undefined, release: version })}`,
        /** sorted by another column, keeping the page size */
        sort: (sort: string, dir: "asc" | "desc") => `${base}${q({ ...unpaged, limit: view.limit, sort, dir })}`,
        /** sorted by another column with these columns shown (a declared subset's board) */
        sortWith: (sort: string, dir: "asc" | "desc", cols: string | undefined) =>
          `${base}${q({ ...unpaged, limit: view.limit, sort, dir, cols })}`,
        /** the other view: one row per system, or every submission */
        view: (v: "best" | "all") => `${base}${q({ ...unpaged, view: v, limit: view.limit })}`,
        /** the same view, its heatmap sliced by another attribute */
        heatmap: (by: string) => `${base}${q({ ...view, cols: columns.param, by })}`,
        /** this page without the ticks of other pages */
        unpicked: `${base}${q({ ...view, cols: columns.param, pick: undefined })}`,
        /** another page of rows */
        page: (offset: number) => `${base}${q({ ...view, cols: columns.param, offset, limit: view.limit })}`,
      },
    },
  };
}

/** The baseline with the best primary value (higher or lower is better), or null. */
function strongestBaseline(
  baselines: { model: string; primary: number | null }[],
  better: "higher" | "lower",
): { model: string; value: number } | null {
  let best: { model: string; value: number } | null = null;
  for (const b of baselines) {
    if (b.primary === null) continue;
    if (!best || (better === "higher" ? b.primary > best.value : b.primary < best.value))
      best = { model: b.model, value: b.primary };
  }
  return best;
}

export type BoardPageView = Awaited<ReturnType<typeof boardPageView>>;
export type BoardView = NonNullable<BoardPageView["board"]>;
