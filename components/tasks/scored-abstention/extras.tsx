import { z } from "zod";
import { Curves } from "@/components/charts/curves";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { Card, EmptyState } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { f3, fixed, formatInt, pct } from "@/lib/format";
import { AvExtraCharts, type AvClassRow } from "@/lib/tasks/scored-abstention/chart-data";
import { ReportTraitsCard } from "./report-traits-card";

const WithExtras = z.object({ avExtras: AvExtraCharts });

/**
 * Abstain-and-Validate's submission-page additions: filtered success@k at every k, Table 4 (both
 * classes of each validation decision), Figure 14 and Figure 15. Takes a kind's chart data as
 * the page has it and draws nothing unless it is A&V's (parsed with its schema, never by name).
 */
export function AvSubmissionExtras({ data }: { data: unknown }) {
  const parsed = WithExtras.safeParse(data);
  if (!parsed.success) return null;
  const x = parsed.data.avExtras;
  return (
    <>
      <SuccessAtKTable x={x} />
      <ClassTable x={x} />
      {x.validationRecallAtK ? <ValidationRecallCard x={x} /> : null}
      {x.patchText === null ? null : <PatchOpsCard x={x} />}
      <ReportTraitsCard x={x} />
    </>
  );
}

/** Filtered success@k of every policy at every k the release supports (rows k, columns policies). */
function SuccessAtKTable({ x }: { x: AvExtraCharts }) {
  const policies = Object.keys(x.successAtK);
  const k = Math.max(0, ...policies.map((p) => x.successAtK[p].length));
  const rows = Array.from({ length: k }, (_, i) => i + 1);
  return (
    <Card title="Filtered success@k by policy, every k" className="lg:col-span-2">
      <DataTable
        rows={rows}
        rowKey={(r) => String(r)}
        caption={`Filtered success@k of each policy, k = 1 to ${k}`}
        testId="success-at-every-k"
        size="xs"
        columns={[
          { key: "k", header: "k", rowHeader: true, sort: (r) => r, cell: (r) => r },
          ...policies.map((p) => ({
            key: p,
            header: x.policyLabels[p] ?? p,
            align: "right" as const,
            sort: (r: number) => x.successAtK[p][r - 1]?.value,
            cell: (r: number) => pct(x.successAtK[p][r - 1]?.value),
          })),
        ]}
      />
      <p className="mt-2 text-xs text-muted">
        Bugs left per policy:{" "}
        {policies.map((p) => `${x.policyLabels[p] ?? p} ${x.successAtK[p][0]?.bugs ?? 0}`).join(" · ")}. A bug with
        fewer than k trajectories left counts as solved at k when one of them succeeds (METRICS.md §4).
      </p>
    </Card>
  );
}

/** Table 4: precision and recall of each class of each validation decision, and the FPRs of §6.2. */
function ClassTable({ x }: { x: AvExtraCharts }) {
  if (!x.table4.length) return null;
  const judged = x.table4.some((r) => r.population === "judged");
  const key = (r: AvClassRow) => `${r.population}:${r.approach}:${r.label}`;
  return (
    <Card title="Validation per class (paper Table 4)" className="lg:col-span-2">
      <DataTable
        rows={x.table4}
        rowKey={key}
        caption="Precision and recall of each class of each validation decision against trajectory success"
        testId="av-table4"
        columns={[
          ...(judged
            ? [
                {
                  key: "population",
                  header: "trajectories",
                  cell: (r: AvClassRow) => (r.population === "judged" ? "judged only" : "passing build/test"),
                },
              ]
            : []),
          { key: "approach", header: "approach", rowHeader: true, cell: (r) => r.approach },
          { key: "label", header: "label", cell: (r) => r.label },
          { key: "precision", header: "precision", align: "right", cell: (r) => fixed(r.precision, 2) },
          {
            key: "recall",
            header: "recall",
            align: "right",
            cell: (r) => (r.recall === null ? "-" : fixed(r.recall, 2)),
          },
          { key: "support", header: "trajectories", align: "right", cell: (r) => formatInt(r.support) },
        ]}
      />
      <p className="mt-2 text-xs text-muted" data-testid="av-fpr">
        False-positive rate (failing patches accepted / failing patches, §6.2):{" "}
        {x.fpr.map((f) => `${f.decision} ${f3(f.filtered)}`).join(" · ")}
        {judged ? ` (judged only: ${x.fpr.map((f) => `${f.decision} ${f3(f.judged)}`).join(" · ")})` : ""}.
        {x.unjudged && x.unjudged.total > 0
          ? ` ${formatInt(x.unjudged.total)} trajectories have no validation in this upload and count as rejected; ${formatInt(x.unjudged.passingFilter)} of them pass the build/test filter and are counted above as rejections.`
          : ""}
      </p>
    </Card>
  );
}

/** Figure 14: (validation recall)@k per decision. */
function ValidationRecallCard({ x }: { x: AvExtraCharts }) {
  const v = x.validationRecallAtK!;
  const decisions = Object.keys(v);
  const k = Math.max(1, ...decisions.map((d) => v[d].length));
  return (
    <Card title="(validation recall)@k (paper Figure 14)" className="lg:col-span-2">
      <Curves
        series={decisions.map((d) => ({
          name: `validation-${d}`,
          points: v[d].map((s, i) => ({ x: i + 1, y: s.value })),
        }))}
        xLabel="k"
        yLabel="(validation recall)@k"
        xDomain={[1, k]}
        xPercent={false}
        testId="chart-validation-recall-at-k"
      />
      <p className="mt-1 text-xs text-muted">
        Over the {formatInt(v[decisions[0]]?.[0]?.bugs ?? 0)} bugs with a successful trajectory: the chance that of k
        successful trajectories sampled at least one is shown (passes build/test and the decision). The stricter the
        decision, the more good patches it hides.
      </p>
    </Card>
  );
}

/** Figure 15: line-level operations of judged patches the p75 decision accepts vs rejects. */
function PatchOpsCard({ x }: { x: AvExtraCharts }) {
  const ops = x.patchOps;
  const share = (s: { n: number; bins: number[] } | null, i: number) => (s && s.n ? s.bins[i] / s.n : 0);
  return (
    <Card title="Patch size: accepted vs rejected at p75 (paper Figure 15)">
      {ops ? (
        <>
          <GroupedBars
            data={x.patchOpsBins.map((bin, i) => ({
              bin,
              accepted: share(ops.accepted, i),
              rejected: share(ops.rejected, i),
            }))}
            xKey="bin"
            series={[
              { key: "accepted", label: "accepted patches" },
              { key: "rejected", label: "rejected patches" },
            ]}
            percent
            testId="chart-patch-ops"
          />
          <p className="mt-1 text-xs text-muted">
            Added plus deleted lines per judged patch. Accepted: {formatInt(ops.accepted?.n ?? 0)} patches, mean{" "}
            {fixed(ops.accepted?.mean, 2)}, median {fixed(ops.accepted?.median, 1)}; rejected:{" "}
            {formatInt(ops.rejected?.n ?? 0)}, mean {fixed(ops.rejected?.mean, 2)}, median{" "}
            {fixed(ops.rejected?.median, 1)}.
          </p>
        </>
      ) : (
        <EmptyState title="No patch text in this release">
          The release carries no patch per trajectory, so patch sizes cannot be counted. A release with each
          trajectory&apos;s <code>patch</code> shows them.
        </EmptyState>
      )}
    </Card>
  );
}
