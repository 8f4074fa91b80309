import { DataTable } from "./data-table";

/** A two-column table of labelled values (a funnel, counts). */
export function KeyValues({
  rows,
  testId,
  caption,
}: {
  rows: [string, React.ReactNode][];
  testId?: string;
  caption: string;
}) {
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r[0]}
      caption={caption}
      testId={testId}
      columns={[
        {
          key: "what",
          header: <span className="sr-only">Measure</span>,
          rowHeader: true,
          className: "text-slate-600 dark:text-slate-400",
          cell: (r) => r[0],
        },
        { key: "value", header: <span className="sr-only">Value</span>, align: "right", cell: (r) => r[1] },
      ]}
    />
  );
}
