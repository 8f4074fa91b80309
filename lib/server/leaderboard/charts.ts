import { paperTableSources } from "./paper-tables";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { paretoFront, type PrCurve } from "@/lib/metrics";
import { lengthBuckets, type LengthBucket } from "@/lib/tasks/shared/length-bucket";
import { unlessStale, type ChartSeries } from "@/lib/tasks/define";
import { viewQuery, type LeaderboardView } from "@/lib/validations/leaderboard-view";
import { recordsOverTime, releaseDates } from "./history";
import { getLeaderboard, type LeaderboardRow } from "./leaderboard";
import { Lru, getReleaseInstances } from "@/lib/server/cache";
import type { ResolvedTask } from "@/lib/server/tasks";

const MAX_SERIES = 8;

/**
 * Length-bucket chart data of submissions (METRICS.md §3), as written with each score
 * (details.lengthBuckets); only a score written before that existed is bucketed here from its
 * predictions. Null when the kind has none or the release carries no lengths.
 */
export async function lengthChart(
  db: PrismaClient,
  task: ResolvedTask,
  release: { id: string; status: string },
  subs: { id: string; name: string; details?: Record<string, unknown> }[],
) {
  const spec = task.kind.lengthBuckets?.(task.options);
  if (!spec) return null;
  const stored = (d?: Record<string, unknown>) =>
    (d?.lengthBuckets as { buckets: LengthBucket[]; covered: number } | undefined) ?? undefined;
  const legacy = subs.filter((s) => s.details && !("lengthBuckets" in s.details));
  const computed = new Map<string, { buckets: LengthBucket[]; covered: number } | null>();
  if (legacy.length) {
    const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
    const preds = await db.prediction.findMany({
      where: { submissionId: { in: legacy.map((s) => s.id) } },
      select: { submissionId: true, externalId: true, data: true },
    });
    const bySub = new Map<string, Map<string, Record<string, unknown>>>(legacy.map((s) => [s.id, new Map()]));
    for (const p of preds) bySub.get(p.submissionId)!.set(p.externalId, p.data as Record<string, unknown>);
    for (const s of legacy) {
      const m = bySub.get(s.id)!;
      const rows = instances.flatMap((i) => {
        const p = m.get(i.externalId);
        const r = p ? spec.row(i, p) : null;
        return r ? [r] : [];
      });
      computed.set(s.id, rows.length ? { buckets: lengthBuckets(rows, spec.side), covered: rows.length } : null);
    }
  }
  const series = subs.map((s) => {
    const b = stored(s.details) ?? computed.get(s.id) ?? null;
    return { id: s.id, name: s.name, buckets: b?.buckets ?? null, covered: b?.covered ?? 0 };
  });
  if (series.every((s) => !s.buckets)) return null;
  return { side: spec.side, series: series.map((s) => ({ ...s, buckets: s.buckets ?? [] })) };
}

/**
 * Task-level chart data across the submissions a leaderboard view shows (plain arrays for the
 * client chart leaves). Per-instance-revealing charts (PR curves) are left out for hidden releases.
 */
export async function taskChartData(db: PrismaClient, task: ResolvedTask, view: Partial<LeaderboardView>) {
  const lb = await getLeaderboard(db, task, view);
  const key = `${lb.releaseId}:${lb.boardVersion}:${task.fullSlug}${viewQuery(view, lb.primaryMetric)}`;
  let data = chartCache.get(key);
  if (!data) {
    data = buildTaskChartData(db, task, lb);
    data.catch(() => undefined);
    chartCache.set(key, data);
  }
  return data;
}

// Chart data per (release, board_version, view), like the boards themselves: never stale.
const chartCache = new Lru<ReturnType<typeof buildTaskChartData>>(128);

/** Points a drawn curve keeps at most (the exact curve is on each submission's page). */
const MAX_CURVE_POINTS = 200;

/** A curve thinned to at most `max` of its own points, evenly spaced, first and last kept. */
export function thinCurve(c: PrCurve, max = MAX_CURVE_POINTS): PrCurve {
  const n = c.recall.length;
  const keep = new Set<number>();
  if (n <= max) for (let k = 0; k < n; k++) keep.add(k);
  else for (let k = 0; k < max; k++) keep.add(Math.round((k * (n - 1)) / (max - 1)));
  const ix = [...keep].sort((a, b) => a - b);
  // four decimals are a tenth of a pixel on any chart (and half the page's bytes of 17-digit floats)
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
  // thresholds has one entry fewer than precision/recall (the end point)
  return {
    thresholds: ix.filter((i) => i < c.thresholds.length).map((i) => r4(c.thresholds[i])),
    precision: ix.map((i) => r4(c.precision[i])),
    recall: ix.map((i) => r4(c.recall[i])),
  };
}

async function buildTaskChartData(
  db: PrismaClient,
  task: ResolvedTask,
  lb: Awaited<ReturnType<typeof getLeaderboard>>,
) {
  const hidden = lb.release.hidden;
  const rows: LeaderboardRow[] = lb.rows.slice(0, 24);
  // only the overlaid series need their stored details (curves, buckets, …)
  const overlayIds = rows
    .filter((r) => !r.baseline)
    .slice(0, MAX_SERIES)
    .map((r) => r.submissionId);
  // a hidden release: nothing built from instances (details, curves, buckets) — only the
  // board's released, rounded metrics (docs/security.md)
  const scored = hidden
    ? []
    : await db.score.findMany({
        where: { releaseId: lb.releaseId, submissionId: { in: overlayIds } },
        select: { submissionId: true, details: true },
      });
  const details = new Map(scored.map((s) => [s.submissionId, s.details as Record<string, unknown>]));
  const series: ChartSeries<Record<string, unknown>>[] = rows.map((r) => ({
    id: r.submissionId,
    name: r.model,
    baseline: Boolean(r.baseline),
    primary: r.primary,
    ci: r.ci,
    metrics: r.metrics,
    details: details.get(r.submissionId) ?? null,
  }));
  const overlay = series.filter((s) => !s.baseline).slice(0, MAX_SERIES);
  const costPoints = rows
    .filter((r) => r.cost.usd !== null && r.primary !== null)
    .map((r) => ({ x: r.cost.usd as number, y: r.primary as number, label: r.model }));
  const base = {
    kind: task.kindName,
    primaryMetric: lb.primaryMetric,
    primaryLabel: lb.columns.find((c) => c.key === lb.primaryMetric)?.label ?? lb.primaryMetric,
    primaryPercent: lb.columns.find((c) => c.key === lb.primaryMetric)?.format === "percent1",
    hidden,
    /** instances in the release (length charts say how many of them have a length) */
    instances: lb.release.instanceCount,
    primaryBars: series.map((s) => ({
      name: s.name,
      value: s.primary ?? 0,
      err: s.ci && s.primary !== null ? [s.primary - s.ci.low, s.ci.high - s.primary] : [0, 0],
    })),
    cost: costPoints.length ? { points: costPoints, front: paretoFront(costPoints) } : null,
  };
  const release = { id: lb.releaseId, status: lb.release.status };
  // progress over time: the records among every submission of the release (not only this view's page)
  const everyone =
    lb.view === "all" ? lb : await getLeaderboard(db, task, { release: lb.release.version, view: "all" });
  const history = {
    points: recordsOverTime(everyone.rows),
    releases: await releaseDates(db, task.id),
    current: lb.release.version,
  };
  const lengths = hidden
    ? null
    : await lengthChart(
        db,
        task,
        release,
        overlay.map((s) => ({ id: s.id, name: s.name, details: s.details ?? undefined })),
      );
  // the kind builds its own chart data from the board and the stored details (lib/tasks/<kind>),
  // parsed with its schema; components/tasks/<kind> draws it
  const kindCharts = unlessStale(
    `charts of ${task.fullSlug}`,
    () =>
      task.kind.taskCharts?.({
        series,
        overlay,
        systems: paperTableSources(everyone.rows),
        hidden,
        lengths: lengths?.series ?? null,
        options: task.options,
        thin: thinCurve,
      }) ?? null,
  );
  return {
    ...base,
    /** the length-bucket side of the kind (null: it has none), and the buckets of the overlaid series (null: the release has no lengths) */
    lengthSide: task.kind.lengthBuckets?.(task.options).side ?? null,
    lengths: lengths?.series ?? null,
    kindCharts,
    history,
  };
}

export type TaskChartData = Awaited<ReturnType<typeof taskChartData>>;
