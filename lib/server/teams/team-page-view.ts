// The team page's view model: the team (teamView), its standing on each task it is on — its best
// system's rank and score on the task's current board — and, for the page of submissions listed,
// each one's primary metric and its rank on its release's board. Ranks are read from the boards
// (cached per board_version; no prediction is read), which the page passes in as `boardOf`:
// teams sits below the read models (lib/server/leaderboard) and may not import them.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getTaskKind } from "@/lib/tasks";
import { taskOptions } from "@/lib/tasks/catalog";
import type { MetricColumn } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";
import { teamView } from "./teams";

/** What the team page reads of a board row (lib/server/leaderboard's BoardRow has these and more). */
export interface BoardRankRow {
  submissionId: string;
  model: string;
  teamSlug: string | null;
  primary: number | null;
  /** competition rank among the view's complete, non-baseline rows; null: not ranked */
  rank: number | null;
}

/** A release's board (lib/server/leaderboard getBoard): every public row, and one row per system. */
export type BoardOf = (release: {
  id: string;
  boardVersion: bigint;
  hidden: boolean;
}) => Promise<{ all: BoardRankRow[]; best: BoardRankRow[] }>;

/** A task's primary metric as its board column shows it. */
export type PrimaryMetric = Pick<MetricColumn, "key" | "label" | "format">;

type TaskRef = { fullSlug: string; kind: string; primaryMetric: string };
type ReleaseRef = { id: string; version: string; status: string; hidden: boolean; boardVersion: bigint };
/** The columns of TaskRef and ReleaseRef, as Prisma selects them. */
const TASK_REF = { fullSlug: true, kind: true, primaryMetric: true } as const;
const RELEASE_REF = { id: true, version: true, status: true, hidden: true, boardVersion: true } as const;

function primaryMetricOf(task: TaskRef): PrimaryMetric {
  const c = getTaskKind(task.kind)
    .columns(taskOptions(task.fullSlug))
    .find((x) => x.key === task.primaryMetric);
  return { key: task.primaryMetric, label: c?.label ?? task.primaryMetric, format: c?.format ?? "number3" };
}

interface BoardIndex {
  all: Map<string, BoardRankRow>;
  best: Map<string, BoardRankRow>;
  /** the ranked rows of the one-row-per-system view: the "of N" of a rank */
  ranked: number;
  /** the one-row-per-system view in board order */
  bestRows: BoardRankRow[];
}
// boards are cached per board_version, so their indexes are built once per board, not per request
const indexes = new WeakMap<object, BoardIndex>();

async function boardIndex(boardOf: BoardOf, release: ReleaseRef): Promise<BoardIndex> {
  const board = await boardOf(release);
  let ix = indexes.get(board);
  if (!ix) {
    ix = {
      all: new Map(board.all.map((r) => [r.submissionId, r])),
      best: new Map(board.best.map((r) => [r.submissionId, r])),
      ranked: board.best.filter((r) => r.rank !== null).length,
      bestRows: board.best,
    };
    indexes.set(board, ix);
  }
  return ix;
}

/** Where one submission stands: its primary metric and its rank on its release's board (or why it has none). */
export interface SubmissionStanding {
  release: { version: string; current: boolean; hidden: boolean };
  metric: PrimaryMetric;
  /** the primary metric as the board shows it (on a hidden release: what the Ladder released); null: not shown */
  value: number | null;
  /** its rank in the one-row-per-system view, of how many ranked rows; null: not ranked */
  rank: { rank: number; of: number } | null;
  /** why it is not ranked (null when ranked) */
  unranked: string | null;
}

type ListedSubmission = { id: string; visibility: string; hidden: { reason: string | null } | null };
type ScoreRef = { primaryValue: number | null; partial: boolean; release: ReleaseRef & { task: TaskRef } };

async function submissionStanding(
  s: ListedSubmission,
  score: ScoreRef | undefined,
  boardOf: BoardOf,
): Promise<SubmissionStanding | null> {
  if (!score) return null;
  const { release } = score;
  const ix = await boardIndex(boardOf, release);
  const onBoard = ix.all.get(s.id);
  const best = ix.best.get(s.id);
  const rank = best && best.rank !== null ? { rank: best.rank, of: ix.ranked } : null;
  const unranked = rank
    ? null
    : s.visibility === "private"
      ? "private"
      : s.hidden
        ? "hidden"
        : score.partial
          ? "partial"
          : onBoard
            ? "not its system's best"
            : "not on the board";
  return {
    release: { version: release.version, current: release.status === "published", hidden: release.hidden },
    metric: primaryMetricOf(release.task),
    // off the board (private, hidden) on a hidden release, the exact score stays with the submission's page
    value: onBoard ? onBoard.primary : release.hidden ? null : score.primaryValue,
    rank,
    unranked,
  };
}

/** The score each submission is shown with: on its task's current release, else its latest (drafts never). */
async function currentScores(db: PrismaClient, ids: string[]): Promise<Map<string, ScoreRef>> {
  if (!ids.length) return new Map();
  const scores = await db.score.findMany({
    where: { submissionId: { in: ids }, release: { status: { in: ["published", "archived"] } } },
    select: {
      submissionId: true,
      primaryValue: true,
      partial: true,
      release: { select: { ...RELEASE_REF, task: { select: TASK_REF } } },
    },
    orderBy: { computedAt: "desc" },
  });
  const out = new Map<string, ScoreRef>();
  for (const s of scores) {
    const had = out.get(s.submissionId);
    if (!had || (had.release.status !== "published" && s.release.status === "published")) out.set(s.submissionId, s);
  }
  return out;
}

/** The team on one task: its best system on the task's current board, and how many of its systems are there. */
export interface TaskStanding {
  task: string;
  taskName: string;
  benchmarkName: string;
  release: { version: string; hidden: boolean };
  metric: PrimaryMetric;
  /** the team's best ranked system (null: none of its systems is ranked on this board) */
  best: { submissionId: string; model: string; rank: number; value: number | null } | null;
  /** ranked rows of the board (one per system) */
  of: number;
  /** the team's rows on the board (one per system; partial ones too) */
  systems: number;
  /** the board filtered to the team */
  href: string;
}

async function taskStanding(
  slug: string,
  release: ReleaseRef & { task: TaskRef & { name: string; benchmark: { name: string } } },
  boardOf: BoardOf,
): Promise<TaskStanding> {
  const ix = await boardIndex(boardOf, release);
  const mine = ix.bestRows.filter((r) => r.teamSlug === slug);
  const top = mine.find((r) => r.rank !== null);
  return {
    task: release.task.fullSlug,
    taskName: release.task.name,
    benchmarkName: release.task.benchmark.name,
    release: { version: release.version, hidden: release.hidden },
    metric: primaryMetricOf(release.task),
    best: top ? { submissionId: top.submissionId, model: top.model, rank: top.rank!, value: top.primary } : null,
    of: ix.ranked,
    systems: mine.length,
    href: `/tasks/${release.task.fullSlug}?team=${encodeURIComponent(slug)}`,
  };
}

/** The current releases of the tasks on which the viewer may see submissions of the team, in catalog order. */
function teamReleases(db: PrismaClient, slug: string, member: boolean) {
  return db.release.findMany({
    where: {
      status: "published",
      task: {
        submissions: {
          some: { team: { slug }, status: "scored", ...(member ? {} : { visibility: "public", hiddenAt: null }) },
        },
      },
    },
    select: {
      ...RELEASE_REF,
      task: { select: { ...TASK_REF, name: true, benchmark: { select: { name: true } } } },
    },
    orderBy: [{ task: { benchmark: { sortOrder: "asc" } } }, { task: { sortOrder: "asc" } }],
  });
}

/**
 * The team page: teamView, a standing per task the team is on (its best system's rank and score on
 * the current board, linking to the board filtered to the team) and, per listed submission, its
 * primary metric and board rank ("#12 of 1,013", or why it is not ranked). Reads the page's
 * scores and the boards (cached): no prediction.
 * @throws AppError not_found (no such team)
 */
export async function teamPageView(
  db: PrismaClient,
  slug: string,
  actor: Actor | null,
  opts: { page?: number; pageSize?: number },
  boardOf: BoardOf,
) {
  const t = await teamView(db, slug, actor, opts);
  const [scores, releases] = await Promise.all([
    currentScores(
      db,
      t.submissions.map((s) => s.id),
    ),
    teamReleases(db, t.slug, t.viewer.member),
  ]);
  const [submissions, standings] = await Promise.all([
    Promise.all(
      t.submissions.map(async (s) => ({ ...s, standing: await submissionStanding(s, scores.get(s.id), boardOf) })),
    ),
    Promise.all(releases.map((r) => taskStanding(t.slug, r, boardOf))),
  ]);
  return { ...t, submissions, standings };
}

export type TeamPageView = Awaited<ReturnType<typeof teamPageView>>;
