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
  const data = b.slices.map((s) => {
    const v = getMetric(s.metrics, key);
    const value = typeof v === "number" ? v : 0;
    return {
      name: `${s.value} (n=${s.n})`,
      [key]: value,
      err: s.ci ? [Math.max(0, value - s.ci.lo), Math.max(0, s.ci.hi - value)] : [0, 0],
    };
  });
  return (
    <Card title={`${column?.label ?? key} by ${LABELS[b.by] ?? b.by}`} className="lg:col-span-2">
      <nav aria-label="Break down by" className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="breakdown-attributes">
        {b.attributes.map((a) =>
          a === b.by ? (
            <span key={a} aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 dark:bg-slate-700">
              {LABELS[a] ?? a}
            </span>
          ) : (
            <Link key={a} href={href(a)} scroll={false} className="rounded px-2 py-0.5">
              {LABELS[a] ?? a}
            </Link>
          ),
        )}
      </nav>
      <GroupedBars
        data={data}
        xKey="name"
        series={[{ key, label: column?.label ?? key, errorKey: "err" }]}
        percent={column?.format === "percent1"}
        yDomain={[0, "auto"]}
        testId="chart-breakdown"
      />
      <p className="mt-1 text-xs text-muted">
        Each slice scored on its own instances (n), with a 95% bootstrap interval (1,000 seeded resamples); small slices
        have wide intervals. Also as JSON:{" "}
        <code>
          GET /api/v1/submissions/{b.submissionId}/breakdown?by={b.by}
        </code>
        .
      </p>
    </Card>
  );
}
