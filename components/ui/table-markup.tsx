import type { ReactNode } from "react";

export type SortKey = number | string | null;

export interface HeadCell {
  key: string;
  className: string;
  content: ReactNode;
  extra?: ReactNode;
  ariaSort?: "ascending" | "descending" | "none";
  sortable: boolean;
  firstDir?: "asc" | "desc";
}

export interface BodyRow {
  key: string;
  props: Record<string, string | undefined>;
  sort: SortKey[];
  /** a full-width note row drawn before this row (a group's edge: "above: could be #1") */
  before?: ReactNode;
  cells: {
    key: string;
    header: boolean;
    className: string;
    props: Record<string, string | undefined>;
    content: ReactNode;
  }[];
}

/** The markup of DataTable, shared by the server (nothing sorts in the browser) and the client island (something does). */
export function TableMarkup({
  caption,
  testId,
  size,
  head,
  rows,
  footer,
  sort = null,
  onSort,
}: {
  caption: string;
  testId?: string;
  size: "sm" | "xs";
  head: HeadCell[];
  rows: BodyRow[];
  footer?: ReactNode;
  sort?: { col: number; dir: "asc" | "desc" } | null;
  onSort?: (col: number) => void;
}) {
  return (
    <table className={`dt min-w-full ${size === "xs" ? "dt-xs text-xs" : "dt-sm text-sm"}`} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 z-20 bg-slate-50 print:static dark:bg-slate-900">
        <tr>
          {head.map((h, i) => (
            <HeaderCell key={h.key} h={h} i={i} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <BodyRowMarkup key={r.key} r={r} span={head.length} />
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}

/** A column's header: a sort button when the table sorts in the browser, else its content (and its sort link). */
function HeaderCell({
  h,
  i,
  sort,
  onSort,
}: {
  h: HeadCell;
  /** the column's index */
  i: number;
  sort: { col: number; dir: "asc" | "desc" } | null;
  onSort?: (col: number) => void;
}) {
  const active = sort?.col === i;
  const ariaSort =
    h.sortable && onSort ? (active ? (sort!.dir === "asc" ? "ascending" : "descending") : "none") : h.ariaSort;
  return (
    <th scope="col" className={h.className} aria-sort={ariaSort}>
      {h.sortable && onSort ? (
        <span className="inline-flex items-center gap-1">
          <button type="button" className="inline-flex items-center gap-0.5 font-semibold" onClick={() => onSort?.(i)}>
            {h.content}
            <span aria-hidden className="text-xs text-muted">
              {active ? (sort!.dir === "desc" ? "▼" : "▲") : "↕"}
            </span>
          </button>
          {h.extra}
        </span>
      ) : (
        <>
          {h.content}
          {h.extra}
        </>
      )}
    </th>
  );
}

/** A row, after its note row (a group's edge) when it has one. */
function BodyRowMarkup({ r, span }: { r: BodyRow; span: number }) {
  return (
    <>
      {r.before ? (
        <tr data-divider="">
          <td colSpan={span} className="dt-divider">
            {r.before}
          </td>
        </tr>
      ) : null}
      <tr {...r.props}>
        {r.cells.map((c) =>
          c.header ? (
            <th key={c.key} scope="row" className={`font-normal ${c.className}`} {...c.props}>
              {c.content}
            </th>
          ) : (
            <td key={c.key} className={c.className} {...c.props}>
              {c.content}
            </td>
          ),
        )}
      </tr>
    </>
  );
}
