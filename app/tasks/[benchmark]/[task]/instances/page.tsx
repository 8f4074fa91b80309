import Link from "next/link";
import { notFound } from "next/navigation";
import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/errors";
import { getSessionActor } from "@/lib/server/auth";
import { listTaskInstances } from "@/lib/server/submissions";
import { percent } from "@/lib/format";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string }>;
type Search = Promise<Record<string, string | undefined>>;

export default async function InstancesPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { benchmark, task } = await params;
  const sp = await searchParams;
  const fullSlug = `${benchmark}/${task}`;
  const base = `/tasks/${fullSlug}/instances`;
  let data;
  try {
    data = await listTaskInstances(
      await getDb(),
      fullSlug,
      {
        release: sp.release,
        sort: sp.sort,
        dir: sp.dir === "asc" ? "asc" : sp.dir === "desc" ? "desc" : undefined,
        page: Number(sp.page) || 1,
        q: sp.q,
      },
      await getSessionActor(),
    );
  } catch (e) {
    // a release named in the URL that is not there (or a draft) is a missing page: 404
    if (e instanceof AppError && e.code === "not_found" && sp.release) notFound();
    if (e instanceof AppError && (e.code === "forbidden" || e.code === "not_found")) {
      return (
        <div className="space-y-4">
          <h1 className="text-2xl font-bold">Instances</h1>
          <EmptyState title={e.code === "forbidden" ? "Hidden ground truth" : "No release"}>{e.message}</EmptyState>
        </div>
      );
    }
    throw e;
  }
  const qs = (over: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ release: sp.release, sort: sp.sort, dir: sp.dir, q: sp.q, ...over }))
      if (v) p.set(k, v);
    const s = p.toString();
    return `${base}${s ? `?${s}` : ""}`;
  };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> / instances
      </p>
      <h1 className="text-2xl font-bold">
        Instances · {data.taskName}{" "}
        <Badge tone={data.release.synthetic ? "amber" : "green"}>
          release {data.release.version}
          {data.release.synthetic ? " · synthetic" : ""}
        </Badge>
      </h1>
      <form method="get" action={base} className="flex flex-wrap items-end gap-3 text-sm" role="search">
        {sp.release ? <input type="hidden" name="release" value={sp.release} /> : null}
        <label className="flex flex-col">
          <span className="text-xs text-muted">Search</span>
          <input
            type="search"
            name="q"
            defaultValue={sp.q ?? ""}
            className="rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <label className="flex flex-col">
          <span className="text-xs text-muted">Sort</span>
          <select
            name="sort"
            defaultValue={data.sort}
            className="rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="position">release order</option>
            <option value="difficulty">difficulty (share of submissions wrong)</option>
            <option value="disagreement">disagreement between submissions</option>
          </select>
        </label>
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          Apply
        </button>
        <span className="ml-auto text-muted" data-testid="instances-total">
          {data.total} instances · {data.submissions.length} public submissions
        </span>
      </form>
      <DataTable
        rows={data.rows}
        rowKey={(r) => r.instanceId}
        caption={`Instances sorted by ${data.sort}`}
        testId="instance-explorer"
        maxHeight="80vh"
        sortLinks={{
          active: data.sort,
          dir: data.dir as "asc" | "desc",
          hrefFor: (sort, dir) => qs({ sort, dir, page: undefined }),
        }}
        columns={[
          {
            key: "instance",
            header: "instance",
            rowHeader: true,
            cell: (r) => (
              <>
                <Link
                  href={`${base}/${encodeURIComponent(r.instanceId)}${sp.release ? `?release=${sp.release}` : ""}`}
                  className="font-mono text-xs"
                >
                  {r.instanceId}
                </Link>
                <div className="max-w-md truncate text-xs text-muted">{r.summary}</div>
              </>
            ),
          },
          { key: "truth", header: "truth", cell: (r) => r.expected ?? "—" },
          {
            key: "difficulty",
            header: "difficulty",
            align: "right",
            sort: () => null,
            cell: (r) => percent(r.difficulty, 0),
          },
          {
            key: "disagreement",
            header: "disagreement",
            align: "right",
            sort: () => null,
            cell: (r) => percent(r.disagreement, 0),
          },
          {
            key: "outcomes",
            header: "submissions (✓ right, ✗ wrong)",
            cell: (r) => (
              <span className="flex flex-wrap gap-1">
                {r.outcomes.map((o) => (
                  <span
                    key={o.submissionId}
                    title={`${o.model}: ${o.predicted}`}
                    className={`rounded px-1 text-xs ${o.correct ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200" : "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-200"}`}
                  >
                    {o.correct ? "✓" : "✗"} {o.model}
                  </span>
                ))}
              </span>
            ),
          },
        ]}
      />
      <div className="flex items-center gap-3 text-sm">
        {data.page > 1 ? <Link href={qs({ page: String(data.page - 1) })}>← Previous</Link> : null}
        <span className="text-muted">
          page {data.page} of {pages}
        </span>
        {data.page < pages ? <Link href={qs({ page: String(data.page + 1) })}>Next →</Link> : null}
      </div>
    </div>
  );
}
