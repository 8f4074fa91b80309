import type { Metadata } from "next";
import Link from "next/link";
import { DIMENSION_LABEL, PivotTable } from "@/components/pivot/pivot-table";
import { Card, EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { getPivot } from "@/lib/server/leaderboard";
import { orNotFound } from "@/lib/server/pages";
import { PIVOT_DIMENSIONS, PivotQuery } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { benchmark, task } = await params;
  return { title: `${benchmark}/${task} pivot` };
}

/**
 * A task's public submissions crossed by two system-metadata dimensions (agent × base model by
 * default): the shape of CI-Bench's Table 1 and CR-Bench's Table 4. Every state is a URL.
 */
export default async function PivotPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { benchmark, task } = await params;
  const fullSlug = `${benchmark}/${task}`;
  const sp = await searchParams;
  const raw = { rows: first(sp.rows), cols: first(sp.cols), metric: first(sp.metric), release: first(sp.release) };
  const parsed = PivotQuery.safeParse(raw);
  const q = parsed.success ? parsed.data : PivotQuery.parse({ release: raw.release?.slice(0, 40) });
  const sameDims = q.rows === q.cols;
  const db = await getDb();
  const dims = sameDims ? { ...q, cols: q.rows === "base_model" ? ("agent" as const) : ("base_model" as const) } : q;
  // an unknown metric: the primary metric instead (said below)
  const p = await orNotFound(
    getPivot(db, fullSlug, dims).catch((e) => {
      if (q.metric) return getPivot(db, fullSlug, { ...dims, metric: undefined });
      throw e;
    }),
  );
  const ignored = !parsed.success || sameDims || (q.metric !== undefined && q.metric !== p.metric.key);
  const api = `/api/v1/tasks/${fullSlug}/pivot?${new URLSearchParams({
    rows: p.rowsBy,
    cols: p.colsBy,
    metric: p.metric.key,
    ...(q.release ? { release: q.release } : {}),
  })}`;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>
          {p.benchmark.name} · {p.taskName}
        </Link>{" "}
        / pivot
      </p>
      <h1 className="text-2xl font-bold">
        {p.metric.label} by {DIMENSION_LABEL[p.rowsBy]} × {DIMENSION_LABEL[p.colsBy]}
      </h1>
      <p className="text-sm">
        Each cell is the best complete public submission with that {DIMENSION_LABEL[p.rowsBy]} and{" "}
        {DIMENSION_LABEL[p.colsBy]} on release {p.release.version} ({p.metric.better} is better; a number in brackets
        counts the submissions in the cell). The dimensions come from the system metadata teams give at upload.{" "}
        <a href={api}>JSON</a>
      </p>
      {ignored ? (
        <p role="status" className="text-sm text-amber-700 dark:text-amber-400" data-testid="pivot-ignored">
          Some of the address was not understood (two different dimensions and a metric of this task are needed);
          showing {p.metric.key} by {p.rowsBy} × {p.colsBy}.
        </p>
      ) : null}
      <form method="get" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Pivot settings">
        <label className="flex flex-col">
          Rows
          <select name="rows" defaultValue={p.rowsBy} className="rounded border px-2 py-1">
            {PIVOT_DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {DIMENSION_LABEL[d]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Columns
          <select name="cols" defaultValue={p.colsBy} className="rounded border px-2 py-1">
            {PIVOT_DIMENSIONS.map((d) => (
              <option key={d} value={d}>
                {DIMENSION_LABEL[d]}
              </option>
            ))}
          </select>
        </label>
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
        {q.release ? <input type="hidden" name="release" value={q.release} /> : null}
        <button
          type="submit"
          className="rounded bg-slate-800 px-3 py-1 text-white dark:bg-slate-200 dark:text-slate-900"
        >
          Show
        </button>
      </form>
      <Card>
        {p.cells.length ? (
          <PivotTable p={p} />
        ) : (
          <EmptyState title="Nothing to cross yet">
            No complete public submission states both its {DIMENSION_LABEL[p.rowsBy]} and its{" "}
            {DIMENSION_LABEL[p.colsBy]}.
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
