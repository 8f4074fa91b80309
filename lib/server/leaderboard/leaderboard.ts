import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { sortRows } from "@/lib/leaderboard-sort";
import type { MetricColumn } from "@/lib/tasks/types";
import type { LeaderboardView } from "@/lib/validations/leaderboard-view";
import { readBoard, type Board, type BoardRow } from "./board";
import { Lru } from "@/lib/server/cache";
import { readOnReplica } from "@/lib/server/db";
import { releaseJson } from "@/lib/server/releases";
import type { ResolvedTask } from "@/lib/server/tasks";
import { heldForReview, type HeldEntry } from "@/lib/server/integrity";

export type LeaderboardRow = BoardRow;

const same = (a: unknown, b: string) => typeof a === "string" && a.toLowerCase() === b.toLowerCase();

// Boards are cached per (release, board_version): triggers bump the version in the database on
// every change a board shows, so a process never serves a stale board, whichever process wrote.
const boards = new Lru<Promise<Board>>(64);
// Uploads held for review (issue 47) change the board_version as they are held and decided
const held = new Lru<Promise<HeldEntry[]>>(64);

/** A task's releases (published and archived; drafts never), with the one a view asks for. */
async function taskReleases(db: PrismaClient, taskId: string, version?: string) {
  const all = await db.release.findMany({
    where: { taskId, status: { in: ["published", "archived"] } },
    orderBy: { createdAt: "desc" },
  });
  const release = version ? all.find((r) => r.version === version) : all.find((r) => r.status === "published");
  if (!release)
    throw version
      ? notFound(`release ${version}`)
      : new AppError("not_found", "this task has no published release yet");
  return { release, releases: all.map((r) => ({ version: r.version, status: r.status, synthetic: r.synthetic })) };
}

/**
 * The whole board of a release, from the cache when its board_version has not moved; else read
 * from the read replica when it has exactly that board_version (lib/server/db/replica.ts), or
 * from the primary — never a lagging replica's board under this version's key.
 */
export async function getBoard(
  db: PrismaClient,
  release: { id: string; boardVersion: bigint; hidden: boolean },
): Promise<Board> {
  const key = `${release.id}:${release.boardVersion}`;
  let board = boards.get(key);
  if (!board) {
    board = readOnReplica(db, release, (replica) => readBoard(replica, release)).then(
      (b) => b ?? readBoard(db, release),
    );
    board.catch(() => undefined);
    boards.set(key, board);
  }
  return board;
}

/** The release's uploads held for review (listed under its board, outside the ranking), cached like the board. */
function heldOn(db: PrismaClient, release: { id: string; boardVersion: bigint }): Promise<HeldEntry[]> {
  const key = `${release.id}:${release.boardVersion}`;
  let list = held.get(key);
  if (!list) {
    list = heldForReview(db, release.id);
    list.catch(() => held.delete(key));
    held.set(key, list);
  }
  return list;
}

/** The view's filters: partial, baselines, synthetic, open source, system metadata, team, dates and the search. */
function viewFilter(view: Partial<LeaderboardView>): (r: BoardRow) => boolean {
  const from = view.from ? new Date(`${view.from}T00:00:00Z`) : null;
  const to = view.to ? new Date(`${view.to}T23:59:59.999Z`) : null;
  const q = view.q?.toLowerCase();
  return (r) =>
    (view.partial || !r.partial) &&
    (view.baselines !== false || !r.baseline) &&
    (view.synthetic !== false || !r.synthetic) &&
    (!view.oss || r.oss) &&
    (!view.agent || same(r.meta.agent, view.agent)) &&
    (!view.base_model || same(r.meta.base_model, view.base_model)) &&
    (!view.judge_model || same(r.meta.judge_model, view.judge_model)) &&
    (!view.paper_judge || r.paperJudge !== null) &&
    (!view.min_runs || r.baseline !== null || (r.runs?.k ?? 1) >= view.min_runs) &&
    (!view.agentic || (r.meta.agentic ?? null) === (view.agentic === "1")) &&
    (!view.team || r.teamSlug === view.team) &&
    (!from || new Date(r.createdAt) >= from) &&
    (!to || new Date(r.createdAt) <= to) &&
    (!q || [r.model, r.system ?? "", r.team ?? ""].some((s) => s.toLowerCase().includes(q)));
}

/**
 * The values of the metadata filters, from the whole view (so a filter can be undone): one choice
 * per value whatever its case (the filter matches case-insensitively); judged: the paper's judge setups.
 */
function facetsOf(all: BoardRow[], task: ResolvedTask) {
  const metaValues = (k: "agent" | "base_model" | "judge_model") => {
    const seen = new Map<string, string>();
    for (const r of all) {
      const v = r.meta[k];
      if (typeof v === "string" && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
    }
    return [...seen.values()].sort((a, b) => a.localeCompare(b));
  };
  return {
    agent: metaValues("agent"),
    base_model: metaValues("base_model"),
    judge_model: metaValues("judge_model"),
    judged: task.kind.judge ? task.kind.judge.paper.map((p) => p.label) : null,
  };
}

/**
 * A task's leaderboard on a release (current by default): public, scored submissions in board
 * order — one row per system (its best complete submission) unless the view asks for `all`.
 * Complete, non-baseline rows have competition ranks (ties share) over the whole view, before any
 * filter, with 95% rank intervals; baselines and partial ones are listed in place with rank null.
 * Then the view's filters, search, sort and page (limit/offset) apply. Two small queries and a
 * cached board: no prediction is read.
 */
export async function getLeaderboard(db: PrismaClient, task: ResolvedTask, view: Partial<LeaderboardView>) {
  const { release, releases } = await taskReleases(db, task.id, view.release);
  const [board, heldList] = await Promise.all([getBoard(db, release), heldOn(db, release)]);
  const boardView = view.view ?? "best";
  const all = board[boardView];
  let rows = all.filter(viewFilter(view));
  const columns: MetricColumn[] = task.kind.columns(task.options);
  const sortKeys = new Set([...columns.map((c) => c.key), "model", "team", "date", "coverage", "cost"]);
  const sort = view.sort && sortKeys.has(view.sort) ? view.sort : task.primaryMetric;
  const dir = view.dir ?? (columns.find((c) => c.key === sort)?.better === "lower" ? "asc" : "desc");
  if (!(sort === task.primaryMetric && dir === "desc")) rows = sortRows(rows, sort, dir);

  const facets = facetsOf(all, task);
  const teams = [...new Map(all.filter((r) => r.teamSlug).map((r) => [r.teamSlug!, r.team!])).entries()].map(
    ([slug, name]) => ({ slug, name }),
  );
  return {
    task: task.fullSlug,
    kind: task.kindName,
    taskName: task.name,
    benchmark: task.benchmark,
    description: task.description,
    hiddenApprovedOnly: task.hiddenApprovedOnly,
    release: releaseJson(release),
    releaseId: release.id,
    boardVersion: String(release.boardVersion),
    releases,
    primaryMetric: task.primaryMetric,
    columns,
    view: boardView,
    sort,
    dir,
    teams,
    /** the system metadata values the view's rows carry (the filters' choices); judged: the paper's judge setups */
    facets,
    total: all.length,
    /** rows of each view, baselines not counted (systems; public submissions) */
    counts: {
      best: board.best.filter((r) => !r.baseline).length,
      all: board.all.filter((r) => !r.baseline).length,
      /** the view's ranked rows (complete, not baselines) */
      ranked: all.filter((r) => r.rank !== null).length,
      /** ranked rows whose simultaneous 95% interval reaches #1: no row beats them beyond chance */
      topGroup: all.filter((r) => r.rank !== null && r.topGroup).length,
    },
    /** the rank intervals: fresh, being computed, or none (hidden releases) */
    intervals: board.intervals,
    /** the view's top ranked rows and whom each significantly beats (simultaneous 95%) */
    top: board.top[boardView],
    /** the primary metric of the view's rank 1 (null: nothing ranked) */
    top1: all.find((r) => r.rank === 1)?.primary ?? null,
    /** the view's baselines (whatever the filters and page), for a band of their own */
    baselines: all.filter((r) => r.baseline),
    /** public uploads held for review by the integrity audit: not ranked, not in the rows, listed under the board */
    held: heldList,
    /** rows matching the view's filters, before limit/offset */
    matched: rows.length,
    offset: view.offset ?? 0,
    limit: view.limit ?? null,
    rows:
      view.limit !== undefined || view.offset
        ? rows.slice(view.offset ?? 0, (view.offset ?? 0) + (view.limit ?? rows.length))
        : rows,
  };
}
