import { LengthCard } from "@/components/task/task-charts";
import { kindUi } from "@/components/tasks";
import type { submissionChartData } from "@/lib/server/leaderboard";
import type { SubmissionPageView } from "@/lib/server/submissions";

type ChartData = Awaited<ReturnType<typeof submissionChartData>>;

/**
 * Charts of one submission's score: the kind's own (components/tasks/<kind>) and, for kinds that
 * have them, length buckets. The page starts loading their data; this waits for it (in its own
 * Suspense boundary), and never opens the database itself.
 */
export async function SubmissionCharts({ v, data }: { v: SubmissionPageView; data: Promise<ChartData> }) {
  const d = await data;
  const score = v.score!;
  const Kind = kindUi(v.task.kindName).SubmissionCharts;
  const kind =
    Kind && d.kindCharts ? (
      <Kind
        data={d.kindCharts}
        base={{ submission: { id: v.sub.id, model: v.sub.model }, metrics: v.metrics, total: score.total }}
      />
    ) : null;
  if (!kind && !d.lengthSide) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {kind}
      {d.lengthSide && !score.release.hidden ? (
        <LengthCard side={d.lengthSide} lengths={d.lengths} total={score.total} />
      ) : null}
    </div>
  );
}
