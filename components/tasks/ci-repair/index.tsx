import { GroupedBars } from "@/components/charts/grouped-bars";
import { Card } from "@/components/ui/card";
import { KeyValues } from "@/components/ui/key-values";
import { pct } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import { ciRepair } from "@/lib/tasks/ci-repair";
import { defineKindUi } from "../define";

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
            ["Lexers used", Object.entries(details.lexers).map(([k, v]) => `${k}: ${v}`).join(", ") || "—"],
          ]}
        />
      </Card>
    );
  },
  TaskCharts: ({ data }) => (
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
  ),
});
