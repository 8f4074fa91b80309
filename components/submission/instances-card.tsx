import { plural } from "@/lib/format";
import Link from "next/link";
import { kindViews } from "@/components/tasks";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { instanceColumn, instanceHref } from "@/components/instances/instance-column";
import { INSTANCES_PAGE_SIZE, type listSubmissionInstances, type SubmissionPageView } from "@/lib/server/submissions";

type Instances = Awaited<ReturnType<typeof listSubmissionInstances>>;

/** Predictions vs truth, per instance, filtered by outcome and paged (streams in after the rest of the page). */
export async function InstancesCard({ v, instances }: { v: SubmissionPageView; instances: Promise<Instances | null> }) {
  const rows = await instances;
  const { PredictionView } = kindViews(v.task.kindName);
  const whole = (instanceId: string) => ({
    href: `/submissions/${v.sub.id}/predictions/${encodeURIComponent(instanceId)}`,
  });
  // an unpublished release's instance pages are asked for by version
  const releaseQuery =
    v.score && v.score.release.status !== "published" ? `?release=${encodeURIComponent(v.score.release.version)}` : "";
  return (
    <Card title="Predictions vs truth">
      {v.hidden ? (
        <p className="text-sm">This release keeps its ground truth hidden: only aggregate scores are shown.</p>
      ) : rows ? (
        <>
          <nav className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="Filter instances">
            <Link
              href={v.href({ outcome: undefined })}
              className={!v.outcome ? "font-semibold" : ""}
              aria-current={!v.outcome ? "page" : undefined}
            >
              All
            </Link>
            {v.task.kind.outcomeFilters.map((f) => (
              <Link
                key={f.key}
                href={v.href({ outcome: f.key })}
                className={v.outcome === f.key ? "font-semibold" : ""}
                aria-current={v.outcome === f.key ? "page" : undefined}
              >
                {f.label}
              </Link>
            ))}
            <span className="ml-auto text-muted" data-testid="instance-total">
              {plural(rows.total, "instance")}
            </span>
          </nav>
          <DataTable
            framed
            stack
            rows={rows.rows}
            rowKey={(r) => r.instanceId}
            caption="Predictions of this submission, per instance"
            testId="instances"
            size="sm"
            columns={[
              // the instance's page: its truth, how every public system did on it
              instanceColumn((id) => instanceHref(v.task.fullSlug, id, releaseQuery)),
              { key: "truth", header: "truth", sort: (r) => r.outcome?.expected, cell: (r) => r.outcome?.expected },
              {
                key: "prediction",
                header: "prediction",
                sort: (r) => r.outcome?.predicted,
                cell: (r) => r.outcome?.predicted,
              },
              {
                key: "outcome",
                header: "outcome",
                sort: (r) => r.outcome?.outcome,
                cell: (r) => (
                  <Badge tone={r.outcome?.correct ? "green" : "red"}>{r.outcome?.outcome.replace(/_/g, " ")}</Badge>
                ),
              },
              {
                key: "explanation",
                header: "explanation",
                className: "max-w-xl text-xs text-slate-600 dark:text-slate-400",
                cell: (r) => <PredictionView prediction={r.prediction} truth={r.truth} whole={whole(r.instanceId)} />,
              },
            ]}
          />
          <div className="mt-3 flex items-center gap-3 text-sm">
            {v.page > 1 ? <Link href={v.href({ page: String(v.page - 1) })}>← Previous</Link> : null}
            <span className="text-muted">
              page {v.page} of {Math.max(1, Math.ceil(rows.total / INSTANCES_PAGE_SIZE))}
            </span>
            {v.page * INSTANCES_PAGE_SIZE < rows.total ? (
              <Link href={v.href({ page: String(v.page + 1) })}>Next →</Link>
            ) : null}
          </div>
        </>
      ) : null}
    </Card>
  );
}
