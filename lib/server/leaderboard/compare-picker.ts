// The compare page's pickers, from the cached board (no prediction is read): systems found by
// name to add to a comparison (up to four), and the "who beats whom" matrix of the picks (or the
// top ten) by the simultaneous 95% test behind the board's rank intervals.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withQuery } from "@/lib/href";
import { pairwiseVerdicts } from "@/lib/metrics";
import { sqlOf } from "@/lib/server/db";
import { toFloat64 } from "./board";
import { replicatesOf } from "./board.sql";
import { getBoard, getLeaderboard, type LeaderboardRow } from "./leaderboard";
import type { ResolvedTask } from "@/lib/server/tasks";

export const MAX_COMPARED = 4;

/**
 * Systems of the board (one row per system) whose model, team or system name contains `find`,
 * each with the compare URL that adds it; and the URL without each current pick.
 */
export async function compareCandidates(
  db: PrismaClient,
  task: ResolvedTask,
  opts: { ids: string[]; release?: string; find?: string },
) {
  const lb = await getLeaderboard(db, task, { release: opts.release, view: "best", q: opts.find || undefined });
  const all = opts.find ? lb.rows : [];
  // the picks' names as the board shows them (one the board does not show is named by the comparison itself)
  const every = opts.ids.length
    ? await getLeaderboard(db, task, { release: opts.release, view: "all", partial: true })
    : null;
  const names = new Map(every?.rows.map((r) => [r.submissionId, r.model]) ?? []);
  const base = `/tasks/${task.fullSlug}/compare`;
  const url = (ids: string[]) => withQuery(base, { ids: ids.join(",") || undefined, release: opts.release });
  return {
    find: opts.find ?? "",
    picked: opts.ids.map((id) => ({ submissionId: id, model: names.get(id) ?? null })),
    full: opts.ids.length >= MAX_COMPARED,
    matches: all
      .filter((r) => !opts.ids.includes(r.submissionId))
      .slice(0, 10)
      .map((r) => ({
        submissionId: r.submissionId,
        model: r.model,
        team: r.team,
        rank: r.rank,
        primary: r.primary,
        add: opts.ids.length < MAX_COMPARED ? url([...opts.ids, r.submissionId]) : null,
      })),
    more: Math.max(0, all.filter((r) => !opts.ids.includes(r.submissionId)).length - 10),
    remove: Object.fromEntries(opts.ids.map((id) => [id, url(opts.ids.filter((x) => x !== id))])),
  };
}

/**
 * Who beats whom: among the reader's picks (2–4 ranked submissions of the release) or else the
 * board's top ten systems. Cell [i][j] is "win" when row i is significantly better than row j with
 * every comparison of the board made at once (studentised max-T, the test behind the rank
 * intervals: the board's critical value, the picks' stored replicates), "loss" the other way,
 * "tie" otherwise. Null on a hidden release or while the intervals are being computed.
 */
export async function beatsMatrix(db: PrismaClient, task: ResolvedTask, release?: string, ids: string[] = []) {
  const lb = await getLeaderboard(db, task, { release, view: "best" });
  if (!lb.top || lb.intervals.state !== "fresh" || lb.release.hidden) return null;
  const picked = ids.length >= 2 ? await pickedMatrix(db, lb, ids) : null;
  if (picked) return { ...picked, primaryMetric: lb.primaryMetric, release: lb.release.version, picked: true };
  const byId = new Map(lb.rows.map((r) => [r.submissionId, r]));
  const rows = lb.top.ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  if (rows.length !== lb.top.ids.length || rows.length < 2) return null;
  const wins = lb.top.beats.map((b) => new Set(b));
  const cells = rows.map((_, i) =>
    rows.map((__, j) =>
      i === j ? null : wins[i].has(j) ? ("win" as const) : wins[j].has(i) ? ("loss" as const) : ("tie" as const),
    ),
  );
  return {
    primaryMetric: lb.primaryMetric,
    release: lb.release.version,
    picked: false,
    rows: rows.map(matrixRow),
    cells,
  };
}

const matrixRow = (r: LeaderboardRow) => ({
  submissionId: r.submissionId,
  model: r.model,
  team: r.team,
  rank: r.rank,
  primary: r.primary,
  interval: r.rankIntervalSimultaneous,
});

/** The picks' verdicts with the critical value of the view that holds them all (one row per system, else every submission). */
async function pickedMatrix(db: PrismaClient, lb: Awaited<ReturnType<typeof getLeaderboard>>, ids: string[]) {
  const release = await db.release.findUnique({ where: { id: lb.releaseId } });
  if (!release) return null;
  const board = await getBoard(db, release);
  const inView = (v: "best" | "all") => {
    const rows = ids.map((id) => board[v].find((r) => r.submissionId === id && r.rank !== null));
    return rows.every((r) => r !== undefined) ? (rows as LeaderboardRow[]) : null;
  };
  const view = inView("best") ? "best" : "all";
  const rows = inView(view);
  const critical = board.critical[view];
  if (!rows || critical === null) return null;
  const reps = new Map(
    (await replicatesOf(sqlOf(db), lb.releaseId, ids)).map((r) => [r.submission_id, r.replicates] as const),
  );
  const vectors = rows.map((r) => reps.get(r.submissionId));
  if (vectors.some((v) => !v)) return null;
  const cells = pairwiseVerdicts(
    rows.map((r) => r.primary ?? NaN),
    vectors.map((v) => toFloat64(v!)),
    critical,
  );
  return { rows: rows.map(matrixRow), cells, view };
}
