import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { sortRows, type SortDir } from "@/lib/leaderboard-sort";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { isKindImplemented } from "@/lib/tasks";
import type { TaskKindName } from "@/lib/tasks/types";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { benchmark, task } = await params;
  return { title: `${benchmark}/${task} leaderboard` };
}

export default async function TaskLeaderboardPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { benchmark, task } = await params;
  const sp = await searchParams;
  const one = (k: string) => (Array.isArray(sp[k]) ? sp[k]![0] : (sp[k] as string | undefined));
  const fullSlug = `${benchmark}/${task}`;
  const db = await getDb();
  const taskRow = await db.task.findUnique({ where: { fullSlug }, include: { benchmark: true } });
  if (!taskRow) notFound();

  const header = (
    <div className="mb-4">
      <p className="text-sm text-slate-500">
        <Link href="/">Leaderboards</Link> / {taskRow.benchmark.name}
      </p>
      <h1 className="text-2xl font-bold">
        {taskRow.benchmark.name} · {taskRow.name}
      </h1>
      <p className="mt-1 max-w-4xl text-sm text-slate-600 dark:text-slate-400">{taskRow.description}</p>
    </div>
  );

  if (!isKindImplemented(taskRow.kind as TaskKindName)) {
    return (
      <>
        {header}
        <EmptyState title="Scoring for this task kind is not enabled yet">
          The task and its metrics are defined; its releases and submissions open soon.
        </EmptyState>
      </>
    );
  }

  const partial = one("partial") === "1";
  const release = one("release");
  let lb;
  try {
    lb = await getLeaderboard(db, fullSlug, { release, partial });
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") {
      return (
        <>
          {header}
          <EmptyState title={release ? `No release ${release}` : "No published release yet"}>
            An admin imports and publishes a dataset release; then submissions can be scored.
          </EmptyState>
        </>
      );
    }
    throw e;
  }
  const sortKeys = new Set([...lb.columns.map((c) => c.key), "model", "date", "coverage"]);
  const sort = sortKeys.has(one("sort") ?? "") ? one("sort")! : lb.primaryMetric;
  const dir: SortDir = one("dir") === "asc" ? "asc" : "desc";
  const primaryCol = lb.columns.find((c) => c.key === lb.primaryMetric);
  const rows = sort === lb.primaryMetric && dir === "desc" ? lb.rows : sortRows(lb.rows, sort, dir);

  const qs = (over: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    const merged = { sort: sort === lb.primaryMetric ? undefined : sort, dir: dir === "desc" ? undefined : dir, partial: partial ? "1" : undefined, release, ...over };
    for (const [k, v] of Object.entries(merged)) if (v) p.set(k, v);
    const s = p.toString();
    return `/tasks/${fullSlug}${s ? `?${s}` : ""}`;
  };

  return (
    <>
      {header}
      {lb.release.synthetic ? (
        <div role="note" data-testid="synthetic-banner" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <strong>Synthetic release.</strong> {lb.release.notes || "Generated data standing in for the official release."} Its instances, ground
          truth and the systems listed are made up (fixed-seed generator); no real model is scored against it.
        </div>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={lb.release.synthetic ? "amber" : "green"}>
          release {lb.release.version} · {lb.release.instanceCount} instances{lb.release.synthetic ? " · synthetic" : ""}
          {lb.release.hidden ? " · hidden truth" : ""}
        </Badge>
        {lb.releases.length > 1 ? (
          <nav className="flex items-center gap-2" aria-label="Releases" data-testid="release-switcher">
            Release:
            {lb.releases.map((r) => (
              <Link
                key={r.version}
                href={qs({ release: r.status === "published" ? undefined : r.version })}
                aria-current={r.version === lb.release.version ? "page" : undefined}
                className={r.version === lb.release.version ? "font-semibold underline" : ""}
              >
                {r.version}
                {r.status === "published" ? " (current)" : ""}
              </Link>
            ))}
          </nav>
        ) : null}
        <Link href={qs({ partial: partial ? undefined : "1" })}>{partial ? "Hide partial submissions" : "Show partial submissions"}</Link>
        <span className="text-slate-500">
          Sorted by {sort} ({dir === "desc" ? "high → low" : "low → high"}); ranks follow {lb.primaryMetric}.
        </span>
        <Link
          href={`/tasks/${fullSlug}/submit`}
          className="ml-auto rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800 hover:no-underline"
        >
          Submit predictions
        </Link>
      </div>
      {primaryCol ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="ranking-note">
          Ranked by <strong>{primaryCol.label}</strong>: {primaryCol.description} Baselines computed by the server are listed in place, without a rank.
        </p>
      ) : null}
      {rows.length ? (
        <LeaderboardTable
          rows={rows}
          columns={lb.columns}
          primaryMetric={lb.primaryMetric}
          sort={sort}
          dir={dir}
          hrefFor={(s, d) => qs({ sort: s === lb.primaryMetric && d === "desc" ? undefined : s, dir: d === "desc" ? undefined : d })}
        />
      ) : (
        <EmptyState title="No submissions on this release yet">Be the first: upload a prediction file.</EmptyState>
      )}
      <p className="mt-3 text-xs text-slate-500">
        ± is half the width of the 95% bootstrap interval of {lb.primaryMetric} (1,000 seeded resamples over instances). JSON:{" "}
        <Link href={`/api/v1/tasks/${fullSlug}/leaderboard${release ? `?release=${release}` : ""}`}>API</Link>
      </p>
    </>
  );
}
