import { Curves } from "@/components/charts/curves";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { PrChart } from "@/components/charts/pr-chart";
import { RadarOverlay } from "@/components/charts/radar-overlay";
import { SankeyFunnel } from "@/components/charts/sankey-funnel";
import { ThresholdExplorer } from "@/components/charts/threshold-explorer";
import { LengthChart } from "@/components/task/length-chart";
import { Card, EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/db";
import { submissionChartData } from "@/lib/server/submission-charts";
import type { currentScore, getSubmissionOrThrow } from "@/lib/server/submissions";
import type { ResolvedTask } from "@/lib/server/tasks";

type Sub = Awaited<ReturnType<typeof getSubmissionOrThrow>>;


/** Charts of one submission's score, per task kind. */
export async function SubmissionCharts({ task, sub, score }: { task: ResolvedTask; sub: Sub; score: NonNullable<ReturnType<typeof currentScore<Sub["scores"][number]>>> }) {
  const d = await submissionChartData(await getDb(), task, sub, score);
  if (d.kind === "binary_abstention") {
    const perClass = (d.perClass ?? []) as { cls: string; precision: number; recall: number; f1: number }[];
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Precision, recall and F1 per class">
          <GroupedBars
            data={perClass.map((c) => ({ cls: c.cls, precision: c.precision, recall: c.recall, F1: c.f1 }))}
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
        <Card title={`Bouncing by ${d.side === "input" ? "issue length" : "patch length"}`}>
          {d.lengths ? (
            <LengthChart data={d.lengths} testId="chart-length" total={score.total} />
          ) : (
            <EmptyState title="No length chart for this release">This release carries no {d.side === "input" ? "issue texts" : "patches"}, so instances cannot be bucketed by length.</EmptyState>
          )}
        </Card>
        {d.pr ? (
          <Card title="Precision–recall of the bounce score" className="lg:col-span-2">
            <PrChart curves={[{ name: sub.model, curve: d.pr }]} testId="chart-pr" />
          </Card>
        ) : null}
      </div>
    );
  }
  if (d.kind === "bouncer_pipeline") {
    return (
      <Card title="Pipeline (Sankey): input bouncer → agent → output bouncer → user">
        <SankeyFunnel data={d.sankey} testId="chart-sankey" />
        <p className="mt-2 text-xs text-muted">Links from “All issues” are coloured by the ticket (orange vague, light blue clear); the rest by the patch (green correct, vermilion incorrect).</p>
      </Card>
    );
  }
  if (d.kind === "scored_abstention") {
    const policies = Object.keys(d.successAtK);
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Abstention: precision–recall">
          <PrChart curves={d.abstentionPr && [{ name: sub.model, curve: d.abstentionPr }]} prevalence={d.prevalence.fixable} testId="chart-abstention-pr" />
        </Card>
        <Card title="Validation: precision–recall">
          <PrChart curves={d.validationPr && [{ name: sub.model, curve: d.validationPr }]} prevalence={d.prevalence.trajectorySuccess} testId="chart-validation-pr" />
        </Card>
        <Card title="Predicted vs empirical success (bugs per bin)">
          <GroupedBars
            data={d.histogram.predicted.map((n, i) => ({ bin: `${i * 10}–${i * 10 + 10}%`, predicted: n, empirical: d.histogram.empirical[i] }))}
            xKey="bin"
            series={[
              { key: "predicted", label: "abstention score" },
              { key: "empirical", label: "empirical success rate" },
            ]}
            testId="chart-histogram"
          />
          <p className="mt-1 text-xs text-muted">Wasserstein distance {Number(score.metrics && (score.metrics as Record<string, number>).wasserstein).toFixed(3)} (lower is better calibrated).</p>
        </Card>
        <Card title="Funnel of bugs by stage">
          <GroupedBars data={d.funnel.map((s) => ({ stage: `${s.stage} (${(s.success_at_1 * 100).toFixed(1)}%)`, bugs: s.bugs }))} xKey="stage" series={[{ key: "bugs", label: "bugs (filtered success@1 in brackets)" }]} testId="chart-funnel" />
        </Card>
        <Card title="pass@k and filtered success@k by policy" className="lg:col-span-2">
          <Curves
            series={policies.map((p) => ({ name: p.replace(/_/g, "-"), points: d.successAtK[p].map((v, i) => ({ x: i + 1, y: v.value })) }))}
            xLabel="k"
            yLabel="filtered success@k"
            xDomain={[1, 5]}
            xPercent={false}
            testId="chart-success-at-k"
          />
        </Card>
        <Card title="Threshold explorer" className="lg:col-span-2">
          {d.bugs ? <ThresholdExplorer bugs={d.bugs} /> : <ThresholdExplorer endpoint={`/api/v1/submissions/${sub.id}/policy`} />}
        </Card>
      </div>
    );
  }
  if (d.kind === "code_review") {
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Comments by judgment">
          <GroupedBars
            data={[{ name: sub.model, bug_hit: d.counts.bugHit, valid_suggestion: d.counts.validSuggestion, noise: d.counts.noise }]}
            xKey="name"
            series={[
              { key: "bug_hit", label: "bug hit", stackId: "c", color: "#009E73" },
              { key: "valid_suggestion", label: "valid suggestion", stackId: "c", color: "#56B4E9" },
              { key: "noise", label: "noise", stackId: "c", color: "#D55E00" },
            ]}
            testId="chart-judgments"
          />
        </Card>
        {Object.entries(d.recallBy).map(([dim, rows]) => (
          <Card key={dim} title={`Recall by ${dim}`}>
            <RadarOverlay axes={rows.map((r) => r.value)} series={[{ name: sub.model, values: rows.map((r) => r.recall) }]} testId={`chart-radar-${dim}`} />
          </Card>
        ))}
      </div>
    );
  }
  return null;
}
