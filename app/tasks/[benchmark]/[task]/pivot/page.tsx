import { taskPageTitle, type TaskPageProps } from "@/components/task/task-page";
import Link from "next/link";
import { PivotTable } from "@/components/pivot/pivot-table";
import { metaLabel } from "@/lib/system-meta-labels";
import { Card, EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { pivotPageView } from "@/lib/server/leaderboard";
import { orNotFound } from "@/lib/server/pages";
import { PIVOT_DIMENSIONS } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const generateMetadata = taskPageTitle((fullSlug) => `${fullSlug} pivot`);

/**
 * A task's public submissions crossed by two system-metadata dimensions (agent × base model by
 * default): the shape of CI-Bench's Table 1 and CR-Bench's Table 4. Every state is a URL.
 */
export default async function PivotPage({ params, searchParams }: TaskPageProps) {
  const fullSlug = fullSlugOf(await params);
  const db = await getDb();
  const task = await orNotFound(getTaskCached(db, fullSlug));
  const { pivot: p, ignored, api, release } = await orNotFound(pivotPageView(db, task, await searchParams));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>
          {p.benchmark.name} · {p.taskName}
        </Link>{" "}
        / pivot
      </p>
      <h1 className="text-2xl font-bold">
        {p.metric.label} by {metaLabel(p.rowsBy)} × {metaLabel(p.colsBy)}
      </h1>
      <p className="text-sm">
        Each cell is the best complete public submission with that {metaLabel(p.rowsBy)} and {metaLabel(p.colsBy)} on
        release {p.release.version} ({p.metric.better} is better; a number in brackets counts the submissions in the
        cell). The dimensions come from the system metadata teams give at upload. <a href={api}>JSON</a>
      </p>
      {ignored ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400" data-testid="pivot-ignored">
          Some of the address was not understood (two different dimensions and a metric of this task are needed);
          showing {p.metric.key} by {p.rowsBy} × {p.colsBy}.
        </p>
      ) : null}
      <PivotSettings p={p} release={release} />
      <Card>
        {p.cells.length ? (
          <PivotTable p={p} />
        ) : (
          <EmptyState title="Nothing to cross yet">
            No complete public submission states both its {metaLabel(p.rowsBy)} and its {metaLabel(p.colsBy)}.
          </EmptyState>
        )}
        {p.unstated ? (
          <p className="mt-2 text-xs text-muted" data-testid="pivot-unstated">
            {p.unstated} complete public submission{p.unstated === 1 ? "" : "s"} state
            {p.unstated === 1 ? "s" : ""} neither or only one of the two and {p.unstated === 1 ? "is" : "are"} left out.
          </p>
        ) : null}
      </Card>
    </div>
  );
}

/** The pivot's dimensions and metric (a GET form: every state is a URL). */
function PivotSettings({
  p,
  release,
}: {
  p: Awaited<ReturnType<typeof pivotPageView>>["pivot"];
  release: string | undefined;
}) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Pivot settings">
      {(
        [
          ["rows", "Rows", p.rowsBy],
          ["cols", "Columns", p.colsBy],
        ] as const
      ).map(([name, label, value]) => (
        <label key={name} className="flex flex-col">
          {label}
          <select name={name} defaultValue={value} className="rounded border px-2 py-1">
            {PIVOT_DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {metaLabel(d)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="flex flex-col">
        Metric
        <select name="metric" defaultValue={p.metric.key} className="rounded border px-2 py-1">
          {p.columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {release ? <input type="hidden" name="release" value={release} /> : null}
      <button type="submit" className="rounded bg-slate-800 px-3 py-1 text-white dark:bg-slate-200 dark:text-slate-900">
        Show
      </button>
    </form>
  );
}
