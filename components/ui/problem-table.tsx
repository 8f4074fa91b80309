import type { Problem } from "@/lib/errors";
import { DataTable } from "./data-table";

/**
 * Where a problem is: `line N` / `row N`, and the JSONPath within the file or the line
 * (`$[412].input_bounce`) in monospace; "—" when the problem is about the whole file.
 */
function Where({ problem: p }: { problem: Problem }) {
  const at = p.line ? `line ${p.line}` : p.row ? `row ${p.row}` : null;
  // "$" alone (a whole JSONL line) adds nothing to its line
  const path = p.path && p.path !== "$" ? p.path : null;
  if (!at && !path) return <>—</>;
  return (
    <>
      {at}
      {at && path ? ", " : null}
      {path ? <code className="font-mono break-all">{path}</code> : null}
    </>
  );
}

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
            cell: (p) => <Where problem={p} />,
          },
          { key: "problem", header: "problem", cell: (p) => p.message },
          { key: "expected", header: "expected", cell: (p) => p.expected ?? "" },
        ]}
      />
      {total > problems.length ? <p className="mt-1">…and {total - problems.length} more.</p> : null}
    </>
  );
}
