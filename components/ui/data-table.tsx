import Link from "next/link";
import type { ReactNode } from "react";
import { SortableRows } from "./sortable-rows";
import { TableMarkup, type HeadCell, type SortKey } from "./table-markup";

/** One column of a DataTable. */
export interface Column<R> {
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  align?: "left" | "right" | "center";
  /**
   * the value the column sorts by in the browser; omit: the column does not sort. With
   * `sortLinks` the server sorts, so the function is never called: its presence makes the
   * header a sort link.
   */
  sort?: (row: R) => number | string | null | undefined;
  /** the first column that names the row: a row header, sticky on narrow screens */
  rowHeader?: boolean;
  /** classes for this column's cells and header (width, wrapping, print) */
  className?: string;
  /** attributes of the cell (tests find metrics by data-metric) */
  cellProps?: (row: R) => Record<string, string | undefined>;
  /** natural direction of the first click (lower-is-better metrics sort ascending) */
  firstDir?: "asc" | "desc";
  /** header contents beyond the label (a definition tooltip); not part of the sort button */
  headerExtra?: ReactNode;
  /** the header as words, for a stacked card's field names (default: the header when it is text) */
  label?: string;
}

/** What a column helper's caller may add to the column it builds: alignment, row header, classes, first sort. */
type ColumnExtras = Pick<Column<unknown>, "align" | "rowHeader" | "className" | "firstDir" | "headerExtra">;

/** A column from the rows' `field` that sorts by it and shows it as it is (a name, a label). */
export function valueColumn<K extends string>(
  key: string,
  header: ReactNode,
  field: K,
  extras: ColumnExtras = {},
): Column<{ [P in K]?: string | number | null }> {
  return { key, header, ...extras, sort: (r) => r[field], cell: (r) => r[field] };
}

/** A right-aligned column from the rows' numeric `field` that sorts by it and shows it through `format`. */
export function numberColumn<K extends string>(
  key: string,
  header: ReactNode,
  field: K,
  format: (v: number | null | undefined) => ReactNode = (v) => v,
  extras: ColumnExtras = {},
): Column<{ [P in K]?: number | null }> {
  return { key, header, align: "right", ...extras, sort: (r) => r[field], cell: (r) => format(r[field]) };
}

/** Server-side sorting by permalinks (the leaderboard): headers are links, rows come sorted. */
export interface SortLinks {
  active: string;
  dir: "asc" | "desc";
  hrefFor: (key: string, dir: "asc" | "desc") => string;
}

interface Props<R> {
  rows: R[];
  columns: Column<R>[];
  rowKey: (row: R) => string;
  /** for screen readers; also names what the table is */
  caption: string;
  testId?: string;
  /** sorting by links (server) instead of in the browser */
  sortLinks?: SortLinks;
  /** attributes of a row */
  rowProps?: (row: R) => Record<string, string | undefined>;
  /** long tables scroll inside a box this tall, with the header kept in view */
  maxHeight?: string;
  /** a full-width note before a row (server-sorted tables only: a group's edge), or null */
  before?: (row: R, index: number) => ReactNode;
  size?: "sm" | "xs";
  /** the row under the body (totals) */
  footer?: ReactNode;
  /** a table that stands on its own (a board, a long list): an outer border; one inside a card needs none */
  framed?: boolean;
  /** @deprecated tables are plain unless `framed` (kept so that a plugin kind's UI that says it still compiles) */
  plain?: boolean;
  /**
   * a wide table that becomes one card per row on a phone (each cell under its column's name, the
   * header a row of sort controls): no sideways scrolling, no scroll box inside the page
   */
  stack?: boolean;
}

/** A column's name in words: its label, or its header when that is text. */
const labelOf = (c: Pick<Column<unknown>, "label" | "header">) =>
  c.label ?? (typeof c.header === "string" || typeof c.header === "number" ? String(c.header) : undefined);

const alignOf = (a: Column<unknown>["align"]) =>
  a === "right" ? "text-right" : a === "center" ? "text-center" : "text-left";

/** A column's header: a sort link when the server sorts, else its label (a sort button when the browser sorts). */
function headCell<R>(c: Column<R>, sortLinks: SortLinks | undefined): HeadCell {
  const cls = `whitespace-nowrap font-semibold ${alignOf(c.align)} ${c.className ?? ""} ${c.rowHeader ? "sticky left-0 z-20 bg-slate-50 dark:bg-slate-900" : ""}`;
  if (sortLinks && c.sort) {
    const active = sortLinks.active === c.key;
    const natural = c.firstDir ?? "desc";
    const next = active ? (sortLinks.dir === "desc" ? "asc" : "desc") : natural;
    return {
      key: c.key,
      className: cls,
      ariaSort: active
        ? sortLinks.dir === "asc"
          ? ("ascending" as const)
          : ("descending" as const)
        : ("none" as const),
      content: (
        <span className="inline-flex items-center gap-1">
          <Link
            href={sortLinks.hrefFor(c.key, next)}
            prefetch={false}
            className="text-slate-900 no-underline dark:text-slate-100"
            data-sort-key={c.key}
          >
            {c.header}
            {/* one meaning, as in the tables the browser sorts: ▼/▲ the column sorted and its
                direction, ↕ a column that can be sorted (its first click follows `firstDir`) */}
            <span aria-hidden className="ml-0.5 text-xs text-muted">
              {active ? (sortLinks.dir === "desc" ? "▼" : "▲") : "↕"}
            </span>
          </Link>
          {c.headerExtra}
        </span>
      ),
      sortable: false,
    };
  }
  return {
    key: c.key,
    className: cls,
    content: c.header,
    extra: c.headerExtra,
    sortable: !sortLinks && Boolean(c.sort),
    firstDir: c.firstDir ?? "desc",
  };
}

/**
 * The one table of the product: a header that stays in view, horizontal scroll inside its own
 * box on narrow screens (the page never scrolls sideways), a sticky row-header column, and
 * sorting — by permalink (`sortLinks`, the server sorts) or in the browser (columns with `sort`).
 */
export function DataTable<R>({
  rows,
  columns,
  rowKey,
  caption,
  testId,
  sortLinks,
  rowProps,
  maxHeight,
  before,
  size = "sm",
  footer,
  framed,
  stack,
}: Props<R>) {
  // cell padding comes from the table's class (dt-sm / dt-xs in app/globals.css), not each cell
  const stickyCell = "dt-sticky"; // app/globals.css
  const head = columns.map((c) => headCell(c, sortLinks));
  const body = rows.map((r, i) => ({
    key: rowKey(r),
    before: sortLinks ? before?.(r, i) : undefined,
    props: rowProps?.(r) ?? {},
    sort: columns.map((c) => (c.sort && !sortLinks ? (c.sort(r) ?? null) : null)) as SortKey[],
    cells: columns.map((c) => ({
      key: c.key,
      header: Boolean(c.rowHeader),
      className: `${alignOf(c.align)} ${c.align === "right" ? "tabular-nums" : ""} ${c.className ?? ""} ${c.rowHeader ? stickyCell : ""}`,
      props: { ...(stack ? { "data-label": labelOf(c) } : {}), ...c.cellProps?.(r) },
      content: c.cell(r),
    })),
  }));
  return (
    <div
      className={`overflow-auto print:max-h-none print:overflow-visible ${framed ? "rounded-lg border border-slate-200 dark:border-slate-800" : ""} ${stack ? "dt-stack" : ""}`}
      style={maxHeight ? { maxHeight } : undefined}
      data-table-frame=""
    >
      {head.some((h) => h.sortable) ? (
        <SortableRows caption={caption} testId={testId} size={size} head={head} body={body} footer={footer} />
      ) : (
        // nothing sorts in the browser (permalink sorting, or no sortable column): no client code, no serialized cells
        <TableMarkup caption={caption} testId={testId} size={size} head={head} rows={body} footer={footer} />
      )}
    </div>
  );
}
