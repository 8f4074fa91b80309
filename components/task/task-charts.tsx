import { DotWhisker, dotWhiskerAxis } from "@/components/charts/dot-whisker";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { HistoryChart } from "@/components/charts/history-chart";
import { ScatterFront } from "@/components/charts/scatter-front";
import { kindUi } from "@/components/tasks";
import { Card, EmptyState } from "@/components/ui/card";
import type { taskChartData } from "@/lib/server/leaderboard";
import { LengthChart } from "./length-chart";

/** A length-bucket chart of the overlaid series, or why there is none (any kind with length buckets). */
export function LengthCard({
  side,
  lengths,
  total,
}: {
  side: "input" | "output";
  lengths: Parameters<typeof LengthChart>[0]["data"] | null;
  total: number;
}) {
  const what = side === "input" ? "issue texts" : "patches";
  return (
    <Card
      title={`Bouncing by ${side === "input" ? "issue length (words)" : "patch length (characters)"}`}
      className="lg:col-span-2"
    >
      {lengths ? (
        <LengthChart data={lengths} testId="chart-length" total={total} />
      ) : (
        <EmptyState title="No length chart for this release">
          This release carries no {what}, so instances cannot be bucketed by length. Import a release with{" "}
          {side === "input" ? "problem_statement" : "patch"} to see it.
        </EmptyState>
      )}
    </Card>
  );
}

type ChartData = Awaited<ReturnType<typeof taskChartData>>;

/**
 * The primary metric of the board's first rows with their 95% intervals: bars from 0 when the
 * values fill the axis from 0; when they sit in a narrow band far from it (the top 24 of 1,000
 * systems within 0.03), dots with their intervals on an axis near the data that says it does not
 * start at 0 — bars from a cut axis would mislead, bars from 0 would flatten every difference.
 */
function PrimaryCard({ d }: { d: Omit<ChartData, "kindCharts"> }) {
  const rows = d.primaryBars.map((b) => ({
    name: b.name,
    value: b.value,
    low: b.value - b.err[0],
    high: b.value + b.err[1],
  }));
  return (
    <Card title={`${d.primaryLabel} with 95% bootstrap intervals`}>
      {dotWhiskerAxis(rows).hasZero ? (
        <GroupedBars
          data={d.primaryBars.map((b) => ({ name: b.name, [d.primaryMetric]: b.value, err: b.err }))}
          xKey="name"
          series={[{ key: d.primaryMetric, label: d.primaryLabel, errorKey: "err" }]}
          percent={d.primaryPercent}
          yDomain={[0, "auto"]}
          testId="chart-primary"
        />
      ) : (
        <DotWhisker
          rows={rows}
          label={d.primaryLabel}
          intervalLabel="95% bootstrap interval"
          percent={d.primaryPercent}
          testId="chart-primary"
        />
      )}
    </Card>
  );
}

/**
 * The task-level charts across the submissions the leaderboard view shows: the shared ones, then
 * the kind's own (components/tasks/<kind>). The page starts loading their data; they stream in.
 */
export async function TaskCharts({ data }: { data: ReturnType<typeof taskChartData> }) {
  const { kindCharts, ...d } = await data;
  if (!d.primaryBars.length) return null;
  const Kind = kindUi(d.kind).TaskCharts;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PrimaryCard d={d} />
      {d.history.points.length ? (
        <Card title={`Best ${d.primaryLabel} over time`}>
          <HistoryChart data={d.history} label={d.primaryLabel} asPercent={d.primaryPercent} testId="chart-history" />
        </Card>
      ) : null}
      {Kind && kindCharts ? <Kind data={kindCharts} base={d} /> : null}
      {d.lengthSide && !d.hidden ? <LengthCard side={d.lengthSide} lengths={d.lengths} total={d.instances} /> : null}
      {d.cost ? (
        <Card title={`Cost vs ${d.primaryLabel} (Pareto front)`}>
          <ScatterFront
            points={d.cost.points}
            front={d.cost.front}
            xLabel="cost (USD)"
            yLabel={d.primaryLabel}
            yPercent={d.primaryPercent}
            testId="chart-cost"
          />
        </Card>
      ) : null}
    </div>
  );
}
