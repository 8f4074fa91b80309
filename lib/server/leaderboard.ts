import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { MetricColumn, Metrics } from "@/lib/tasks/types";
import { releaseJson } from "./releases";
import { getReleaseOrThrow, getTaskOrThrow } from "./tasks";

export interface LeaderboardRow {
  rank: number | null;
  submissionId: string;
  model: string;
  system: string | null;
  team: string | null;
  teamSlug: string | null;
  baseline: string | null;
  synthetic: boolean;
  oss: boolean;
  metrics: Metrics;
  primary: number | null;
  ci: { low: number; high: number } | null;
  coverage: { covered: number; total: number };
  partial: boolean;
  createdAt: string;
}

/**
 * A task's leaderboard on a release (current by default): public, scored submissions sorted by
 * the primary metric in the database. Complete submissions get competition ranks (ties share);
 * baselines and partial ones are listed in place with rank null.
 */
export async function getLeaderboard(db: PrismaClient, fullSlug: string, q: { release?: string; partial?: boolean }) {
  const task = await getTaskOrThrow(db, fullSlug);
  const release = await getReleaseOrThrow(db, task.id, q.release);
  const scores = await db.score.findMany({
    where: {
      releaseId: release.id,
      ...(q.partial ? {} : { partial: false }),
      submission: { visibility: "public", status: "scored" },
    },
    orderBy: [{ primaryValue: { sort: "desc", nulls: "last" } }, { submission: { createdAt: "asc" } }],
    include: { submission: { include: { team: true } } },
  });
  let rank = 0;
  let seen = 0;
  let prev: number | null | undefined;
  const rows: LeaderboardRow[] = scores.map((s) => {
    const ranked = !s.submission.baseline && !s.partial;
    let r: number | null = null;
    if (ranked) {
      seen++;
      if (s.primaryValue !== prev) rank = seen;
      prev = s.primaryValue;
      r = rank;
    }
    return {
      rank: r,
      submissionId: s.submissionId,
      model: s.submission.model,
      system: s.submission.system,
      team: s.submission.team?.name ?? null,
      teamSlug: s.submission.team?.slug ?? null,
      baseline: s.submission.baseline,
      synthetic: s.submission.synthetic,
      oss: s.submission.oss,
      metrics: s.metrics as Metrics,
      primary: s.primaryValue,
      ci: s.ciLow !== null && s.ciHigh !== null ? { low: s.ciLow, high: s.ciHigh } : null,
      coverage: { covered: s.covered, total: s.total },
      partial: s.partial,
      createdAt: s.submission.createdAt.toISOString(),
    };
  });
  const releases = await db.release.findMany({
    where: { taskId: task.id, status: { in: ["published", "archived"] } },
    orderBy: { createdAt: "desc" },
    select: { version: true, status: true },
  });
  const columns: MetricColumn[] = task.kind.columns(task.options);
  return {
    task: task.fullSlug,
    taskName: task.name,
    benchmark: task.benchmark,
    description: task.description,
    release: releaseJson(release),
    releases,
    primaryMetric: task.primaryMetric,
    columns,
    rows,
  };
}
