import { GroupedBars } from "@/components/charts/grouped-bars";
import { PrChart } from "@/components/charts/pr-chart";
import { RadarOverlay } from "@/components/charts/radar-overlay";
import { ScatterFront } from "@/components/charts/scatter-front";
import { Card, EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/db";
import { taskChartData } from "@/lib/server/charts";
import type { LeaderboardView } from "@/lib/validations/leaderboard-view";
import { LengthChart } from "./length-chart";

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`);

/** The task-level charts across the submissions the leaderboard view shows. */
export async function TaskCharts({ fullSlug, view }: { fullSlug: string; view: LeaderboardView }) {
  const d = await taskChartData(await getDb(), fullSlug, view);
  if (!d.primaryBars.length) return null;
  const primary = (
    <Card title={`${d.primaryLabel} with 95% bootstrap intervals`}>
      <GroupedBars
        data={d.primaryBars.map((b) => ({ name: b.name, [d.primaryMetric]: b.value, err: b.err }))}
        xKey="name"
        series={[{ key: d.primaryMetric, label: d.primaryLabel, errorKey: "err" }]}
        percent={d.primaryPercent}
        yDomain={[0, "auto"]}
        testId="chart-primary"
      />
    </Card>
  );
  const cost = d.cost ? (
    <Card title={`Cost vs ${d.primaryLabel} (Pareto front)`}>
      <ScatterFront points={d.cost.points} front={d.cost.front} xLabel="cost (USD)" yLabel={d.primaryLabel} yPercent={d.primaryPercent} testId="chart-cost" />
    </Card>
  ) : null;
  const noLengths = (what: string) => (
    <EmptyState title="No length chart for this release">
      This release carries no {what}, so instances cannot be bucketed by length. Import a release with {what === "issue texts" ? "problem_statement" : "patch"} to see it.
    </EmptyState>
  );

  let specific: React.ReactNode = null;
  if (d.kind === "binary_abstention" && "perClass" in d) {
    specific = (
      <>
        <Card title="F1 per class">
          <GroupedBars
            data={d.perClass}
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
        <Card title={`Bouncing by ${d.side === "input" ? "issue length (words)" : "patch length (characters)"}`} className="lg:col-span-2">
          {d.lengths ? <LengthChart data={d.lengths} testId="chart-length" total={d.instances} /> : noLengths(d.side === "input" ? "issue texts" : "patches")}
        </Card>
        {d.pr.length ? (
          <Card title="Precision–recall of the bounce score" className="lg:col-span-2">
            <PrChart curves={d.pr} testId="chart-pr" />
          </Card>
        ) : null}
      </>
    );
  } else if (d.kind === "bouncer_pipeline" && "tableIV" in d) {
    specific = (
      <>
        <Card title="Before / after / lost (paper Table IV)">
          <table className="w-full text-sm" data-testid="table-iv">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-1">bouncers</th>
                <th className="py-1 text-right">before</th>
                <th className="py-1 text-right">after</th>
                <th className="py-1 text-right">lost</th>
              </tr>
            </thead>
            <tbody>
              {d.tableIV.map((r) => (
                <tr key={r.name} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">{r.name}</td>
                  <td className="py-1 text-right tabular-nums">{pct(r.before)}</td>
                  <td className="py-1 text-right tabular-nums">{pct(r.after)}</td>
                  <td className="py-1 text-right tabular-nums">{pct(r.lost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted">Before is the release&apos;s share of correct patches (the same for all); after is the share of correct patches among those shown.</p>
        </Card>
        <Card title="Input bouncing by issue length" className="lg:col-span-2">
          {d.lengths ? <LengthChart data={d.lengths} testId="chart-length" total={d.instances} /> : noLengths("issue texts")}
        </Card>
      </>
    );
  } else if (d.kind === "scored_abstention" && "byPolicy" in d) {
    const prev = d.prevalence;
    specific = (
      <>
        <Card title="Abstention: precision–recall (fixable bugs)">
          <PrChart curves={d.abstentionPr} prevalence={prev?.fixable} testId="chart-abstention-pr" />
        </Card>
        <Card title="Validation: precision–recall (successful trajectories)">
          <PrChart curves={d.validationPr} prevalence={prev?.trajectorySuccess} testId="chart-validation-pr" />
        </Card>
        <Card title="Filtered success@1 by policy" className="lg:col-span-2">
          <GroupedBars data={d.byPolicy} xKey="policy" series={d.seriesNames.map((n) => ({ key: n, label: n }))} percent yDomain={[0, "auto"]} testId="chart-policies" />
        </Card>
        <Card title="Lift of the combined policy per bug category (paper Table 2)" className="lg:col-span-2">
          <table className="w-full text-sm" data-testid="lift-table">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-1">category</th>
                {d.lift.map((l) => (
                  <th key={l.name} className="py-1 text-right">
                    {l.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...new Set(d.lift.flatMap((l) => l.lift.map((x) => x.category)))].map((cat) => (
                <tr key={cat} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">{cat}</td>
                  {d.lift.map((l) => {
                    const v = l.lift.find((x) => x.category === cat)?.combined_binary;
                    return (
                      <td key={l.name} className="py-1 text-right tabular-nums">
                        {v === null || v === undefined ? "NA" : `${v.toFixed(2)}×`}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-muted">Filtered success@1 of the combined policy over the category&apos;s bugs ÷ their unfiltered pass@1; NA when the policy keeps none of them or none succeeds.</p>
        </Card>
      </>
    );
  } else if (d.kind === "ci_repair" && "counts" in d) {
    specific = (
      <Card title="Patches generated, plausible, equivalent, correct" className="lg:col-span-2">
        <GroupedBars
          data={d.counts}
          xKey="name"
          series={[
            { key: "PG", label: "PG (server)" },
            { key: "PL", label: "PL (reported)" },
            { key: "SYE", label: "SYE (server)" },
            { key: "CO", label: "CO (reported)" },
          ]}
          testId="chart-ci"
        />
      </Card>
    );
  } else if ("judgments" in d) {
    specific = (
      <>
        <Card title="Comments by judgment">
          <GroupedBars
            data={d.judgments}
            xKey="name"
            series={[
              { key: "bug_hit", label: "bug hit", stackId: "c", color: "#009E73" },
              { key: "valid_suggestion", label: "valid suggestion", stackId: "c", color: "#56B4E9" },
              { key: "noise", label: "noise", stackId: "c", color: "#D55E00" },
            ]}
            testId="chart-judgments"
          />
        </Card>
        <Card title="Signal-to-noise vs recall">
          <ScatterFront points={d.snr} xLabel="recall" yLabel="SNR" xPercent testId="chart-snr" />
        </Card>
        {(["category", "impact", "severity"] as const).map((dim) => (
          <Card key={dim} title={`Recall by ${dim}`}>
            <RadarOverlay axes={d.radar[dim].axes} series={d.radar[dim].series} testId={`chart-radar-${dim}`} />
          </Card>
        ))}
      </>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {primary}
      {specific}
      {cost}
    </div>
  );
}
