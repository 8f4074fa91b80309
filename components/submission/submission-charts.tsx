import { LengthCard } from "@/components/task/task-charts";
import { kindUi } from "@/components/tasks";
import { getDb } from "@/lib/server/db";
import { submissionChartData } from "@/lib/server/leaderboard";
import type { currentScore, getSubmissionOrThrow } from "@/lib/server/submissions";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { Metrics } from "@/lib/tasks/types";

type Sub = Awaited<ReturnType<typeof getSubmissionOrThrow>>;

/** Charts of one submission's score: the kind's own (components/tasks/<kind>) and, for kinds that have them, length buckets. */
export async function SubmissionCharts({ task, sub, score }: { task: ResolvedTask; sub: Sub; score: NonNullable<ReturnType<typeof currentScore<Sub["scores"][number]>>> }) {
  const d = await submissionChartData(await getDb(), task, sub, score);
  const Kind = kindUi(task.kindName).SubmissionCharts;
  const kind = Kind && d.kindCharts ? <Kind data={d.kindCharts} base={{ submission: { id: sub.id, model: sub.model }, metrics: score.metrics as Metrics, total: score.total }} /> : null;
  if (!kind && !d.lengthSide) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {kind}
      {d.lengthSide && !score.release.hidden ? <LengthCard side={d.lengthSide} lengths={d.lengths} total={score.total} /> : null}
    </div>
  );
}
