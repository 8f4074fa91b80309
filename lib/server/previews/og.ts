import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { formatMetric, halfWidth } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { MetricColumn } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";
import { discloseScore, currentScore, getSubmissionOrThrow } from "@/lib/server/submissions";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { Lru } from "@/lib/server/cache";
import { publicUrl } from "@/lib/server/http";
import { getReleaseOrThrow, resolvedTask, type ResolvedTask } from "@/lib/server/tasks";
import { rankBracket } from "@/lib/rank-bracket";

// The data of link-preview images, and their rendered PNGs cached by what they show: a board's
// image by (release, board_version) — so it changes exactly when the leaderboard does — and a
// submission's by its score's computed_at. Pages put the same version in the image URL.

/** Rendered images, at most 32 MB per process. */
export const ogImages = new Lru<Promise<ArrayBuffer>>(256, 32 * 1024 * 1024);

const host = () => new URL(publicUrl()).host;
const day = (d: Date) => d.toISOString().slice(0, 10);

function interval(
  col: MetricColumn | undefined,
  ci: { low: number; high: number } | null,
  margin: number | null,
): string {
  if (margin !== null) return `±${margin} (rounded)`;
  if (!ci) return "";
  return halfWidth(ci, col?.format ?? "score3");
}

/** A leaderboard's preview: the task, its release and the top five by the primary metric. */
export async function boardOg(db: PrismaClient, task: ResolvedTask, release?: string) {
  const lb = await getLeaderboard(db, task, { release });
  const col = lb.columns.find((c) => c.key === lb.primaryMetric);
  const top = lb.rows.filter((r) => r.rank !== null).slice(0, 5);
  return {
    version: `${lb.releaseId}:${lb.boardVersion}`,
    card: {
      kicker: `${lb.benchmark.name} leaderboard`,
      title: lb.taskName,
      sub: `release ${lb.release.version} · ${lb.release.instanceCount} instances${lb.release.hidden ? " · hidden test set" : ""}${lb.release.synthetic ? " · synthetic" : ""} · ${lb.counts.best.toLocaleString("en-US")} ${lb.counts.best === 1 ? "system" : "systems"}`,
      metric: `${col?.label ?? lb.primaryMetric}${lb.release.hidden ? "" : " (95% CI)"}`,
      rows: top.map((r) => ({
        // the rank with its simultaneous 95% interval, as the board shows it (starting at 1: could be #1)
        rank: `${r.rank}${rankBracket(r) && rankBracket(r) !== String(r.rank) ? ` (${rankBracket(r)})` : ""}`,
        name: r.model,
        team: r.team ?? "",
        value: formatMetric(r.primary, col?.format ?? "score3"),
        note: interval(col, r.ci, r.margin),
      })),
      footer: `${host()} · as of ${day(new Date())}`,
    },
  };
}

/** A submission's preview: its leaderboard metrics as an anonymous reader sees them. */
export async function submissionOg(db: PrismaClient, id: string, actor: Actor | null) {
  const sub = await getSubmissionOrThrow(db, id, actor);
  const task = resolvedTask(sub.task);
  const score = currentScore(sub.scores);
  const view = score ? discloseScore(score, score.release, null) : null;
  const columns = task.kind.columns(task.options);
  return {
    /** a submission only some may see: its image is never kept by a shared cache */
    private: sub.visibility !== "public" || Boolean(sub.hiddenAt),
    version: `${sub.id}:${score?.computedAt.getTime() ?? 0}:${score?.ladderReleased ?? ""}`,
    card: {
      kicker: `${task.benchmark.name} · ${task.name}`,
      title: sub.model,
      sub: `${sub.team?.name ?? "—"} · ${score ? `release ${score.release.version}, ${score.covered}/${score.total} instances` : "not scored yet"}`,
      items: view?.withheld
        ? [{ label: "hidden test set", value: "not released" }]
        : columns.map((c) => ({
            label: c.label,
            value: formatMetric(getMetric(view?.metrics ?? {}, c.key), c.format),
          })),
      footer: `${host()} · submitted ${day(sub.createdAt)}`,
    },
  };
}

/** A comparison's preview: each submission's primary metric on the release (no per-instance work). */
export async function compareOg(
  db: PrismaClient,
  task: ResolvedTask,
  ids: string[],
  actor: Actor | null,
  release?: string,
) {
  const unique = [...new Set(ids)];
  if (unique.length < 2 || unique.length > 4) throw new AppError("bad_request", "choose 2 to 4 submissions to compare");
  if (unique.some((id) => !UUID.test(id))) throw new AppError("bad_request", "ids must be submission ids");
  const rel = await getReleaseOrThrow(db, task.id, release, actor);
  const subs = await Promise.all(unique.map((id) => getSubmissionOrThrow(db, id, actor)));
  if (subs.some((s) => s.task.fullSlug !== task.fullSlug)) throw notFound("submission");
  const col = task.kind.columns(task.options).find((x) => x.key === task.primaryMetric);
  const values = subs.map((s) => {
    const score = s.scores.find((x) => x.releaseId === rel.id);
    return score ? discloseScore(score, rel, null).primary : null;
  });
  return {
    private: subs.some((s) => s.visibility !== "public" || Boolean(s.hiddenAt)) || rel.status !== "published",
    version: `${unique.join(",")}:${rel.id}:${JSON.stringify(values)}`,
    card: {
      kicker: `${task.benchmark.name} · ${task.name} · comparison`,
      title: subs.map((s) => s.model).join(" vs "),
      sub: `release ${rel.version}${rel.hidden ? " · hidden test set" : ""}`,
      items: subs.map((s, i) => ({
        label: `${s.model} · ${col?.label ?? task.primaryMetric}`.slice(0, 44),
        value: formatMetric(values[i], col?.format ?? "score3"),
      })),
      footer: host(),
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
