import { GroupedBars } from "@/components/charts/grouped-bars";
import { RadarOverlay } from "@/components/charts/radar-overlay";
import { ScatterFront } from "@/components/charts/scatter-front";
import { Card } from "@/components/ui/card";
import { KeyValues } from "@/components/ui/key-values";
import { DataTable, valueColumn } from "@/components/ui/data-table";
import { formatMetric, pct } from "@/lib/format";
import type { reviewTable4 } from "@/lib/tasks/code-review/chart-data";
import { codeReview } from "@/lib/tasks/code-review";
import { defineKindUi } from "../define";
import { pre } from "../generic";

const JUDGMENT_SERIES = [
  { key: "bug_hit", label: "bug hit", stackId: "c", color: "#009E73" },
  { key: "valid_suggestion", label: "valid suggestion", stackId: "c", color: "#56B4E9" },
  { key: "noise", label: "noise", stackId: "c", color: "#D55E00" },
];
const DIMS = ["category", "impact", "severity"] as const;

/** CR-Bench: comments by judgment, recall by the bug taxonomy. */
export const codeReviewUi = defineKindUi(codeReview, {
  ScoreDetails: ({ details }) => {
    const c = details.counts;
    return (
      <>
        <Card title="Comments">
          <KeyValues
            caption="Comments by judgment"
            testId="cr-counts"
            rows={[
              ["PRs reviewed / with a bug hit", `${c.prs} / ${c.hit}`],
              ["Bug-hit comments", c.bugHit],
              ["Valid suggestions", c.validSuggestion],
              ["Noise", c.noise],
            ]}
          />
        </Card>
        {DIMS.map((dim) => (
          <Card key={dim} title={`Recall by ${dim}`}>
            <KeyValues
              caption={`Recall by ${dim}`}
              rows={details.recallBy[dim].map((r) => [r.value, `${r.hits}/${r.prs} · ${pct(r.recall)}`])}
            />
          </Card>
        ))}
      </>
    );
  },
  TaskCharts: ({ data }) => (
    <>
      <Card title="Comments by judgment">
        <GroupedBars data={data.judgments} xKey="name" series={JUDGMENT_SERIES} testId="chart-judgments" />
      </Card>
      <Card title="Signal-to-noise vs recall">
        <ScatterFront points={data.snr} xLabel="recall" yLabel="SNR" xPercent testId="chart-snr" />
      </Card>
      {DIMS.map((dim) => (
        <Card key={dim} title={`Recall by ${dim}`}>
          <RadarOverlay axes={data.radar[dim].axes} series={data.radar[dim].series} testId={`chart-radar-${dim}`} />
        </Card>
      ))}
      {data.table4 ? <TableFour t={data.table4} /> : null}
    </>
  ),
  SubmissionCharts: ({ data, base }) => (
    <>
      <Card title="Comments by judgment">
        <GroupedBars
          data={[
            {
              name: base.submission.model,
              bug_hit: data.counts.bugHit,
              valid_suggestion: data.counts.validSuggestion,
              noise: data.counts.noise,
            },
          ]}
          xKey="name"
          series={JUDGMENT_SERIES}
          testId="chart-judgments"
        />
      </Card>
      {DIMS.map((dim) => (
        <Card key={dim} title={`Recall by ${dim}`}>
          <RadarOverlay
            axes={data.recallBy[dim].map((r) => r.value)}
            series={[{ name: base.submission.model, values: data.recallBy[dim].map((r) => r.recall) }]}
            testId={`chart-radar-${dim}`}
          />
        </Card>
      ))}
    </>
  ),
  InstanceView: ({ metadata }) => (
    <>
      <p className="font-medium">
        {metadata.title}{" "}
        <span className="text-xs text-muted">
          ({metadata.repo} #{metadata.pr_number})
        </span>
      </p>
      {metadata.description ? (
        <>
          <p className="mt-2 text-xs text-muted">PR description</p>
          <pre className={pre} data-testid="pr-description">
            {metadata.description}
          </pre>
        </>
      ) : null}
      <pre className={pre}>{metadata.diff}</pre>
    </>
  ),
});

type Table4 = NonNullable<ReturnType<typeof reviewTable4>>;

/** The paper's Table 4 as the board has it: recall, precision, F1 (both readings), usefulness, SNR per system. */
function TableFour({ t }: { t: Table4 }) {
  type Row = Table4["rows"][number];
  return (
    <Card title={t.title} className="lg:col-span-2">
      <DataTable
        rows={t.rows}
        rowKey={(r) => r.id}
        caption={t.caption}
        testId="cr-table-4"
        columns={[
          valueColumn("name", "system", "name", { rowHeader: true }),
          { key: "agent", header: "agent", sort: (r: Row) => r.agent ?? "", cell: (r: Row) => r.agent ?? "—" },
          ...t.columns.map((c) => ({
            key: c.key,
            header: c.label,
            align: "right" as const,
            sort: (r: Row) => r.values[c.key],
            cell: (r: Row) => formatMetric(r.values[c.key], c.format),
          })),
        ]}
      />
    </Card>
  );
}
