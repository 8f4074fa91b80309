"use client";

import { useMemo, useState, type ReactNode } from "react";

export type SortKey = number | string | null;

interface HeadCell {
  key: string;
  className: string;
  content: ReactNode;
  extra?: ReactNode;
  ariaSort?: "ascending" | "descending" | "none";
  sortable: boolean;
  firstDir?: "asc" | "desc";
}

interface BodyRow {
  key: string;
  props: Record<string, string | undefined>;
  sort: SortKey[];
  cells: { key: string; header: boolean; className: string; props: Record<string, string | undefined>; content: ReactNode }[];
}

function compare(a: SortKey, b: SortKey): number {
  // missing values sort last whatever the direction
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** The rendering half of DataTable: cells come rendered from the server; only their order is the browser's. */
export function SortableRows({ caption, testId, size, head, body, footer }: { caption: string; testId?: string; size: "sm" | "xs"; head: HeadCell[]; body: BodyRow[]; footer?: ReactNode }) {
  const [sort, setSort] = useState<{ col: number; dir: "asc" | "desc" } | null>(null);
  const rows = useMemo(() => {
    if (!sort) return body;
    const sign = sort.dir === "asc" ? 1 : -1;
    return body
      .map((r, i) => ({ r, i }))
      .sort((x, y) => {
        const a = x.r.sort[sort.col];
        const b = y.r.sort[sort.col];
        if (a === null || b === null) return compare(a, b) || x.i - y.i;
        return sign * compare(a, b) || x.i - y.i;
      })
      .map((x) => x.r);
  }, [body, sort]);
  return (
    <table className={`min-w-full ${size === "xs" ? "text-xs" : "text-sm"}`} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 z-20 bg-slate-50 print:static dark:bg-slate-900">
        <tr>
          {head.map((h, i) => {
            const active = sort?.col === i;
            const ariaSort = h.sortable ? (active ? (sort!.dir === "asc" ? "ascending" : "descending") : "none") : h.ariaSort;
            return (
              <th key={h.key} scope="col" className={h.className} aria-sort={ariaSort}>
                {h.sortable ? (
                  <span className="inline-flex items-center gap-1">
                    <button
                      type="button"
                      className="inline-flex items-center gap-0.5 font-semibold"
                      onClick={() => setSort(active ? { col: i, dir: sort!.dir === "desc" ? "asc" : "desc" } : { col: i, dir: h.firstDir ?? "desc" })}
                    >
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
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-slate-100 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900" {...r.props}>
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
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
