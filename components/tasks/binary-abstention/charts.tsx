import { GroupedBars } from "@/components/charts/grouped-bars";
import { PrChart } from "@/components/charts/pr-chart";
import { Card } from "@/components/ui/card";
import type { binaryAbstention } from "@/lib/tasks/binary-abstention";
import type { SubmissionChartsOf, TaskChartsOf } from "@/lib/tasks/define";
import type { SubmissionChartsBase } from "../define";

/** Task page: F1 per class of each overlaid bouncer, and their precision–recall curves. */
export function BounceTaskCharts({ data }: { data: TaskChartsOf<typeof binaryAbstention> }) {
  return (
    <>
      <Card title="F1 per class">
        <GroupedBars
          data={data.perClass}
          xKey="name"
          series={[
            { key: "F_a", label: "F1 accept" },
            { key: "F_b", label: "F1 bounce" },
            { key: "F_m", label: "F_m" },
          ]}
          yDomain={[0, 1]}
          testId="chart-per-class"
        />
      </Card>
      {data.pr.length ? (
        <Card title="Precision–recall of the bounce score" className="lg:col-span-2">
          <PrChart curves={data.pr} testId="chart-pr" />
        </Card>
      ) : null}
    </>
  );
}

/** Submission page: precision, recall and F1 per class, and the bounce score's PR curve. */
export function BounceSubmissionCharts({
  data,
  base,
}: {
  data: SubmissionChartsOf<typeof binaryAbstention>;
  base: SubmissionChartsBase;
}) {
  return (
    <>
      <Card title="Precision, recall and F1 per class">
        <GroupedBars
          data={data.perClass.map((c) => ({
            cls: c.cls,
            precision: c.precision ?? 0,
            recall: c.recall ?? 0,
            F1: c.f1 ?? 0,
          }))}
          xKey="cls"
          series={[
            { key: "precision", label: "precision" },
            { key: "recall", label: "recall" },
            { key: "F1", label: "F1" },
          ]}
          yDomain={[0, 1]}
          testId="chart-per-class"
        />
      </Card>
      {data.pr ? (
        <Card title="Precision–recall of the bounce score" className="lg:col-span-2">
          <PrChart curves={[{ name: base.submission.model, curve: data.pr }]} testId="chart-pr" />
        </Card>
      ) : null}
    </>
  );
}
