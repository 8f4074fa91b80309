// Breakdowns (issue 20): a submission's metrics per slice of a release attribute, read from what
// was stored with its score (computed at write time); the attributes a release offers; and the
// models × slices heatmap of a board's top systems. Never on a hidden release: a slice's metric
// moves with single hidden labels.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { getMetric } from "@/lib/metric-value";
import { BREAKDOWN_ATTRIBUTES, offeredAttributes, type Slice } from "@/lib/tasks/shared/breakdowns";
import type { Actor } from "@/lib/server/auth";
import { getReleaseInstances, Lru } from "@/lib/server/cache";
import { getSubmissionOrThrow, scoreOnRelease, withDetails } from "@/lib/server/submissions";
import { getReleaseOrThrow, resolvedTask, type ResolvedTask } from "@/lib/server/tasks";
import { getLeaderboard } from "./leaderboard";
import type { LeaderboardView } from "@/lib/validations/leaderboard-view";

const hiddenRefusal = () =>
  new AppError(
    "forbidden",
    "this release keeps its ground truth hidden: per-slice metrics are not shown (they would move with single labels)",
  );

/** The attributes a task's release offers for breakdowns, with how many slices each has. */
export async function taskBreakdowns(db: PrismaClient, task: ResolvedTask, actor: Actor | null, version?: string) {
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  if (release.hidden && !actor?.isAdmin) throw hiddenRefusal();
  let attributes = offered.get(release.id);
  if (!attributes) {
    const instances = await getReleaseInstances(db, release.id, true);
    attributes = offeredAttributes(task.kind, task.options, instances);
    // a release out of draft never changes its instances: worked out once per process
    if (release.status !== "draft") offered.set(release.id, attributes);
  }
  return { task: task.fullSlug, release: release.version, attributes };
}

const offered = new Lru<ReturnType<typeof offeredAttributes>>(64);

/**
 * A score's stored breakdowns. A score from before they were stored, or just written by a release's
 * re-score, has none yet: the fill-breakdowns job computes them in the background — never while a
 * request waits (that would walk every prediction of the submission).
 */
function breakdownsOf(score: { details: unknown; release: { version: string } }): Record<string, Slice[]> {
  const stored = (score.details as { breakdowns?: Record<string, Slice[]> } | null)?.breakdowns;
  if (stored) return stored;
  throw new AppError(
    "not_found",
    `no breakdowns for this score on release ${score.release.version} yet: they are being computed in the background (a few minutes after a re-score); try again shortly`,
  );
}

/**
 * `GET /api/v1/submissions/{id}/breakdown?by=ATTR`: `{ by, slices: [ { value, n, metrics, ci: { lo, hi } } ] }`.
 * @throws AppError not_found (the submission, its score, or an attribute the release does not offer — the offered ones named)
 */
export async function submissionBreakdown(
  db: PrismaClient,
  id: string,
  actor: Actor | null,
  q: { by?: string; release?: string },
) {
  const sub = await getSubmissionOrThrow(db, id, actor);
  const task = resolvedTask(sub.task);
  const score = scoreOnRelease(sub.scores, q.release);
  if (!score) throw notFound(q.release ? `score on release ${q.release}` : "score (the submission is not scored yet)");
  if (score.release.hidden && !actor?.isAdmin) throw hiddenRefusal();
  return scoreBreakdown(sub.id, task.primaryMetric, await withDetails(db, score), q.by);
}

/**
 * One score's stored breakdown by an attribute (the first the release offers by default): what
 * the route answers, for a caller that has the submission and its score already (the page).
 * The caller checks the release is not hidden. @throws AppError not_found (an attribute not offered)
 */
export function scoreBreakdown(
  submissionId: string,
  primaryMetric: string,
  score: { details: unknown; release: { version: string } },
  byParam?: string,
) {
  const all = breakdownsOf(score);
  // pages may leave the attribute to us: the first the release offers
  const by = byParam ?? Object.keys(all)[0] ?? "repository";
  const slices = all[by];
  if (!slices) {
    const offered = Object.keys(all);
    throw new AppError(
      "not_found",
      BREAKDOWN_ATTRIBUTES.some((a) => a.key === by)
        ? `release ${score.release.version} does not offer a breakdown by ${by}; it offers: ${offered.join(", ") || "none"}`
        : `no attribute "${by}"; release ${score.release.version} offers: ${offered.join(", ") || "none"}`,
      { offered },
    );
  }
  return {
    submissionId,
    release: score.release.version,
    by,
    primaryMetric,
    attributes: Object.keys(all),
    slices,
  };
}

/**
 * Where does it fail: the board's top systems (one row per system) × the slices of an attribute,
 * each cell the primary metric on the slice, read from the scores' stored details. Null on a
 * hidden release or when the release offers no breakdown.
 */
export async function breakdownHeatmap(
  db: PrismaClient,
  task: ResolvedTask,
  opts: Partial<LeaderboardView> & { top?: number } = {},
) {
  // the board's filters apply (team, agent, dates, search…); the top are by rank, whatever the sort
  const {
    top,
    by: _by,
    pick: _pick,
    cols: _cols,
    offset: _offset,
    limit: _limit,
    sort: _sort,
    dir: _dir,
    ...view
  } = opts;
  const lb = await getLeaderboard(db, task, { view: "best", ...view, baselines: false });
  if (lb.release.hidden) return null;
  const ranked = lb.rows.filter((r) => r.rank !== null).sort((a, b) => a.rank! - b.rank!);
  const rows = ranked.slice(0, top ?? 10);
  const column = lb.columns.find((c) => c.key === lb.primaryMetric);
  if (!rows.length) return null;
  const scores = await db.score.findMany({
    where: { releaseId: lb.releaseId, submissionId: { in: rows.map((r) => r.submissionId) } },
    select: { submissionId: true, details: true },
  });
  const details = new Map(
    scores.map((s) => [s.submissionId, (s.details as { breakdowns?: Record<string, Slice[]> }).breakdowns ?? null]),
  );
  const attributes = [...new Set([...details.values()].flatMap((b) => (b ? Object.keys(b) : [])))];
  const order = BREAKDOWN_ATTRIBUTES.map((a) => a.key).filter((k) => attributes.includes(k));
  if (!order.length) return null;
  const by = opts.by && order.includes(opts.by) ? opts.by : order[0];
  // the slices in the order of the first system that has them, then any others
  const values: string[] = [];
  for (const r of rows)
    for (const s of details.get(r.submissionId)?.[by] ?? []) if (!values.includes(s.value)) values.push(s.value);
  const shown = values.slice(0, 24);
  return {
    by,
    attributes: order.map((k) => ({ key: k, label: BREAKDOWN_ATTRIBUTES.find((a) => a.key === k)!.label })),
    release: lb.release.version,
    primaryMetric: lb.primaryMetric,
    primaryLabel: column?.label ?? lb.primaryMetric,
    primaryFormat: column?.format,
    /** the ranked systems the board's filters leave (the heatmap shows the top of them) */
    total: ranked.length,
    slices: shown.map((v) => ({
      value: v,
      /** the metric the cells of this slice show when it is not the primary one (R_b, FNR_a) */
      headline:
        rows.map((r) => details.get(r.submissionId)?.[by]?.find((s) => s.value === v)?.headline?.key).find(Boolean) ??
        null,
      n: rows
        .map((r) => details.get(r.submissionId)?.[by]?.find((s) => s.value === v)?.n ?? 0)
        .reduce((a, b) => Math.max(a, b), 0),
    })),
    more: values.length - shown.length,
    systems: rows.map((r) => {
      const slices = details.get(r.submissionId)?.[by] ?? null;
      return {
        submissionId: r.submissionId,
        model: r.model,
        rank: r.rank,
        overall: r.primary,
        cells: shown.map((v) => {
          const s = slices?.find((x) => x.value === v);
          // a slice of one truth class: the metric the paper reads there (R_b / FNR_a), not a capped primary
          const m = s ? (s.headline ? s.headline.value : getMetric(s.metrics, lb.primaryMetric)) : null;
          return typeof m === "number" ? m : null;
        }),
      };
    }),
  };
}
