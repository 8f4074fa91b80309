// README badges: a shields.io badge (drawn by badge-maker, ./badge-svg.ts) with a submission's (or
// a team's best) primary metric and its rank with the 95% rank interval, e.g. "BouncerBench Input |
// F_m 0.592 · #3 (2–7)". Read from the cached board (no prediction is read); versioned by the
// board's version, so an ETag answers 304 until the board moves. A hidden release's badge shows
// only what the Ladder released.
import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { formatMetric } from "@/lib/format";
import type { Actor } from "@/lib/server/auth";
import { getLeaderboard, type LeaderboardRow } from "@/lib/server/leaderboard";
import { currentScore, discloseScore, getSubmissionOrThrow } from "@/lib/server/submissions";
import { getTeamOrThrow } from "@/lib/server/teams";
import { badgeSvg as drawBadge } from "./badge-svg";
import { rankWithBracket } from "@/lib/rank-bracket";
import type { ResolvedTask } from "@/lib/server/tasks";

export interface Badge {
  label: string;
  message: string;
  color: string;
  /** what the badge says, for its <title> and alt text */
  title: string;
  /** changes whenever what it shows may change */
  version: string;
  private: boolean;
}

const COLORS = { top: "#2e7d32", ranked: "#1565c0", unranked: "#616161" };

/** The rank with the board's own bracket (the simultaneous interval: lib/rank-bracket.ts). */
function rankText(r: LeaderboardRow): string {
  return rankWithBracket(r) ?? (r.partial ? "partial, unranked" : "unranked");
}

async function boardOf(db: PrismaClient, task: ResolvedTask) {
  const column = task.kind.columns(task.options).find((c) => c.key === task.primaryMetric);
  const best = await getLeaderboard(db, task, { view: "best", baselines: true });
  return { task, column, best };
}

function rowBadge(
  { label, metricLabel, format }: { label: string; metricLabel: string; format: Parameters<typeof formatMetric>[1] },
  row: LeaderboardRow,
  { version, hidden }: { version: string; hidden: boolean },
): Omit<Badge, "private"> {
  const value = formatMetric(row.primary, format);
  const message = `${metricLabel} ${value}${hidden && row.margin !== null ? ` ±${row.margin}` : ""} · ${rankText(row)}`;
  return {
    label,
    message,
    color: row.rank !== null && row.topGroup ? COLORS.top : row.rank !== null ? COLORS.ranked : COLORS.unranked,
    title: `${label}: ${message}${row.topGroup && row.rank !== null ? " (top group)" : ""}`,
    version,
  };
}

/**
 * A submission's badge, as an anonymous reader sees it: its row on the board (one row per system
 * when it is its system's best, else among all submissions), or its disclosed score when it is
 * not on the board (private, partial, superseded release). Private submissions: their team only.
 * @throws AppError not_found (no such submission, or not of this task, or not the caller's to see)
 */
export async function submissionBadge(
  db: PrismaClient,
  task: ResolvedTask,
  id: string,
  actor: Actor | null,
): Promise<Badge> {
  const sub = await getSubmissionOrThrow(db, id, actor);
  if (sub.task.fullSlug !== task.fullSlug) throw notFound("submission");
  const { column, best } = await boardOf(db, task);
  const label = `${task.benchmark.name} ${task.name}`;
  const metricLabel = column?.label ?? task.primaryMetric;
  const isPrivate = sub.visibility !== "public" || Boolean(sub.hiddenAt);
  const version = `${best.releaseId}:${best.boardVersion}:${sub.id}`;
  let row = best.rows.find((r) => r.submissionId === id);
  if (!row) {
    const all = await getLeaderboard(db, task, { view: "all", baselines: true, partial: true });
    row = all.rows.find((r) => r.submissionId === id);
  }
  if (row)
    return {
      ...rowBadge({ label, metricLabel, format: column?.format ?? "score3" }, row, {
        version,
        hidden: best.release.hidden,
      }),
      private: isPrivate,
    };
  // not on the current board: its score as the public would see it, unranked
  const score = currentScore(sub.scores);
  const view = score ? discloseScore(score, score.release, null) : null;
  const value = view?.withheld ? "not released" : formatMetric(view?.primary ?? null, column?.format ?? "score3");
  const message = score ? `${metricLabel} ${value} · unranked` : "not scored yet";
  return {
    label,
    message,
    color: COLORS.unranked,
    title: `${label}: ${message}`,
    version: `${version}:${score?.computedAt.getTime() ?? 0}:${score?.ladderReleased ?? ""}`,
    private: isPrivate,
  };
}

/** A team's best ranked row on the task's current board (one row per system). */
export async function teamBadge(db: PrismaClient, task: ResolvedTask, slug: string): Promise<Badge> {
  const team = await getTeamOrThrow(db, slug);
  const { column, best } = await boardOf(db, task);
  const label = `${task.benchmark.name} ${task.name}`;
  const version = `${best.releaseId}:${best.boardVersion}:team:${team.id}`;
  const row = best.rows.find((r) => r.teamSlug === team.slug && r.rank !== null);
  if (!row)
    return {
      label,
      message: `${team.name}: no ranked entry`,
      color: COLORS.unranked,
      title: `${label}: ${team.name} has no ranked entry`,
      version,
      private: false,
    };
  const b = rowBadge(
    { label, metricLabel: column?.label ?? task.primaryMetric, format: column?.format ?? "score3" },
    row,
    { version, hidden: best.release.hidden },
  );
  return { ...b, title: `${b.title} — ${team.name}, ${row.model}`, private: false };
}

/** The SVG of a badge: shields' own flat badge, sized by its measurement of the text (./badge-svg.ts). */
export function badgeSvg(b: Pick<Badge, "label" | "message" | "color" | "title">): string {
  return drawBadge(b);
}

/**
 * Shared caches (GitHub's image proxy, a CDN) keep a public badge at most a minute, then ask again
 * with its ETag (a 304 while the board is unchanged): a withdrawn or hidden submission's badge
 * stops showing its score within BADGE_MAX_AGE + BADGE_STALE seconds.
 */
export const BADGE_MAX_AGE = 60;
export const BADGE_STALE = 30;

/** How badges are drawn: part of the ETag. */
const DRAWING = "badge-maker";

/** The badge as an HTTP answer: an ETag from its version (304 when unchanged); private ones are never kept by caches. */
export function badgeResponse(req: Request, b: Badge): Response {
  // (DRAWING: a badge drawn another way is a new answer, not a 304 with the old drawing)
  const etag = `"b-${crypto.createHash("sha1").update(`${b.version}|${b.message}|${b.color}|${DRAWING}`).digest("hex").slice(0, 20)}"`;
  const headers = {
    etag,
    "cache-control": b.private
      ? "private, no-store"
      : `public, max-age=${BADGE_MAX_AGE}, stale-while-revalidate=${BADGE_STALE}`,
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(badgeSvg(b), { headers: { ...headers, "content-type": "image/svg+xml; charset=utf-8" } });
}

const NAMES = {
  submission: /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.svg$/i,
  team: /^([a-z0-9-]{1,64})\.svg$/,
};

/** `{id}.svg` or `{slug}.svg` → id or slug (the route's last segment); anything else is a 404. */
export function svgName(file: string, kind: keyof typeof NAMES): string {
  const m = NAMES[kind].exec(file);
  if (!m)
    throw new AppError(
      "not_found",
      `no such badge: the address ends in the ${kind === "team" ? "team's slug" : "submission's id"} and .svg`,
    );
  return m[1];
}
