import type { Metadata } from "next";
import { AppError } from "@/lib/errors";
import { BoardRows } from "@/components/leaderboard/board-rows";
import {
  IgnoredParams,
  LadderBanner,
  PrintHeader,
  RankingNote,
  SubsetSwitch,
  SyntheticBanner,
} from "@/components/leaderboard/board-notes";
import { CiteCard } from "@/components/leaderboard/cite-card";
import { LeaderboardFilters } from "@/components/leaderboard/leaderboard-filters";
import { PrintOnLoad } from "@/components/leaderboard/print-button";
import { ReleaseBar } from "@/components/leaderboard/release-bar";
import { JudgeAgreementCard } from "@/components/task/judge-agreement-card";
import { TaskCharts } from "@/components/task/task-charts";
import { BreakdownHeatmap } from "@/components/task/breakdown-heatmap";
import { TaskHeader } from "@/components/task/task-header";
import { previewMetadata } from "@/components/og/preview-metadata";
import type { TaskPageProps } from "@/components/task/task-page";
import { EmptyState } from "@/components/ui/card";
import { getDb, sqlOf } from "@/lib/server/db";
import { publicUrl } from "@/lib/server/http";
import { frozenBoard, latestSnapshot } from "@/lib/server/snapshots";
import { FrozenBoard } from "@/components/leaderboard/frozen-board";
import { HeldForReview } from "@/components/leaderboard/held-for-review";
import { boardPageView, breakdownHeatmap, taskChartData } from "@/lib/server/leaderboard";
import { orNotFound, redirectWithoutEmptyParams } from "@/lib/server/pages";
import { getTaskCached } from "@/lib/server/tasks";
import { boardOg, versionTag } from "@/lib/server/previews";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { agreementView } from "@/lib/server/judging";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params, searchParams }: TaskPageProps): Promise<Metadata> {
  const { benchmark, task } = await params;
  const sp = await searchParams;
  const release = typeof sp.release === "string" && sp.release ? sp.release : undefined;
  const fallback = { title: `${benchmark}/${task} leaderboard` };
  try {
    // the preview image's URL names the board version: a new score gives a new image
    const db = await getDb();
    const og = await boardOg(db, await getTaskCached(db, fullSlugOf({ benchmark, task })), release);
    const title = `${og.card.title} leaderboard · ${og.card.kicker.replace(/ leaderboard$/, "")}`;
    const description = `${og.card.sub}. ${og.card.rows.length ? `Top: ${og.card.rows.map((r) => `${r.name} ${r.value}`).join(", ")}.` : ""}`;
    return {
      ...previewMetadata({
        title,
        description,
        image: `/og/tasks/${benchmark}/${task}?${new URLSearchParams({ ...(release ? { release } : {}), v: versionTag(og.version) })}`,
        alt: `${title}: the top five`,
        url: `/tasks/${benchmark}/${task}`,
      }),
      alternates: {
        canonical: `/tasks/${benchmark}/${task}${release ? `?release=${encodeURIComponent(release)}` : ""}`,
      },
    };
  } catch (e) {
    // an unknown task or release is the page's 404: its title says so, not "x/y leaderboard"
    if (e instanceof AppError && e.code === "not_found") return { title: "Not found" };
    return fallback;
  }
}

/**
 * A task's leaderboard: one view model (the task, the view from the URL, one page of the board),
 * composed of sections; the charts stream in from a promise started here.
 */
export default async function TaskLeaderboardPage({ params, searchParams }: TaskPageProps) {
  const { benchmark, task } = await params;
  const db = await getDb();
  const sp = await searchParams;
  // the filters' empty fields (`?q=&team=`) leave the URL: one view, one address
  redirectWithoutEmptyParams(`/tasks/${encodeURIComponent(benchmark)}/${encodeURIComponent(task)}`, sp);
  // ?snapshot=ID: the board as that snapshot froze it
  if (typeof sp.snapshot === "string") return <SnapshotView fullSlug={fullSlugOf({ benchmark, task })} search={sp} />;
  const resolved = await orNotFound(getTaskCached(db, fullSlugOf({ benchmark, task })));
  const v = await orNotFound(boardPageView(db, resolved, sp));
  const header = <TaskHeader task={v.task} current="leaderboard" />;
  const board = v.board;
  if (!board) {
    return (
      <>
        {header}
        <EmptyState title="No published release yet">
          An admin imports and publishes a dataset release; then submissions can be scored.
        </EmptyState>
      </>
    );
  }
  const { lb } = board;
  const boardHeader = (
    <TaskHeader task={v.task} current="leaderboard" aside={<ReleaseBar board={board} base={v.base} />} />
  );
  // the newest frozen state of this release, for the cite card (a failed read leaves it out)
  const snapshot = await latestSnapshot(db, lb.releaseId).catch(() => null);
  const agreement = v.task.kind.serverJudge ? await agreementView(sqlOf(db), lb.releaseId).catch(() => null) : null;
  const charts = taskChartData(db, v.task, { ...board.unpaged, pick: undefined, by: undefined });
  // where does it fail: the top systems × the slices of an attribute (from the scores' stored breakdowns)
  // (the board's filters apply: a team's, an agent's, a search's top systems)
  const heatmap = breakdownHeatmap(db, v.task, { ...board.unpaged, by: v.view.by }).catch(() => null);
  return (
    <>
      <SkipToRanking />
      {boardHeader}
      <PrintHeader board={board} origin={publicUrl()} />
      {lb.release.synthetic ? <SyntheticBanner notes={lb.release.notes} /> : null}
      {lb.release.hidden ? (
        <LadderBanner
          metricLabel={board.primaryColumn?.label ?? lb.primaryMetric}
          approvedOnly={Boolean(lb.hiddenApprovedOnly)}
        />
      ) : null}
      <IgnoredParams ignored={v.ignored} />
      {/* the rows are in the page's shell, complete as React renders them: no boundary streams
          them in later, so a reader without JavaScript has them (docs/architecture.md) */}
      <BoardFilters v={v} board={board} />
      <RankingNote column={board.primaryColumn} board={board} />
      {/* a subset the release declares (CR-Bench-verified): the board ranks on it by a permalink */}
      <SubsetSwitch subset={v.task.kind.subset} board={board} />
      <BoardRows board={board} base={v.base} release={v.view.release} />
      {/* uploads held by the integrity audit: outside the ranking, listed under it (issue 47) */}
      <HeldForReview held={lb.held} changelog={`/tasks/${v.fullSlug}/changelog`} />
      <BoardCite v={v} board={board} task={task} snapshot={snapshot} />
      {/* a kind with a server judge (CR-Bench): the judge against the release's human labels (nothing when it has none) */}
      <JudgeAgreementCard agreement={agreement} />
      {v.printing ? <PrintOnLoad /> : null}
      <section className="below-fold mt-8 print:hidden" aria-label="Charts">
        <TaskCharts data={charts} />
        <div className="mt-6">
          <BreakdownHeatmap data={heatmap} href={board.links.heatmap} />
        </div>
      </section>
    </>
  );
}

type BoardView = Awaited<ReturnType<typeof boardPageView>>;
type Board = NonNullable<BoardView["board"]>;

/** Keyboard readers: past the header, filters and notes straight to the rows. */
function SkipToRanking() {
  return (
    <a
      href="#ranking"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-12 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
      data-testid="skip-to-ranking"
    >
      Skip to the ranking
    </a>
  );
}

/** The board's filters, views and exports. */
function BoardFilters({ v, board }: { v: BoardView; board: Board }) {
  const { lb } = board;
  return (
    <LeaderboardFilters
      action={v.base}
      view={v.view}
      releases={lb.releases}
      currentVersion={lb.release.version}
      teams={lb.teams}
      facets={lb.facets}
      pivot={`/tasks/${v.fullSlug}/pivot${lb.release.status === "published" ? "" : `?release=${encodeURIComponent(lb.release.version)}`}`}
      sort={v.view.sort ?? ""}
      dir={v.view.dir ?? ""}
      exportCsv={board.links.exportCsv}
      exportJson={board.links.exportJson}
      cols={board.columns.param}
    />
  );
}

/** How to cite the board: the benchmark's paper, the release, the URL and the snapshot of exactly this board (issue 48). */
function BoardCite({
  v,
  board,
  task,
  snapshot,
}: {
  v: BoardView;
  board: Board;
  /** the task's slug within its benchmark */
  task: string;
  snapshot: Awaited<ReturnType<typeof latestSnapshot>> | null;
}) {
  const { lb } = board;
  return (
    <CiteCard
      input={{
        benchmark: {
          slug: v.task.benchmark.slug,
          name: v.task.benchmark.name,
          paperTitle: v.paper.title,
          paperAuthors: v.paper.authors,
        },
        task: { slug: task, name: v.task.name },
        release: { version: lb.release.version, publishedAt: lb.release.publishedAt ?? null },
        url: `${publicUrl()}/tasks/${v.fullSlug}?release=${encodeURIComponent(lb.release.version)}`,
        accessed: new Date().toISOString().slice(0, 10),
        snapshot: snapshot ? { ...snapshot, url: `${publicUrl()}${snapshot.page}` } : null,
      }}
      frozen={snapshot ? { exact: snapshot.boardVersion >= BigInt(lb.boardVersion), systems: lb.counts.best } : null}
    />
  );
}

/** `?snapshot=ID`: the frozen board (an unknown id, or another task's, is the page's 404). */
async function SnapshotView({
  fullSlug,
  search,
}: {
  fullSlug: string;
  search: Record<string, string | string[] | undefined>;
}) {
  const id = String(search.snapshot);
  const db = await getDb();
  const snapshot = await orNotFound(frozenBoard(db, fullSlug, id, search.view === "all" ? "all" : "best"));
  const task = await orNotFound(getTaskCached(db, fullSlug));
  return (
    <>
      <TaskHeader task={task} current="leaderboard" />
      <FrozenBoard fullSlug={fullSlug} snapshot={snapshot} />
    </>
  );
}
