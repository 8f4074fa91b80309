// Components rendered on the server, as a page would, for tests to read the markup.
import type { ComponentProps } from "react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import type { getLeaderboard } from "@/lib/server/leaderboard";

type TableProps = ComponentProps<typeof LeaderboardTable>;

/**
 * A board (getLeaderboard's answer) in the board's table: its rows, columns and primary metric,
 * sorted as the board is unless `props` say otherwise; sort links "#", no cost column.
 */
export function renderBoardTable(
  lb: Awaited<ReturnType<typeof getLeaderboard>>,
  props: Partial<TableProps> & Pick<TableProps, "shown">,
): string {
  return renderToStaticMarkup(
    createElement(LeaderboardTable, {
      rows: lb.rows,
      columns: lb.columns,
      primaryMetric: lb.primaryMetric,
      sort: lb.sort,
      dir: lb.dir,
      hrefFor: () => "#",
      showCost: false,
      ...props,
    }),
  );
}
