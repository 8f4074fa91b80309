import { SankeyFunnel } from "@/components/charts/sankey-funnel";
import { Card } from "@/components/ui/card";
import { DataTable, numberColumn, valueColumn } from "@/components/ui/data-table";
import { KeyValues } from "@/components/ui/key-values";
import { pct } from "@/lib/format";
import { bouncerPipeline } from "@/lib/tasks/bouncer-pipeline";
import { BounceScoreDetails } from "../binary-abstention/score-details";
import { defineKindUi } from "../define";
import { BounceInstanceView } from "../binary-abstention/instance-view";

/** BouncerBench Lite: the pipeline of an input and an output bouncer. */
export const bouncerPipelineUi = defineKindUi(bouncerPipeline, {
  ScoreDetails: ({ details }) => {
    const f = details.funnel;
    return (
      <>
        <Card title="Pipeline funnel" className="lg:col-span-2">
          <KeyValues
            caption="Pipeline funnel"
            testId="pipeline-funnel"
            rows={[
              ["All instances", f.all],
              ["Input bounced (vague / clear)", `${f.input_bounced_vague} / ${f.input_bounced_clear}`],
              ["Input passed (vague / clear)", `${f.input_passed_vague} / ${f.input_passed_clear}`],
              ["Agent patches (correct / incorrect)", `${f.agent_correct} / ${f.agent_incorrect}`],
              ["Output bounced (correct / incorrect)", `${f.output_bounced_correct} / ${f.output_bounced_incorrect}`],
              ["Shown to the user (correct / incorrect)", `${f.shown_correct} / ${f.shown_incorrect}`],
              ["Before: correct / all patches", pct(details.before)],
              ["After: correct / shown", pct(details.after)],
              ["Lost: correct patches bounced", pct(details.lost)],
            ]}
          />
        </Card>
        <BounceScoreDetails details={details.input} title="Input · " />
        <BounceScoreDetails details={details.output} title="Output · " />
      </>
    );
  },
  TaskCharts: ({ data }) => (
    <Card title="Before / after / lost (paper Table IV)">
      <DataTable
        rows={data.tableIV}
        rowKey={(r) => r.name}
        caption="Before, after and lost per pipeline (paper Table IV)"
        testId="table-iv"
        columns={[
          valueColumn("name", "bouncers", "name", { rowHeader: true }),
          numberColumn("before", "before", "before", pct),
          numberColumn("after", "after", "after", pct),
          numberColumn("lost", "lost", "lost", pct, { firstDir: "asc" }),
        ]}
      />
      <p className="mt-2 text-xs text-muted">
        Before is the release&apos;s share of correct patches (the same for all); after is the share of correct patches
        among those shown.
      </p>
    </Card>
  ),
  SubmissionCharts: ({ data }) =>
    data.sankey ? (
      <Card title="Pipeline (Sankey): input bouncer → agent → output bouncer → user" className="lg:col-span-2">
        <SankeyFunnel data={data.sankey} testId="chart-sankey" />
        <p className="mt-2 text-xs text-muted">
          Links from “All issues” are coloured by the ticket (orange vague, light blue clear); the rest by the patch
          (green correct, vermilion incorrect).
        </p>
      </Card>
    ) : null,
  InstanceView: BounceInstanceView,
});
