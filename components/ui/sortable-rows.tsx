"use client";

import { useMemo, useState, type ReactNode } from "react";
import { TableMarkup, type BodyRow, type HeadCell, type SortKey } from "./table-markup";

function compare(a: SortKey, b: SortKey): number {
  // missing values sort last whatever the direction
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** DataTable's client island, used only when a column sorts in the browser: cells come rendered from the server; only their order is the browser's. */
export function SortableRows({
  caption,
  testId,
  size,
  head,
  body,
  footer,
}: {
  caption: string;
  testId?: string;
  size: "sm" | "xs";
  head: HeadCell[];
  body: BodyRow[];
  footer?: ReactNode;
}) {
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
    <TableMarkup
      caption={caption}
      testId={testId}
      size={size}
      head={head}
      rows={rows}
      footer={footer}
      sort={sort}
      onSort={(i) =>
        setSort(
          sort?.col === i
            ? { col: i, dir: sort.dir === "desc" ? "asc" : "desc" }
            : { col: i, dir: head[i].firstDir ?? "desc" },
        )
      }
    />
  );
}
