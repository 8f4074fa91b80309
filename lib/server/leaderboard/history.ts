// Progress over time, from the board (no prediction is read): the best primary metric on a
// release by upload date — each point a new record, with the record holder's 95% interval — and
// the dates the task's releases were published, to mark them.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getLeaderboard, type LeaderboardRow } from "./leaderboard";
import type { ResolvedTask } from "@/lib/server/tasks";

export interface HistoryPoint {
  /** upload time (ms since the epoch) */
  t: number;
  value: number;
  low: number | null;
  high: number | null;
  model: string;
  team: string | null;
  submissionId: string;
}

/**
 * The records: complete, non-baseline rows by upload date, keeping each one that beats every
 * earlier one (ties keep the earlier). The last record is carried to `until` so the line reaches today.
 */
export function recordsOverTime(rows: LeaderboardRow[], until = Date.now()): HistoryPoint[] {
  const ranked = rows
    .filter((r) => r.rank !== null && r.primary !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.submissionId.localeCompare(b.submissionId));
  const out: HistoryPoint[] = [];
  for (const r of ranked) {
    if (out.length && r.primary! <= out[out.length - 1].value) continue;
    out.push({
      t: Date.parse(r.createdAt),
      value: r.primary!,
      low: r.ci?.low ?? null,
      high: r.ci?.high ?? null,
      model: r.model,
      team: r.team,
      submissionId: r.submissionId,
    });
  }
  if (out.length && until > out[out.length - 1].t) out.push({ ...out[out.length - 1], t: until });
  return out;
}

/** When each published or archived release of a task was published (for the history's marks). */
export async function releaseDates(db: PrismaClient, taskId: string) {
  const rows = await db.release.findMany({
    where: { taskId, status: { in: ["published", "archived"] }, publishedAt: { not: null } },
    select: { version: true, publishedAt: true },
    orderBy: { publishedAt: "asc" },
  });
  return rows.map((r) => ({ version: r.version, t: r.publishedAt!.getTime() }));
}

/**
 * A team's public attempts on a task's release, oldest first, as the board shows them (so a
 * private or withdrawn attempt is never drawn, and a hidden release gives released values only).
 */
export async function teamAttemptSeries(
  db: PrismaClient,
  task: ResolvedTask,
  { release, teamSlug, current }: { release: string; teamSlug: string; current: string },
) {
  const lb = await getLeaderboard(db, task, { release, view: "all", partial: true });
  const all = teamSeries(lb.rows, teamSlug);
  return { points: thinSeries(all, current), total: all.length };
}

/** Dots an attempts series draws at most: a team with 1,000 uploads would send 1,000 links. */
export const MAX_SERIES_POINTS = 120;

/**
 * A series thinned to at most `max` points (at least the five kept below), evenly over time order, always keeping the first,
 * the last, the highest, the lowest (so the drawing's range is the series' range, whichever way
 * the metric is better) and the current submission (in their order).
 */
export function thinSeries<P extends { value: number; submissionId: string }>(
  points: P[],
  current: string,
  max = MAX_SERIES_POINTS,
): P[] {
  if (points.length <= max) return points;
  const keep = new Set<number>([0, points.length - 1]);
  keep.add(points.reduce((b, p, i) => (p.value > points[b].value ? i : b), 0));
  keep.add(points.reduce((b, p, i) => (p.value < points[b].value ? i : b), 0));
  const cur = points.findIndex((p) => p.submissionId === current);
  if (cur >= 0) keep.add(cur);
  const room = Math.max(0, max - keep.size);
  for (let k = 0; k < room; k++) keep.add(Math.round(((k + 1) * (points.length - 1)) / (room + 1)));
  return [...keep].sort((a, b) => a - b).map((i) => points[i]);
}

/** A team's rows of a board, oldest first. */
export function teamSeries(rows: LeaderboardRow[], teamSlug: string) {
  return rows
    .filter((r) => r.teamSlug === teamSlug && !r.baseline && r.primary !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((r) => ({ t: Date.parse(r.createdAt), value: r.primary!, model: r.model, submissionId: r.submissionId }));
}
