// The compare page's pickers, from the cached board (no prediction is read): systems found by
// name to add to a comparison (up to four), and the "who beats whom" matrix of the top ten by the
// simultaneous 95% test the board's marks use.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withQuery } from "@/lib/href";
import { getLeaderboard } from "./leaderboard";

export const MAX_COMPARED = 4;

/**
 * Systems of the board (one row per system) whose model, team or system name contains `find`,
 * each with the compare URL that adds it; and the URL without each current pick.
 */
export async function compareCandidates(
  db: PrismaClient,
  fullSlug: string,
  opts: { ids: string[]; release?: string; find?: string },
) {
  const lb = await getLeaderboard(db, fullSlug, { release: opts.release, view: "best", q: opts.find || undefined });
  const all = opts.find ? lb.rows : [];
  // the picks' names as the board shows them (one the board does not show is named by the comparison itself)
  const every = opts.ids.length
    ? await getLeaderboard(db, fullSlug, { release: opts.release, view: "all", partial: true })
    : null;
  const names = new Map(every?.rows.map((r) => [r.submissionId, r.model]) ?? []);
  const base = `/tasks/${fullSlug}/compare`;
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
 * Who beats whom among the board's top ten systems: cell [i][j] is "win" when row i is
 * significantly better than row j with every comparison of the board made at once (studentised
 * max-T, as the rank intervals), "loss" the other way, "tie" otherwise. Null on a hidden release
 * or while the intervals are being computed.
 */
export async function beatsMatrix(db: PrismaClient, fullSlug: string, release?: string) {
  const lb = await getLeaderboard(db, fullSlug, { release, view: "best" });
  if (!lb.top || lb.intervals.state !== "fresh" || lb.release.hidden) return null;
  const byId = new Map(lb.rows.map((r) => [r.submissionId, r]));
  const rows = lb.top.ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  if (rows.length !== lb.top.ids.length || rows.length < 2) return null;
  const wins = lb.top.beats.map((b) => new Set(b));
  const cells = rows.map((_, i) =>
    rows.map((__, j) => (i === j ? null : wins[i].has(j) ? "win" : wins[j].has(i) ? "loss" : "tie")),
  );
  return {
    primaryMetric: lb.primaryMetric,
    release: lb.release.version,
    rows: rows.map((r) => ({
      submissionId: r.submissionId,
      model: r.model,
      team: r.team,
      rank: r.rank,
      primary: r.primary,
      interval: r.rankIntervalSimultaneous,
    })),
    cells,
  };
}
