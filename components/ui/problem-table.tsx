import type { Problem } from "@/lib/errors";
import { DataTable } from "./data-table";

/** The problems of a rejected upload or import: instance, field, where, what, expected. */
export function ProblemTable({ problems, total }: { problems: Problem[]; total: number }) {
  if (!problems.length) return null;
  return (
    <>
      <DataTable
        rows={problems.map((p, i) => ({ ...p, i }))}
        rowKey={(p) => String(p.i)}
        caption="Problems found in the file"
        size="xs"
        plain
        maxHeight="24rem"
        columns={[
          {
            key: "instance",
            header: "instance",
            className: "font-mono",
            sort: (p) => p.instanceId ?? "",
            cell: (p) => p.instanceId ?? "—",
          },
          {
            key: "field",
            header: "field",
            className: "font-mono",
            sort: (p) => p.field ?? "",
            cell: (p) => p.field ?? "—",
          },
          {
            key: "where",
            header: "where",
            sort: (p) => p.line ?? p.row ?? null,
            firstDir: "asc",
            cell: (p) => (p.line ? `line ${p.line}` : p.row ? `row ${p.row}` : "—"),
          },
          { key: "problem", header: "problem", cell: (p) => p.message },
          { key: "expected", header: "expected", cell: (p) => p.expected ?? "" },
        ]}
      />
      {total > problems.length ? <p className="mt-1">…and {total - problems.length} more.</p> : null}
    </>
  );
}
