import { Curves } from "@/components/charts/curves";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { PrChart } from "@/components/charts/pr-chart";
import { ThresholdExplorer } from "@/components/charts/threshold-explorer";
import { Card } from "@/components/ui/card";
import { DataTable, numberColumn, valueColumn } from "@/components/ui/data-table";
import { KeyValues } from "@/components/ui/key-values";
import { f3, pct, fixed, percent } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import { scoredAbstention } from "@/lib/tasks/scored-abstention";
import type { DetailsOf, SubmissionChartsOf } from "@/lib/tasks/define";
import { defineKindUi } from "../define";
import { pre } from "../generic";
import { AvSubmissionExtras } from "./extras";

const lift = (x: number | null | undefined) => (x === null || x === undefined ? "NA" : `${fixed(x, 2)}×`);

/** Abstain-and-Validate: policies, success@k, lift per category, the threshold explorer. */
export const scoredAbstentionUi = defineKindUi(scoredAbstention, {
  ScoreDetails: ({ details, metrics }) => {
    const m = (k: string) => getMetric(metrics, k);
    return (
      <>
        <Card title="Funnel (filtered success@1)">
          <KeyValues
            caption="Bugs and filtered success@1 per stage"
            testId="av-funnel"
            rows={details.funnel.map((s) => [s.stage, `${s.bugs} bugs · ${pct(s.success_at_1)}`])}
          />
          <p className="mt-2 text-xs text-muted">
            τ = {String(details.tau)}; percentile cutoffs p75 = {f3(details.cutoffs.p75)}, p90 ={" "}
            {f3(details.cutoffs.p90)} over patch scores that pass the regression filter (and have a patch). The
            abstention stage drops trajectories without a patch (the paper&apos;s Figure 9).
          </p>
          {details.zeroShare !== undefined && details.zeroShare >= 0.75 ? (
            <p className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-testid="zero-share-note">
              {pct(details.zeroShare)} of the filtered patches score 0 (rejected): the 75th percentile is 0, so p75
              keeps every one of them — rejected patches included. Compare with the binary decision.
            </p>
          ) : null}
        </Card>
        <Card title="Decisions">
          <KeyValues
            caption="Abstention and validation decisions"
            rows={[
              [
                "Abstention precision / recall / FPR at τ",
                `${pct(m("abstention_precision"))} / ${pct(m("abstention_recall"))} / ${pct(m("abstention_fpr"))}`,
              ],
              [
                "Validation (binary) precision / recall / FPR",
                `${pct(m("validation_precision"))} / ${pct(m("validation_recall"))} / ${pct(m("validation_fpr"))}`,
              ],
              ["Abstention AP / validation AP", `${f3(m("abstention_ap"))} / ${f3(m("validation_ap"))}`],
              ["Wasserstein (scores vs empirical success)", f3(m("wasserstein"))],
            ]}
          />
        </Card>
        <Card title="Lift per bug category" className="lg:col-span-2">
          <LiftTable lift={details.lift} />
        </Card>
      </>
    );
  },
  TaskCharts: ({ data }) => {
    const cats = [...new Set(data.lift.flatMap((l) => l.lift.map((x) => x.category)))];
    return (
      <>
        <Card title="Abstention: precision–recall (fixable bugs)">
          <PrChart curves={data.abstentionPr} prevalence={data.prevalence?.fixable} testId="chart-abstention-pr" />
        </Card>
        <Card title="Validation: precision–recall (successful trajectories)">
          <PrChart
            curves={data.validationPr}
            prevalence={data.prevalence?.trajectorySuccess}
            testId="chart-validation-pr"
          />
        </Card>
        <Card title="Filtered success@1 by policy" className="lg:col-span-2">
          <GroupedBars
            data={data.byPolicy}
            xKey="policy"
            series={data.seriesNames.map((n) => ({ key: n, label: n }))}
            percent
            yDomain={[0, "auto"]}
            testId="chart-policies"
          />
        </Card>
        <Card title="Lift of the combined policy per bug category (paper Table 2)" className="lg:col-span-2">
          <DataTable
            rows={cats}
            rowKey={(c) => c}
            caption="Lift of the combined policy per bug category, per submission"
            testId="lift-table"
            columns={[
              { key: "category", header: "category", rowHeader: true, sort: (c) => c, cell: (c) => c },
              ...data.lift.map((l) => {
                const v = (c: string) => l.lift.find((x) => x.category === c)?.combined_binary;
                return {
                  key: l.name,
                  header: l.name,
                  align: "right" as const,
                  sort: v,
                  cell: (c: string) => lift(v(c)),
                };
              }),
            ]}
          />
          <p className="mt-2 text-xs text-muted">
            Filtered success@1 of the combined policy over the category&apos;s bugs ÷ their unfiltered pass@1; NA when
            the policy keeps none of them or none succeeds.
          </p>
        </Card>
      </>
    );
  },
  SubmissionCharts: ({ data: d, base }) => {
    const policies = Object.keys(d.successAtK);
    return (
      <>
        <Card title="Abstention: precision–recall">
          {d.abstentionPr ? (
            <PrChart
              curves={[{ name: base.submission.model, curve: d.abstentionPr }]}
              prevalence={d.prevalence.fixable}
              testId="chart-abstention-pr"
            />
          ) : (
            <p className="text-sm text-muted">
              A validation-only release: its bugs are eligible for repair by construction (machine-reported), so there
              is no abstention to measure.
            </p>
          )}
        </Card>
        <Card title="Validation: precision–recall">
          <PrChart
            curves={d.validationPr && [{ name: base.submission.model, curve: d.validationPr }]}
            prevalence={d.prevalence.trajectorySuccess}
            testId="chart-validation-pr"
          />
        </Card>
        <CalibrationCard d={d} wasserstein={getMetric(base.metrics, "wasserstein")} />
        <Card title="Funnel of bugs by stage">
          <GroupedBars
            data={d.funnel.map((s) => ({ stage: `${s.stage} (${percent(s.success_at_1, 1)})`, bugs: s.bugs }))}
            xKey="stage"
            series={[{ key: "bugs", label: "bugs (filtered success@1 in brackets)" }]}
            testId="chart-funnel"
          />
        </Card>
        <Card title="pass@k and filtered success@k by policy" className="lg:col-span-2">
          <Curves
            series={policies.map((p) => ({
              name: p.replace(/_/g, "-"),
              points: d.successAtK[p].map((v, i) => ({ x: i + 1, y: v.value })),
            }))}
            xLabel="k"
            yLabel="filtered success@k"
            xDomain={[1, Math.max(1, ...policies.map((p) => d.successAtK[p].length))]}
            xPercent={false}
            testId="chart-success-at-k"
          />
        </Card>
        {d.passAndValidationAtK ? <PassAndValidationCard d={d} pv={d.passAndValidationAtK} /> : null}
        <Card title="Threshold explorer" className="lg:col-span-2">
          <ThresholdExplorer bugs={d.bugs} />
        </Card>
        <AvSubmissionExtras data={d} />
      </>
    );
  },
  InstanceView: ({ metadata }) => (
    <>
      <p className="font-medium">{metadata.title}</p>
      {metadata.description ? <pre className={pre}>{metadata.description}</pre> : null}
    </>
  ),
});

type Details = DetailsOf<typeof scoredAbstention>;
type SubmissionData = NonNullable<SubmissionChartsOf<typeof scoredAbstention>>;

/** Each policy's lift per bug category (paper Table 2). */
function LiftTable({ lift: rows }: { lift: Details["lift"] }) {
  return (
    <DataTable
      rows={rows}
      rowKey={(l) => l.category}
      caption="Lift of each policy per bug category (paper Table 2)"
      testId="lift"
      columns={[
        valueColumn("category", "category", "category", { rowHeader: true }),
        numberColumn("bugs", "bugs", "bugs"),
        numberColumn("pass_at_1", "pass@1", "pass_at_1", pct),
        ...(
          [
            ["abstention", "abstention"],
            ["regression", "repro-test / regression"],
            ["validation_binary", "validation-binary"],
            ["validation_p75", "validation-p75"],
            ["validation_p90", "validation-p90"],
            ["combined_binary", "combined-binary"],
            ["combined_p75", "combined-p75"],
            ["combined_p90", "combined-p90"],
          ] as const
        ).map(([key, header]) => numberColumn(key, header, key, lift)),
      ]}
    />
  );
}

/** The abstention scores against the bugs' empirical success rates, binned (calibration). */
function CalibrationCard({ d, wasserstein }: { d: SubmissionData; wasserstein: number | null }) {
  return (
    <Card title="Predicted vs empirical success (bugs per bin)">
      <GroupedBars
        data={d.histogram.predicted.map((n, i) => ({
          bin: `${i * 10}–${i * 10 + 10}%`,
          predicted: n,
          empirical: d.histogram.empirical[i],
        }))}
        xKey="bin"
        series={[
          { key: "predicted", label: "abstention score" },
          { key: "empirical", label: "empirical success rate" },
        ]}
        testId="chart-histogram"
      />
      <p className="mt-1 text-xs text-muted">Wasserstein distance {f3(wasserstein)} (lower is better calibrated).</p>
    </Card>
  );
}

/** The paper's Figure 7: (pass & validation)@k against pass@k. */
function PassAndValidationCard({
  d,
  pv,
}: {
  d: SubmissionData;
  pv: NonNullable<SubmissionData["passAndValidationAtK"]>;
}) {
  return (
    <Card title="(pass & validation)@k: what validation costs in resolved bugs" className="lg:col-span-2">
      <Curves
        series={[
          {
            name: "pass@k (no filter)",
            points: (d.successAtK.no_filter ?? []).map((v, i) => ({ x: i + 1, y: v.value })),
          },
          ...Object.entries(pv).map(([dec, ys]) => ({
            name: `pass & validation-${dec}`,
            points: ys.map((y, i) => ({ x: i + 1, y })),
          })),
        ]}
        xLabel="k"
        yLabel="share of bugs"
        xDomain={[1, Math.max(1, pv.binary?.length ?? 1)]}
        xPercent={false}
        testId="chart-pass-and-validation"
      />
      <p className="mt-1 text-xs text-muted">
        The paper&apos;s Figure 7: at least one of k sampled trajectories both passes the held-out test and is accepted
        by the validation — the stricter the decision, the more resolved bugs it gives up.
      </p>
    </Card>
  );
}
