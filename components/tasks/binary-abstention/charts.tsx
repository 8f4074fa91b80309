import type { ComponentProps } from "react";
import { GroupedBars } from "@/components/charts/grouped-bars";
import type { GroupedBarsProps } from "@/components/charts/static-bars";
import { PrChart } from "@/components/charts/pr-chart";
import { Card } from "@/components/ui/card";
import type { binaryAbstention } from "@/lib/tasks/binary-abstention";
import type { SubmissionChartsOf, TaskChartsOf } from "@/lib/tasks/define";
import type { SubmissionChartsBase } from "../define";

/** The per-class bars of the task page (each bouncer's F1 per class) and of a submission's page. */
const TASK_SERIES = [
  { key: "F_a", label: "F1 accept" },
  { key: "F_b", label: "F1 bounce" },
  { key: "F_m", label: "F_m" },
];
const SUBMISSION_SERIES = [
  { key: "precision", label: "precision" },
  { key: "recall", label: "recall" },
  { key: "F1", label: "F1" },
];

/** Scores per class (0 to 1), a group of bars per bouncer or class. */
function PerClassCard({ title, ...bars }: { title: string } & Pick<GroupedBarsProps, "data" | "xKey" | "series">) {
  return (
    <Card title={title}>
      <GroupedBars {...bars} yDomain={[0, 1]} testId="chart-per-class" />
    </Card>
  );
}

/** The precision–recall curves of the bounce score. */
function PrCard({ curves }: { curves: ComponentProps<typeof PrChart>["curves"] }) {
  return (
    <Card title="Precision–recall of the bounce score" className="lg:col-span-2">
      <PrChart curves={curves} testId="chart-pr" />
    </Card>
  );
}

/** Task page: F1 per class of each overlaid bouncer, and their precision–recall curves. */
export function BounceTaskCharts({ data }: { data: TaskChartsOf<typeof binaryAbstention> }) {
  return (
    <>
      <PerClassCard title="F1 per class" data={data.perClass} xKey="name" series={TASK_SERIES} />
      {data.pr.length ? <PrCard curves={data.pr} /> : null}
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
      <PerClassCard
        title="Precision, recall and F1 per class"
        data={data.perClass.map((c) => ({
          cls: c.cls,
          precision: c.precision ?? 0,
          recall: c.recall ?? 0,
          F1: c.f1 ?? 0,
        }))}
        xKey="cls"
        series={SUBMISSION_SERIES}
      />
      {data.pr ? <PrCard curves={[{ name: base.submission.model, curve: data.pr }]} /> : null}
    </>
  );
}
