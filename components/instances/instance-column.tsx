import Link from "next/link";
import type { Column } from "@/components/ui/data-table";

/** The address of an instance's page in a task's instance explorer, with an optional query (`?release=…`). */
export function instanceHref(fullSlug: string, instanceId: string, query = ""): string {
  return `/tasks/${fullSlug}/instances/${encodeURIComponent(instanceId)}${query}`;
}

/**
 * The column that names each row's instance (a row header, in monospace), linking to the
 * instance's page at `href`; with no `href` (a hidden release) the id alone.
 */
export function instanceColumn(href: ((instanceId: string) => string) | null): Column<{ instanceId: string }> {
  return {
    key: "instance",
    header: "instance",
    rowHeader: true,
    className: "font-mono text-xs",
    sort: (r) => r.instanceId,
    cell: (r) => (href ? <Link href={href(r.instanceId)}>{r.instanceId}</Link> : r.instanceId),
  };
}
