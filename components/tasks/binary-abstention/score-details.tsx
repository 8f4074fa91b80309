import { Card } from "@/components/ui/card";
import { DataTable, numberColumn, valueColumn } from "@/components/ui/data-table";
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
      columns={[
        valueColumn("cls", "class", "cls", { rowHeader: true }),
        numberColumn("precision", "precision", "precision", f3),
        numberColumn("recall", "recall", "recall", f3),
        numberColumn("f1", "F1", "f1", f3),
        numberColumn("support", "support", "support"),
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
