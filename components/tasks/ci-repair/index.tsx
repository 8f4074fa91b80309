import { GroupedBars } from "@/components/charts/grouped-bars";
import { CiTable1 } from "./table-1";
import { Card } from "@/components/ui/card";
import { KeyValues } from "@/components/ui/key-values";
import { pct } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import { ciRepair } from "@/lib/tasks/ci-repair";
import { defineKindUi } from "../define";
import { pre } from "../generic";

/** CI-Bench: patches generated, plausible, equivalent, correct. */
export const ciRepairUi = defineKindUi(ciRepair, {
  ScoreDetails: ({ details, metrics }) => {
    const m = (k: string) => getMetric(metrics, k);
    return (
      <Card title="Patches" className="lg:col-span-2">
        <KeyValues
          caption="Patches by outcome"
          testId="ci-counts"
          rows={[
            ["Artifacts", m("artifacts")],
            ["Patches generated (PG, server)", `${m("PG")} (${pct(m("PG_rate"))})`],
            ["Plausible (PL, reported)", `${m("PL")} (${pct(m("PL_rate"))})`],
            ["Syntactically equivalent (SYE, server)", `${m("SYE")} (${pct(m("SYE_rate"))})`],
            ["Correct (CO, reported)", `${m("CO")} (${pct(m("CO_rate"))})`],
            [
              "Lexers used",
              Object.entries(details.lexers)
                .map(([k, v]) => `${k}: ${v}`)
                .join(", ") || "—",
            ],
          ]}
        />
      </Card>
    );
  },
  TaskCharts: ({ data }) => (
    <>
      {data.table1 ? <CiTable1 table={data.table1} /> : null}
      <Card title="Patches generated, plausible, equivalent, correct" className="lg:col-span-2">
        <GroupedBars
          data={data.counts}
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
    </>
  ),
  InstanceView: ({ metadata }) => (
    <details>
      <summary className="cursor-pointer text-sm">Pre-fix files ({Object.keys(metadata.files).length})</summary>
      {Object.entries(metadata.files).map(([p, c]) => (
        <div key={p}>
          <p className="mt-2 font-mono text-xs">{p}</p>
          <pre className={pre}>{c}</pre>
        </div>
      ))}
    </details>
  ),
  // the tool's patch beside the developer's (the truth: not on a hidden release)
  PredictionView: ({ prediction, truth }) =>
    truth ? (
      <details>
        <summary className="cursor-pointer">developer vs tool patch</summary>
        <div className="mt-1 grid grid-cols-2 gap-2" data-testid="diff-side-by-side">
          <pre className="overflow-x-auto rounded bg-slate-50 p-1 dark:bg-slate-900">{truth.developer_patch}</pre>
          <pre className="overflow-x-auto rounded bg-slate-50 p-1 dark:bg-slate-900">
            {prediction.patch ?? "(no patch)"}
          </pre>
        </div>
      </details>
    ) : (
      <pre className={pre}>{prediction.patch ?? "(no patch)"}</pre>
    ),
});
