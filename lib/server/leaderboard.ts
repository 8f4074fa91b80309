import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sortRows } from "@/lib/leaderboard-sort";
import type { MetricColumn, Metrics } from "@/lib/tasks/types";
import type { LeaderboardView } from "@/lib/validations/leaderboard-view";
import { adjacentSignificance } from "./compare";
import { releaseJson } from "./releases";
import { getReleaseOrThrow, getTaskOrThrow } from "./tasks";

export interface LeaderboardRow {
  rank: number | null;
  /** the row's primary metric is not significantly different from the ranked row above */
  tiedWithAbove: boolean;
  vsAbove: { difference: number; low: number; high: number } | null;
  submissionId: string;
  model: string;
  system: string | null;
  team: string | null;
  teamSlug: string | null;
  baseline: string | null;
  synthetic: boolean;
  oss: boolean;
  site: string | null;
  metrics: Metrics;
  primary: number | null;
  ci: { low: number; high: number } | null;
  coverage: { covered: number; total: number };
  partial: boolean;
  cost: { usd: number | null; tokens: number | null; runtimeSec: number | null };
  createdAt: string;
}

/**
 * A task's leaderboard on a release (current by default): public, scored submissions sorted by
 * the primary metric in the database. Complete, non-baseline submissions get competition ranks
 * (ties share) over the whole release, before any filter; baselines and partial ones are listed
 * in place with rank null. Then the view's filters, search and sort apply.
 */
export async function getLeaderboard(db: PrismaClient, fullSlug: string, view: Partial<LeaderboardView>) {
  const task = await getTaskOrThrow(db, fullSlug);
  const release = await getReleaseOrThrow(db, task.id, view.release);
  const scores = await db.score.findMany({
    where: { releaseId: release.id, submission: { visibility: "public", status: "scored" } },
    orderBy: [{ primaryValue: { sort: "desc", nulls: "last" } }, { submission: { createdAt: "asc" } }],
    include: { submission: { include: { team: true } } },
  });
  let rank = 0;
  let seen = 0;
  let prev: number | null | undefined;
  const all: LeaderboardRow[] = scores.map((s) => {
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
      tiedWithAbove: false,
      vsAbove: null,
      submissionId: s.submissionId,
      model: s.submission.model,
      system: s.submission.system,
      team: s.submission.team?.name ?? null,
      teamSlug: s.submission.team?.slug ?? null,
      baseline: s.submission.baseline,
      synthetic: s.submission.synthetic,
      oss: s.submission.oss,
      site: s.submission.site,
      metrics: s.metrics as Metrics,
      primary: s.primaryValue,
      ci: s.ciLow !== null && s.ciHigh !== null ? { low: s.ciLow, high: s.ciHigh } : null,
      coverage: { covered: s.covered, total: s.total },
      partial: s.partial,
      cost: { usd: s.submission.costUsd, tokens: s.submission.tokens === null ? null : Number(s.submission.tokens), runtimeSec: s.submission.runtimeSec },
      createdAt: s.submission.createdAt.toISOString(),
    };
  });

  // significance of each rank against the one above (paired bootstrap on common instances)
  const ranked = all.filter((r) => r.rank !== null);
  const computedAt = new Map(scores.map((s) => [s.submissionId, s.computedAt.toISOString()]));
  const sig = await adjacentSignificance(db, task, release, ranked.map((r) => ({ submissionId: r.submissionId, computedAt: computedAt.get(r.submissionId)! })));
  for (const r of ranked) {
    const d = sig.get(r.submissionId);
    if (d) {
      r.vsAbove = { difference: d.difference, low: d.low, high: d.high };
      r.tiedWithAbove = !d.significant;
    }
  }

  const from = view.from ? new Date(`${view.from}T00:00:00Z`) : null;
  const to = view.to ? new Date(`${view.to}T23:59:59.999Z`) : null;
  const q = view.q?.toLowerCase();
  let rows = all.filter(
    (r) =>
      (view.partial || !r.partial) &&
      (view.baselines !== false || !r.baseline) &&
      (view.synthetic !== false || !r.synthetic) &&
      (!view.oss || r.oss) &&
      (!view.team || r.teamSlug === view.team) &&
      (!from || new Date(r.createdAt) >= from) &&
      (!to || new Date(r.createdAt) <= to) &&
      (!q || [r.model, r.system ?? "", r.team ?? ""].some((s) => s.toLowerCase().includes(q))),
  );
  const columns: MetricColumn[] = task.kind.columns(task.options);
  const sortKeys = new Set([...columns.map((c) => c.key), "model", "team", "date", "coverage", "cost"]);
  const sort = view.sort && sortKeys.has(view.sort) ? view.sort : task.primaryMetric;
  const dir = view.dir ?? (columns.find((c) => c.key === sort)?.better === "lower" ? "asc" : "desc");
  if (!(sort === task.primaryMetric && dir === "desc")) rows = sortRows(rows, sort, dir);

  const releases = await db.release.findMany({
    where: { taskId: task.id, status: { in: ["published", "archived"] } },
    orderBy: { createdAt: "desc" },
    select: { version: true, status: true, synthetic: true },
  });
  const teams = [...new Map(all.filter((r) => r.teamSlug).map((r) => [r.teamSlug!, r.team!])).entries()].map(([slug, name]) => ({ slug, name }));
  return {
    task: task.fullSlug,
    kind: task.kindName,
    taskName: task.name,
    benchmark: task.benchmark,
    description: task.description,
    release: releaseJson(release),
    releaseId: release.id,
    releases,
    primaryMetric: task.primaryMetric,
    columns,
    sort,
    dir,
    teams,
    total: all.length,
    rows,
  };
}
