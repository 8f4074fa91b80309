import type { ReactNode } from "react";
import { formatDate } from "@/lib/format";
import type { Column } from "./data-table";

/** A column of days (`2025-03-01`) from the rows' `field`, sorted by time in the browser; `none` where a row has no date. */
export function dateColumn<K extends string>(
  key: string,
  header: ReactNode,
  field: K,
  none = "—",
): Column<{ [P in K]?: string | Date | null }> {
  return {
    key,
    header,
    sort: (r) => {
      const d = r[field];
      return d ? new Date(d).toISOString() : "";
    },
    cell: (r) => {
      const d = r[field];
      return d ? formatDate(d) : none;
    },
  };
}
