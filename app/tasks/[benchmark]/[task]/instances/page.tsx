import { plural } from "@/lib/format";
import { taskPageTitle, type TaskPageProps } from "@/components/task/task-page";
import Link from "next/link";
import { ShareBar, TopChips } from "@/components/instances/share-bar";
import { TaskHeader } from "@/components/task/task-header";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { PagePager } from "@/components/ui/pager";
import { AppError } from "@/lib/errors";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { explorerHref, listTaskInstances, type InstanceExplorer } from "@/lib/server/leaderboard";
import { parseExplorerQuery, type ExplorerQuery } from "@/lib/validations/instances";
import { orNotFound, redirectWithoutEmptyParams } from "@/lib/server/pages";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";

export const generateMetadata = taskPageTitle((fullSlug) => `Instances · ${fullSlug}`);

const field = "rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900";

/**
 * The instance explorer: a page of instances with the share of public systems right on each (a
 * bar) and how the board's top systems did, filtered and sorted by those and by the instance's
 * repository, truth label and length — all in the URL, built from aggregates written with scores.
 */
export default async function InstancesPage({ params, searchParams }: TaskPageProps) {
  const fullSlug = fullSlugOf(await params);
  const base = `/tasks/${fullSlug}/instances`;
  const sp = await searchParams;
  // the filter form's empty fields leave the URL (one view, one address)
  redirectWithoutEmptyParams(`/tasks/${fullSlug.split("/").map(encodeURIComponent).join("/")}/instances`, sp);
  const q = parseExplorerQuery(sp);
  const db = await getDb();
  const taskRow = await orNotFound(getTaskOrThrow(db, fullSlug));
  const header = <TaskHeader task={taskRow} current="instances" />;
  let data;
  try {
    data = await listTaskInstances(db, taskRow, q, await getSessionActor());
  } catch (e) {
    // a release named in the URL that is not there (or a draft) is a missing page: 404
    if (e instanceof AppError && e.code === "not_found" && q.release) return orNotFound(Promise.reject(e));
    if (e instanceof AppError && (e.code === "forbidden" || e.code === "not_found")) {
      return (
        <>
          {header}
          <EmptyState title={e.code === "forbidden" ? "Hidden ground truth" : "No release"}>{e.message}</EmptyState>
        </>
      );
    }
    throw e;
  }
  const href = (over: Parameters<typeof explorerHref>[2]) => explorerHref(base, q, over);
  return (
    <div className="space-y-4">
      {header}
      <p className="text-sm">
        <Badge tone={data.release.synthetic ? "amber" : "green"}>
          release {data.release.version}
          {data.release.synthetic ? " · synthetic" : ""}
        </Badge>{" "}
        <span className="text-muted" data-testid="instances-total">
          {data.total} of {data.release.instanceCount} instances · {plural(data.systems.counted, "public system")}{" "}
          counted
          {data.systems.pending ? ` (${data.systems.pending} more being added)` : ""}
        </span>
      </p>
      <ExplorerFilters data={data} q={q} base={base} href={href} />
      {data.rows.length ? (
        <ExplorerTable data={data} q={q} base={base} href={href} />
      ) : (
        <EmptyState title="No instance matches">
          Change the filters, or <Link href={base}>clear them</Link>.
        </EmptyState>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <PagePager of={data} href={(page) => href({ page })} noun="instances" />
        <span className="text-xs text-muted">
          Shares count the public, scored submissions (baselines and moderated ones aside); the top systems are the
          board&apos;s first {data.top.length} ranked rows: {data.top.map((t) => t.model).join(", ")}.
        </span>
      </div>
    </div>
  );
}

type ExplorerProps = {
  data: InstanceExplorer;
  q: ExplorerQuery;
  /** the explorer without a query */
  base: string;
  href: (over: Parameters<typeof explorerHref>[2]) => string;
};

/** One end of the filter on the share of systems right, in percent. */
function ShareBound({
  name,
  value,
  placeholder,
  label,
}: {
  name: "min" | "max";
  value: number | undefined;
  placeholder: string;
  label: string;
}) {
  return (
    <input
      type="number"
      name={name}
      min={0}
      max={100}
      defaultValue={value ?? ""}
      placeholder={placeholder}
      aria-label={label}
      className={`${field} w-16`}
    />
  );
}

/** The filters (text, facets, share right), the sort, and the shortcuts to the telling slices. */
function ExplorerFilters({ data, q, base, href }: ExplorerProps) {
  return (
    <form method="get" action={base} className="flex flex-wrap items-end gap-3 text-sm" role="search">
      {q.release ? <input type="hidden" name="release" value={q.release} /> : null}
      <label className="flex flex-col">
        <span className="text-xs text-muted">Search id or text</span>
        <input type="search" name="q" defaultValue={q.q ?? ""} className={field} />
      </label>
      <FacetSelect name="repo" label="Repository" options={data.facets.repo} q={q} />
      <FacetSelect name="label" label="Truth" options={data.facets.label} q={q} />
      <FacetSelect name="length" label="Length" options={data.facets.length} q={q} />
      <fieldset className="flex items-end gap-1">
        <legend className="text-xs text-muted">Systems right (%)</legend>
        <ShareBound name="min" value={q.min} placeholder="0" label="at least" />
        <span className="pb-1">–</span>
        <ShareBound name="max" value={q.max} placeholder="100" label="at most" />
      </fieldset>
      <label className="flex flex-col">
        <span className="text-xs text-muted">Sort</span>
        <select name="sort" defaultValue={data.sort} className={field}>
          <option value="position">release order</option>
          <option value="share">share of systems right</option>
          <option value="difficulty">difficulty (share wrong)</option>
          <option value="disagreement">disagreement (closest to an even split)</option>
          <option value="id">instance id</option>
        </select>
      </label>
      <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        Apply
      </button>
      <span className="flex gap-2 text-xs">
        <Link href={href({ min: undefined, max: 0, page: undefined, sort: undefined })}>no system right</Link>
        <Link href={href({ min: undefined, max: 25, page: undefined, sort: "share", dir: "asc" })}>hard (≤ 25%)</Link>
        <Link href={href({ min: 100, max: undefined, page: undefined, sort: undefined })}>every system right</Link>
        <Link href={base}>clear</Link>
      </span>
    </form>
  );
}

/** A facet's filter, with each value's count (left out when the release has none of the facet). */
function FacetSelect({
  name,
  label,
  options,
  q,
}: {
  name: "repo" | "label" | "length";
  label: string;
  options: { value: string; n: number }[];
  q: ExplorerQuery;
}) {
  return options.length ? (
    <label className="flex flex-col">
      <span className="text-xs text-muted">{label}</span>
      <select name={name} defaultValue={q[name] ?? ""} className={`${field} max-w-56`}>
        <option value="">any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.value} ({o.n})
          </option>
        ))}
      </select>
    </label>
  ) : null;
}

/** The page of instances: each with its facets, the share of systems right and the board's top on it. */
function ExplorerTable({ data, q, base, href }: ExplorerProps) {
  const instanceHref = (id: string) =>
    `${base}/${encodeURIComponent(id)}${q.release ? `?release=${encodeURIComponent(q.release)}` : ""}`;
  const hasLabel = data.facets.label.length > 0;
  const hasLength = data.facets.length.length > 0;
  const hasRepo = data.facets.repo.length > 0;
  return (
    <DataTable
      framed
      stack
      rows={data.rows}
      rowKey={(r) => r.instanceId}
      caption={`Instances, sorted by ${data.sort}`}
      testId="instance-explorer"
      sortLinks={{ active: data.sort, dir: data.dir, hrefFor: (sort, dir) => href({ sort, dir, page: undefined }) }}
      columns={[
        {
          key: "id",
          header: "instance",
          rowHeader: true,
          sort: () => null,
          firstDir: "asc",
          cell: (r) => (
            <>
              <Link href={instanceHref(r.instanceId)} className="font-mono text-xs">
                {r.instanceId}
              </Link>
              {r.summary && r.summary !== r.repo ? (
                <div className="max-w-md truncate text-xs text-muted">{r.summary}</div>
              ) : null}
            </>
          ),
        },
        ...(hasRepo
          ? [{ key: "repo", header: "repository", cell: (r: (typeof data.rows)[number]) => r.repo ?? "—" }]
          : []),
        ...(hasLabel
          ? [{ key: "label", header: "truth", cell: (r: (typeof data.rows)[number]) => r.label ?? "—" }]
          : []),
        ...(hasLength
          ? [{ key: "length", header: "length", cell: (r: (typeof data.rows)[number]) => r.length ?? "—" }]
          : []),
        {
          key: "share",
          header: "systems right",
          sort: () => null,
          firstDir: "asc",
          cell: (r) => <ShareBar right={r.right} covered={r.covered} />,
        },
        {
          key: "top",
          label: `top ${data.top.length}`,
          header: (
            <span title={data.top.map((t, k) => `${k + 1}. ${t.model}`).join("\n")}>
              top {data.top.length} on the board
            </span>
          ),
          cell: (r) => <TopChips outcomes={r.top} />,
        },
      ]}
    />
  );
}
