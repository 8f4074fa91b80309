import Link from "next/link";
import { DotWhisker } from "@/components/charts/dot-whisker";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { instanceColumn, instanceHref } from "@/components/instances/instance-column";
import { DataTable } from "@/components/ui/data-table";
import { formatMetric, pct, signedDiff, pValue } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { CompareView } from "@/lib/server/submissions";

type Props = { c: CompareView; fullSlug: string };

const nameOf = (c: CompareView) => (id: string) => c.submissions.find((s) => s.id === id)?.model ?? id;

/** Every metric of the compared submissions side by side (the best bold), with A − B for two. */
export function CompareMetrics({ c }: Props) {
  return (
    <Card title="Metrics">
      <DataTable
        rows={c.columns}
        rowKey={(col) => col.key}
        caption="Metrics of the compared submissions"
        testId="compare-metrics"
        columns={[
          {
            key: "metric",
            header: "metric",
            rowHeader: true,
            cell: (col) => (
              <>
                {col.label} <span className="text-xs text-muted">{col.better === "higher" ? "↑" : "↓"}</span>
              </>
            ),
          },
          ...c.submissions.map((s, i) => ({
            key: s.id,
            header: <Link href={`/submissions/${s.id}`}>{s.model}</Link>,
            align: "right" as const,
            cell: (col: (typeof c.columns)[number]) => {
              const vals = c.submissions.map((x) => getMetric(x.metrics, col.key));
              const best =
                col.better === "higher"
                  ? Math.max(...vals.map((v) => v ?? -Infinity))
                  : Math.min(...vals.map((v) => v ?? Infinity));
              return (
                <span className={vals[i] === best ? "font-semibold" : ""}>{formatMetric(vals[i], col.format)}</span>
              );
            },
          })),
          ...(c.submissions.length === 2
            ? [
                {
                  key: "delta",
                  header: "Δ (A − B)",
                  align: "right" as const,
                  cell: (col: (typeof c.columns)[number]) => {
                    const [a, b] = c.submissions.map((x) => getMetric(x.metrics, col.key));
                    return a !== null && b !== null ? signedDiff(a - b, col.format) : "—";
                  },
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/** Why a hidden release compares metrics only. */
export function CompareHidden({ fullSlug }: { fullSlug: string }) {
  return (
    <Card title="Hidden test set">
      <p className="text-sm" data-testid="compare-hidden">
        This release keeps its ground truth hidden. Only the metrics the Ladder released are compared, with their noise
        and rounded to their margin: a significance test or a list of the instances where two submissions disagree would
        reveal hidden labels. <Link href={`/tasks/${fullSlug}#ladder`}>How hidden test sets are scored</Link>
      </p>
    </Card>
  );
}

/** Paired tests of the primary metric between each pair, and their differences as a chart. */
export function CompareSignificance({ c }: Props) {
  const primaryCol = c.primary;
  const name = nameOf(c);
  const fmtDiff = (x: number) => signedDiff(x, primaryCol.format);
  return (
    <Card title={`Is the difference in ${primaryCol.label} significant? (${c.commonInstances} instances all cover)`}>
      <DataTable
        rows={c.pairs}
        rowKey={(p) => `${p.a}-${p.b}`}
        caption={`Paired tests of ${primaryCol.label} between the compared submissions`}
        testId="compare-significance"
        columns={[
          {
            key: "pair",
            header: "pair (A vs B)",
            rowHeader: true,
            className: "min-w-[7rem] max-w-[10rem] break-words sm:max-w-none",
            cell: (p) => `${name(p.a)} vs ${name(p.b)}`,
          },
          // the verdict next to the pair: in view on a phone, the numbers behind it scroll
          {
            key: "verdict",
            header: "verdict",
            cell: (p) => (
              <>
                {p.primary?.significant ? <Badge tone="green">significant</Badge> : <Badge>not significant</Badge>}
                {p.mcnemar.pValue < 0.05 ? (
                  <span className="ml-1 text-xs text-muted">decisions differ (p &lt; 0.05)</span>
                ) : null}
              </>
            ),
          },
          {
            key: "delta",
            header: `Δ ${primaryCol.label}`,
            align: "right",
            sort: (p) => p.primary?.difference,
            cell: (p) => (p.primary ? fmtDiff(p.primary.difference) : "—"),
          },
          {
            key: "ci",
            header: "95% paired bootstrap",
            align: "right",
            cell: (p) => (p.primary ? `[${fmtDiff(p.primary.low)}, ${fmtDiff(p.primary.high)}]` : "—"),
          },
          {
            key: "mcnemar",
            header: "McNemar exact (A only right / B only right)",
            align: "right",
            sort: (p) => p.mcnemar.pValue,
            firstDir: "asc",
            cell: (p) => `p = ${pValue(p.mcnemar.pValue)} (${p.mcnemar.b} / ${p.mcnemar.c})`,
          },
        ]}
      />
      <p className="mt-2 text-xs text-muted">
        Significant when the 95% paired bootstrap interval of the difference (1,000 seeded resamples of the shared
        instances) excludes 0. McNemar&apos;s exact test uses the instances where exactly one of the two is right.
      </p>
      <DifferencesChart c={c} />
    </Card>
  );
}

/** Each pair's difference with its interval, on round ticks through 0 (components/charts/dot-whisker.tsx). */
function DifferencesChart({ c }: { c: CompareView }) {
  const primaryCol = c.primary;
  const name = nameOf(c);
  const fmtDiff = (x: number) => signedDiff(x, primaryCol.format);
  return (
    <div className="mt-4">
      <DotWhisker
        rows={c.pairs
          .filter((p) => p.primary)
          .map((p) => ({
            name: `${name(p.a)} − ${name(p.b)}`,
            value: p.primary!.difference,
            low: p.primary!.low,
            high: p.primary!.high,
          }))}
        label={`Δ ${primaryCol.label}`}
        intervalLabel="95% paired bootstrap interval"
        percent={primaryCol.format === "percent1"}
        format={fmtDiff}
        zero="always"
        reference={{ value: 0, label: "0, no difference" }}
        testId="chart-compare"
      />
    </div>
  );
}

/** The instances where the compared submissions disagree, and how much of the shared set differs. */
export function CompareDisagreements({ c, fullSlug }: Props) {
  const name = nameOf(c);
  return (
    <>
      <Card title={`Instances where they disagree (${c.disagreementCount})`}>
        {c.disagreements.length ? (
          <DataTable
            framed
            rows={c.disagreements}
            rowKey={(d) => d.instanceId}
            caption="Instances where the compared submissions disagree"
            testId="compare-disagreements"
            // no scroll box inside the page (issue 49): the page shows at most 100 of them (COMPARE_PAGE_DISAGREEMENTS)
            stack
            columns={[
              instanceColumn(c.release.hidden ? null : (id) => instanceHref(fullSlug, id)),
              ...(c.release.hidden
                ? []
                : [
                    {
                      key: "truth",
                      header: "truth",
                      sort: (d: (typeof c.disagreements)[number]) => String(d.expected ?? ""),
                      cell: (d: (typeof c.disagreements)[number]) => String(d.expected ?? ""),
                    },
                  ]),
              ...c.submissions.map((s, i) => ({
                key: s.id,
                header: s.model,
                sort: (d: (typeof c.disagreements)[number]) => (d.predictions[i]?.correct ? 1 : 0),
                cell: (d: (typeof c.disagreements)[number]) => {
                  const p = d.predictions[i];
                  if (!p) return "";
                  return (
                    <span
                      className={
                        p.correct === null
                          ? ""
                          : p.correct
                            ? "text-emerald-700 dark:text-emerald-400"
                            : "text-rose-700 dark:text-rose-400"
                      }
                    >
                      {p.correct === null ? "" : p.correct ? "✓ " : "✗ "}
                      {p.predicted}
                    </span>
                  );
                },
              })),
            ]}
          />
        ) : (
          <p className="text-sm">They agree on every shared instance.</p>
        )}
        {(c.disagreementCount ?? 0) > c.disagreements.length ? (
          <p className="mt-1 text-xs text-muted">Showing the first {c.disagreements.length}.</p>
        ) : null}
      </Card>
      <p className="text-xs text-muted">
        Shares: {c.pairs.map((p) => `${name(p.a)}/${name(p.b)} discordant ${p.mcnemar.b + p.mcnemar.c}`).join(" · ")} ·{" "}
        {pct((c.disagreementCount ?? 0) / Math.max(1, c.commonInstances ?? 0))} of shared instances differ
      </p>
    </>
  );
}
