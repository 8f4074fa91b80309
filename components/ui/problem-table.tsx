import type { Problem } from "@/lib/errors";
import { DataTable } from "./data-table";
import { LinkedText } from "./linked-text";

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
          { key: "problem", header: "problem", cell: (p) => <LinkedText text={p.message} /> },
          { key: "expected", header: "expected", cell: (p) => p.expected ?? "" },
        ]}
      />
      {total > problems.length ? <p className="mt-1">…and {total - problems.length} more.</p> : null}
    </>
  );
}

const ALERT_SIZES = {
  md: { box: "rounded-lg p-4", note: "mt-2" },
  sm: { box: "rounded-lg p-3", note: "mt-2" },
  xs: { box: "rounded p-3", note: "mt-1 text-xs" },
};

/** A refused upload or import: the server's message, the problems it found, and a closing note. */
export function ProblemAlert({
  error,
  note,
  testId,
  size = "md",
}: {
  error: { message: string; problems: Problem[]; problemCount: number };
  /** what was (not) done, under the problems */
  note?: string;
  testId?: string;
  size?: keyof typeof ALERT_SIZES;
}) {
  const cls = ALERT_SIZES[size];
  return (
    <div
      role="alert"
      data-testid={testId}
      className={`${cls.box} border border-rose-300 bg-rose-50 text-sm dark:border-rose-800 dark:bg-rose-950`}
    >
      <p className="font-semibold">
        <LinkedText text={error.message} />
      </p>
      <ProblemTable problems={error.problems} total={error.problemCount} />
      {note ? <p className={cls.note}>{note}</p> : null}
    </div>
  );
}
