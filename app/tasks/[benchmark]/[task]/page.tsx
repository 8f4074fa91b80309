import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { CiteCard } from "@/components/leaderboard/cite-card";
import { LeaderboardFilters } from "@/components/leaderboard/leaderboard-filters";
import { PrintOnLoad } from "@/components/leaderboard/print-button";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { TaskCharts } from "@/components/task/task-charts";
import { Badge } from "@/components/ui/badge";
import { Pager } from "@/components/ui/pager";
import { ChartSkeleton, EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { boardOg, versionTag } from "@/lib/server/previews";
import { publicUrl } from "@/lib/server/http";
import { findTaskDef } from "@/lib/tasks/catalog";
import { AppError } from "@/lib/errors";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { findTask } from "@/lib/server/tasks";
import { parseLeaderboardViewLenient, viewQuery } from "@/lib/validations/leaderboard-view";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

type Params = Promise<{ benchmark: string; task: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Search;
}): Promise<Metadata> {
  const { benchmark, task } = await params;
  const sp = await searchParams;
  const release = typeof sp.release === "string" && sp.release ? sp.release : undefined;
  const fallback = { title: `${benchmark}/${task} leaderboard` };
  try {
    // the preview image's URL names the board version: a new score gives a new image
    const og = await boardOg(await getDb(), `${benchmark}/${task}`, release);
    const title = `${og.card.title} leaderboard · ${og.card.kicker.replace(/ leaderboard$/, "")}`;
    const description = `${og.card.sub}. ${og.card.rows.length ? `Top: ${og.card.rows.map((r) => `${r.name} ${r.value}`).join(", ")}.` : ""}`;
    const image = {
      url: `/og/tasks/${benchmark}/${task}?${new URLSearchParams({ ...(release ? { release } : {}), v: versionTag(og.version) })}`,
      width: 1200,
      height: 630,
      alt: `${title}: the top five`,
    };
    return {
      title,
      description,
      alternates: {
        canonical: `/tasks/${benchmark}/${task}${release ? `?release=${encodeURIComponent(release)}` : ""}`,
      },
      openGraph: { title, description, images: [image], url: `/tasks/${benchmark}/${task}` },
      twitter: { card: "summary_large_image", title, description, images: [image.url] },
    };
  } catch {
    return fallback;
  }
}

export default async function TaskLeaderboardPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { benchmark, task } = await params;
  const fullSlug = `${benchmark}/${task}`;
  const db = await getDb();
  const taskRow = await findTask(db, fullSlug);
  if (!taskRow) notFound();
  // An invalid view is not silently dropped: the valid parts apply and the rest is named.
  const { print, ...rawView } = await searchParams;
  const { view, ignored } = parseLeaderboardViewLenient(rawView);
  // the print view: every row of the view, no controls, the release and the date on the page
  const printing = print === "1";

  const header = (
    <div className="mb-4">
      <p className="text-sm text-muted">
        <Link href="/">Leaderboards</Link> / {taskRow.benchmark.name}
      </p>
      <h1 className="text-2xl font-bold">
        {taskRow.benchmark.name} · {taskRow.name}
      </h1>
      <p className="mt-1 max-w-4xl text-sm text-slate-600 dark:text-slate-400">{taskRow.description}</p>
      <nav className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden" aria-label="Task">
        <Link href={`/tasks/${fullSlug}`} aria-current="page" className="font-semibold">
          Leaderboard
        </Link>
        <Link href={`/tasks/${fullSlug}/instances`}>Instances</Link>
        <Link href={`/tasks/${fullSlug}/releases`}>Releases</Link>
        <Link href={`/tasks/${fullSlug}/changelog`}>Changelog</Link>
        <Link href={`/tasks/${fullSlug}/submit`}>Submit</Link>
      </nav>
    </div>
  );

  let lb;
  try {
    // one page of rows at a time (a board may hold thousands); the URL holds the page
    lb = await getLeaderboard(
      db,
      fullSlug,
      printing ? { ...view, limit: undefined, offset: undefined } : { ...view, limit: view.limit ?? PAGE_SIZE },
    );
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") {
      // a release named in the URL that is not there (or a draft) is a missing page
      if (view.release) notFound();
      return (
        <>
          {header}
          <EmptyState title="No published release yet">
            An admin imports and publishes a dataset release; then submissions can be scored.
          </EmptyState>
        </>
      );
    }
    throw e;
  }
  const base = `/tasks/${fullSlug}`;
  const primaryCol = lb.columns.find((c) => c.key === lb.primaryMetric);
  const showCost = lb.rows.some((r) => r.cost.usd !== null);
  // The page of rows is a display matter: exports, charts, sorting and release links start from
  // the whole view (the first page).
  const unpaged = { ...view, offset: undefined, limit: undefined };
  const shownView = { ...unpaged, sort: lb.sort, dir: lb.dir };

  const def = findTaskDef(fullSlug);
  return (
    <>
      {header}
      <p className="mb-3 hidden text-sm print:block" data-testid="print-header">
        Release {lb.release.version} ({lb.release.instanceCount} instances{lb.release.hidden ? ", hidden test set" : ""}
        ) · {lb.matched} of {lb.total} submissions · printed {new Date().toISOString().slice(0, 10)} from {publicUrl()}
        /tasks/{fullSlug}
        {viewQuery({ ...unpaged, release: lb.release.version }, lb.primaryMetric)}
      </p>
      {lb.release.synthetic ? (
        <div
          role="note"
          data-testid="synthetic-banner"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <strong>Synthetic release.</strong>{" "}
          {lb.release.notes || "Generated data standing in for the official release."} Its instances, ground truth and
          the systems listed are made up (fixed-seed generator); no real model is scored against it.
        </div>
      ) : null}
      {lb.release.hidden ? (
        <div
          id="ladder"
          role="note"
          data-testid="ladder-banner"
          className="mb-4 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <strong>Hidden test set, scored with the Ladder.</strong> The ground truth of this release never leaves the
          server, and neither does any number computed per instance (no curves, intervals, disagreement lists or dry-run
          metrics). A team&apos;s first submission is shown; a later one only when its{" "}
          {lb.columns.find((c) => c.key === lb.primaryMetric)?.label ?? lb.primaryMetric} beats the team&apos;s best
          shown one by more than the margin of a 95% paired bootstrap on the hidden instances (a bar raised a little, at
          random) — and then with random noise of about a margin (±) added and rounded to that margin on a grid shifted
          by a secret offset for each team: a shown value is usually within one margin of the true one (84%), within two
          98% of the time, never more than 3½ margins off. Otherwise the team sees &ldquo;not a significant improvement
          over your best&rdquo; and nothing new is shown. This is the Ladder of Blum &amp; Hardt (ICML 2015), with the
          noise of Hardt&apos;s Shaky Ladder (2017): it stops a team, or many accounts, from fitting the hidden labels
          by uploading variations, while real improvements still climb the board. Uploads are limited per team and day
          {lb.hiddenApprovedOnly ? "; only teams an admin approved may upload to this release" : ""}.
        </div>
      ) : null}
      <div className="mb-3 flex flex-wrap items-center gap-3 text-sm print:hidden">
        <Badge tone={lb.release.synthetic ? "amber" : "green"}>
          release {lb.release.version} · {lb.release.instanceCount} instances
          {lb.release.synthetic ? " · synthetic" : ""}
          {lb.release.hidden ? " · hidden truth" : ""}
        </Badge>
        {lb.releases.length > 1 ? (
          <nav className="flex items-center gap-2" aria-label="Releases" data-testid="release-switcher">
            Release:
            {lb.releases.map((r) => (
              <Link
                key={r.version}
                href={`${base}${viewQuery({ ...unpaged, release: r.status === "published" ? undefined : r.version }, lb.primaryMetric)}`}
                aria-current={r.version === lb.release.version ? "page" : undefined}
                className={r.version === lb.release.version ? "font-semibold underline" : ""}
              >
                {r.version}
                {r.status === "published" ? " (current)" : ""}
              </Link>
            ))}
          </nav>
        ) : null}
        <Link
          href={`${base}/submit`}
          className="ml-auto rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white no-underline hover:bg-sky-800"
        >
          Submit predictions
        </Link>
      </div>
      {ignored.length ? (
        <p
          role="alert"
          data-testid="ignored-params"
          className="mb-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          Ignored {ignored.map((i) => `${i.key}: ${i.message}`).join("; ")}.
        </p>
      ) : null}
      <LeaderboardFilters
        action={base}
        view={view}
        releases={lb.releases}
        currentVersion={lb.release.version}
        teams={lb.teams}
        sort={view.sort ?? ""}
        dir={view.dir ?? ""}
        exportCsv={`/api/v1/tasks/${fullSlug}/leaderboard${viewQuery({ ...shownView, format: "csv" }, lb.primaryMetric)}`}
        exportJson={`/api/v1/tasks/${fullSlug}/leaderboard${viewQuery(shownView, lb.primaryMetric)}`}
      />
      {primaryCol ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="ranking-note">
          Ranked by <strong>{primaryCol.label}</strong>: {primaryCol.description} Baselines computed by the server are
          listed in place, without a rank; ≈ marks a rank not significantly different from the one above (95% paired
          bootstrap).
        </p>
      ) : null}
      {lb.rows.length ? (
        <form action={`${base}/compare`} method="get">
          {lb.release.version && view.release ? <input type="hidden" name="release" value={view.release} /> : null}
          <LeaderboardTable
            rows={lb.rows}
            columns={lb.columns}
            primaryMetric={lb.primaryMetric}
            sort={lb.sort}
            dir={lb.dir}
            showCost={showCost}
            hrefFor={(s, d) =>
              `${base}${viewQuery({ ...unpaged, limit: view.limit, sort: s, dir: d }, lb.primaryMetric)}`
            }
          />
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm print:hidden">
            <button
              type="submit"
              className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700"
              data-testid="compare-selected"
            >
              Compare selected (2–4)
            </button>
            <Pager
              offset={lb.offset}
              limit={lb.limit ?? PAGE_SIZE}
              matched={lb.matched}
              href={(offset) => `${base}${viewQuery({ ...view, offset, limit: view.limit }, lb.primaryMetric)}`}
            />
            <span className="text-muted">
              {lb.matched} of {lb.total} submissions match · sorted by {lb.sort} (
              {lb.dir === "desc" ? "high → low" : "low → high"}) · ± is half the 95% bootstrap interval of{" "}
              {lb.primaryMetric} (1,000 seeded resamples)
            </span>
            <a
              href={`${base}${viewQuery(unpaged, lb.primaryMetric) || "?"}${viewQuery(unpaged, lb.primaryMetric) ? "&" : ""}print=1`}
              data-testid="print-link"
            >
              Print all {lb.matched} rows
            </a>
          </div>
        </form>
      ) : (
        <EmptyState title="No submissions match">
          Change the filters, or be the first: upload a prediction file.
        </EmptyState>
      )}
      <CiteCard
        input={{
          benchmark: {
            slug: taskRow.benchmark.slug,
            name: taskRow.benchmark.name,
            paperTitle: def?.benchmark.paperTitle ?? "",
            paperAuthors: def?.benchmark.paperAuthors ?? [],
          },
          task: { slug: task, name: taskRow.name },
          release: { version: lb.release.version, publishedAt: lb.release.publishedAt ?? null },
          url: `${publicUrl()}/tasks/${fullSlug}?release=${encodeURIComponent(lb.release.version)}`,
          accessed: new Date().toISOString().slice(0, 10),
        }}
      />
      {printing ? <PrintOnLoad /> : null}
      <section className="mt-8 print:hidden" aria-label="Charts">
        <Suspense fallback={<ChartSkeleton />}>
          <TaskCharts fullSlug={fullSlug} view={unpaged} />
        </Suspense>
      </section>
    </>
  );
}
