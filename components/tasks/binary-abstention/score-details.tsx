import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { f3 } from "@/lib/format";
import { INPUT_LABELS } from "@/lib/tasks/binary-abstention/labels";
import type { BounceDetails } from "@/lib/tasks/binary-abstention/schemas";
import { ConfusionMatrix, LabelTable } from "./confusion-matrix";

type PerClass = BounceDetails["perClass"];

function PerClassTable({ rows }: { rows: PerClass }) {
  return (
    <DataTable
      rows={rows}
      rowKey={(c) => c.cls}
      caption="Precision, recall and F1 per class"
      testId="per-class"
      plain
      columns={[
        { key: "cls", header: "class", rowHeader: true, sort: (c) => c.cls, cell: (c) => c.cls },
        {
          key: "precision",
          header: "precision",
          align: "right",
          sort: (c) => c.precision,
          cell: (c) => f3(c.precision),
        },
        { key: "recall", header: "recall", align: "right", sort: (c) => c.recall, cell: (c) => f3(c.recall) },
        { key: "f1", header: "F1", align: "right", sort: (c) => c.f1, cell: (c) => f3(c.f1) },
        { key: "support", header: "support", align: "right", sort: (c) => c.support, cell: (c) => c.support },
      ]}
    />
  );
}

/** A bouncer's score details: confusion matrix, per-class table, label agreement. */
export function BounceScoreDetails({ details: d, title = "" }: { details: BounceDetails; title?: string }) {
  return (
    <>
      <Card title={`${title}Confusion matrix`}>
        <ConfusionMatrix counts={d.counts} />
      </Card>
      <Card title={`${title}Per class`}>
        <PerClassTable rows={d.perClass} />
        <p className="mt-2 text-xs text-muted">F_m is the mean of the two F1 values.</p>
      </Card>
      {d.labelTable ? (
        <Card title={`${title}Label agreement (human vs bouncer)`} className="lg:col-span-2">
          <LabelTable table={d.labelTable} labels={INPUT_LABELS} />
        </Card>
      ) : null}
    </>
  );
}
