import Link from "next/link";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { Card } from "@/components/ui/card";
import { getMetric } from "@/lib/metric-value";
import type { submissionBreakdown } from "@/lib/server/leaderboard";
import type { MetricColumn } from "@/lib/tasks/types";

type Breakdown = Awaited<ReturnType<typeof submissionBreakdown>>;

const LABELS: Record<string, string> = {
  repository: "repository",
  difficulty: "difficulty",
  length: "length",
  label: "label",
  failure_type: "failure type",
  patch_set: "patch set",
  category: "category",
  language: "language",
  build_system: "build system",
};

/**
 * The primary metric per slice of an attribute (bars with 95% bootstrap intervals, n under each),
 * with the release's other attributes as links (`?by=`): where the submission is strong or weak.
 */
export function BreakdownCard({
  b,
  column,
  href,
}: {
  b: Breakdown;
  column: MetricColumn | undefined;
  href: (by: string) => string;
}) {
  const key = b.primaryMetric;
  // slices of one truth class carry the metric the paper reads there (the share bounced: R_b or FNR_a)
  const headlines = b.slices.every((s) => s.headline);
  const seriesKey = headlines ? "share" : key;
  const data = b.slices.map((s) => {
    const v = s.headline ? s.headline.value : getMetric(s.metrics, key);
    const ci = s.headline ? s.headline.ci : s.ci;
    const value = typeof v === "number" ? v : 0;
    return {
      name: `${s.value}${headlines ? ` · ${s.headline!.key}` : ""} (n=${s.n})`,
      [seriesKey]: value,
      err: ci ? [Math.max(0, value - ci.lo), Math.max(0, ci.hi - value)] : [0, 0],
    };
  });
  const seriesLabel = headlines ? "share bounced" : (column?.label ?? key);
  return (
    <Card title={`${seriesLabel} by ${LABELS[b.by] ?? b.by}`} className="lg:col-span-2">
      <nav aria-label="Break down by" className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="breakdown-attributes">
        {b.attributes.map((a) =>
          a === b.by ? (
            <span key={a} aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 dark:bg-slate-700">
              {LABELS[a] ?? a}
            </span>
          ) : (
            <Link key={a} href={href(a)} scroll={false} className="rounded px-2 py-0.5" prefetch={false}>
              {LABELS[a] ?? a}
            </Link>
          ),
        )}
      </nav>
      <GroupedBars
        data={data}
        xKey="name"
        series={[{ key: seriesKey, label: seriesLabel, errorKey: "err" }]}
        percent={headlines || column?.format === "percent1"}
        yDomain={[0, "auto"]}
        testId="chart-breakdown"
      />
      <p className="mt-1 text-xs text-muted">
        Each slice scored on its own instances (n), with a 95% bootstrap interval (1,000 seeded resamples); small slices
        have wide intervals.
        {headlines
          ? ` Every instance of a slice here has the same truth, where ${column?.label ?? key} cannot exceed 0.5 and says little: as in the paper, each shows the share bounced — R_b where all should be bounced (higher is better), FNR_a where none should (lower is better).`
          : ""}{" "}
        Also as JSON:{" "}
        <code>
          GET /api/v1/submissions/{b.submissionId}/breakdown?by={b.by}
        </code>
        .
      </p>
    </Card>
  );
}
