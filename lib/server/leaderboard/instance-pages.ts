// The instance explorer and an instance's page: read models built from the per-instance
// aggregates (instance-stats.ts), reading predictions only for the page of them shown.
import { instanceRepository } from "@/lib/tasks/shared/breakdowns";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { withQuery } from "@/lib/href";
import type { ExplorerQuery, ExplorerSort, InstancePageQuery } from "@/lib/validations/instances";
import type { Actor } from "@/lib/server/auth";
import { getReleaseInstances } from "@/lib/server/cache";
import { clipPrediction, instanceSummary } from "@/lib/server/submissions";
import { getReleaseOrThrow, type ResolvedTask } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { instanceStats, shareRight, systemOutcome, type InstanceStats } from "./instance-stats";

/** The repository of an instance: its metadata's, or a SWE-bench-style id's (`owner__repo-123` → owner/repo). */
export { instanceRepository };

interface ExplorerRow {
  instanceId: string;
  position: number;
  summary: string;
  repo: string | null;
  label: string | null;
  length: string | null;
  /** systems that predicted it, and that were right */
  covered: number;
  right: number;
  share: number | null;
  difficulty: number | null;
  /** 1 − the larger of the right and wrong shares: 0 when all agree on correctness, ½ at an even split */
  disagreement: number | null;
}

// an instance's facets never change (releases are immutable): worked out once per process
const facetMemo = new WeakMap<StoredInstance, { repo: string | null; label: string | null; length: string | null }>();
function facetsOf(task: ResolvedTask, i: StoredInstance) {
  let hit = facetMemo.get(i);
  if (!hit) {
    const f = task.kind.instanceFacets?.(i, task.options) ?? {};
    facetMemo.set(i, (hit = { repo: instanceRepository(i), label: f.label ?? null, length: f.length ?? null }));
  }
  return hit;
}

/** Values of a facet with their counts, most common first (the explorer's filter options). */
function tally(values: (string | null)[]): { value: string; n: number }[] {
  const m = new Map<string, number>();
  for (const v of values) if (v) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()]
    .map(([value, n]) => ({ value, n }))
    .sort((a, b) => b.n - a.n || a.value.localeCompare(b.value));
}

/** The explorer's filters: the text searched, the facets, and the share right within [min, max] %. */
function explorerFilter(q: ExplorerQuery): (r: ExplorerRow) => boolean {
  const needle = q.q?.toLowerCase();
  const min = q.min !== undefined ? q.min / 100 : null;
  const max = q.max !== undefined ? q.max / 100 : null;
  return (r) =>
    (!needle || r.instanceId.toLowerCase().includes(needle) || r.summary.toLowerCase().includes(needle)) &&
    (!q.repo || r.repo === q.repo) &&
    (!q.label || r.label === q.label) &&
    (!q.length || r.length === q.length) &&
    (min === null || (r.share !== null && r.share >= min - 1e-12)) &&
    (max === null || (r.share !== null && r.share <= max + 1e-12));
}

/** The explorer's order: by id, release position or an aggregate (ties in release order). */
function explorerOrder(sort: ExplorerSort, dir: "asc" | "desc"): (a: ExplorerRow, b: ExplorerRow) => number {
  const sign = dir === "asc" ? 1 : -1;
  return (a, b) => {
    if (sort === "id") return sign * a.instanceId.localeCompare(b.instanceId);
    if (sort === "position") return sign * (a.position - b.position);
    // instances no system predicted go last, whichever the direction
    const x = a[sort];
    const y = b[sort];
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.position - b.position;
    return sign * (x - y) || a.position - b.position;
  };
}

/**
 * The instance explorer: a page of a release's instances with their aggregates — how many of the
 * public systems got each right, and how the board's top systems did — filtered by the
 * instance's repository, truth label, length bucket and share right, sorted by any of them.
 * Built from the outcome bitsets written with each score (instanceStats): no prediction is read.
 * Refused for hidden-truth releases: the shares would reveal the truth per instance.
 */
export async function listTaskInstances(
  db: PrismaClient,
  task: ResolvedTask,
  q: ExplorerQuery,
  actor: Actor | null = null,
) {
  const release = await getReleaseOrThrow(db, task.id, q.release, actor);
  if (release.hidden)
    throw new AppError(
      "forbidden",
      "this release keeps its ground truth hidden: the instance explorer is not available",
    );
  const [instances, stats] = await Promise.all([
    getReleaseInstances(db, release.id, release.status !== "draft"),
    instanceStats(db, release),
  ]);
  const all: ExplorerRow[] = instances.map((inst, i) => {
    const share = shareRight(stats, i);
    return {
      instanceId: inst.externalId,
      position: i,
      summary: instanceSummary(inst.metadata),
      ...facetsOf(task, inst),
      covered: stats.covered[i] ?? 0,
      right: stats.right[i] ?? 0,
      share,
      difficulty: share === null ? null : 1 - share,
      disagreement: share === null ? null : 1 - Math.max(share, 1 - share),
    };
  });
  const facets = {
    repo: tally(all.map((r) => r.repo)),
    label: tally(all.map((r) => r.label)),
    length: tally(all.map((r) => r.length)),
  };
  const rows = all.filter(explorerFilter(q));
  const sort: ExplorerSort = q.sort ?? "position";
  const dir = q.dir ?? (sort === "position" || sort === "id" || sort === "share" ? "asc" : "desc");
  rows.sort(explorerOrder(sort, dir));
  const pageSize = Math.min(200, Math.max(1, q.pageSize ?? 50));
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  return {
    task: task.fullSlug,
    taskName: task.name,
    release: { version: release.version, synthetic: release.synthetic, instanceCount: instances.length },
    /** public, scored, non-baseline systems counted; pending: those whose outcomes are still being filled */
    systems: { counted: stats.counted, pending: stats.pending },
    top: stats.top.map((s) => ({ submissionId: s.submissionId, model: s.model, rank: s.rank })),
    facets,
    total: rows.length,
    page,
    pages,
    pageSize,
    sort,
    dir,
    rows: shown.map((r) => ({
      ...r,
      /** the board's top systems on this instance: true right, false wrong, null not predicted */
      top: stats.top.map((s) => systemOutcome(stats, s, r.position)),
    })),
  };
}

export type InstanceExplorer = Awaited<ReturnType<typeof listTaskInstances>>;

/**
 * One instance: its truth (unless hidden) and metadata, the share of public systems right on it
 * and how the board's top systems did, then one page of the public predictions — in board order,
 * filterable by right/wrong (from the outcome bitsets) and by team — reading only the page's
 * predictions. A hidden release shows predictions without outcomes, shares or filters by outcome.
 */
export async function getTaskInstance(
  db: PrismaClient,
  task: ResolvedTask,
  externalId: string,
  { version, actor = null, q = {} }: { version?: string; actor?: Actor | null; q?: InstancePageQuery } = {},
) {
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const position = instances.findIndex((i) => i.externalId === externalId);
  if (position < 0) throw notFound(`instance ${externalId}`);
  const inst: StoredInstance = instances[position];
  const stats: InstanceStats = await instanceStats(db, release);
  const hidden = release.hidden;
  const outcomeOf = (s: InstanceStats["systems"][number]) => (hidden ? null : systemOutcome(stats, s, position));
  // the systems that predicted it: from the bitsets (a system whose outcomes are still being filled is listed too)
  let systems = stats.systems.filter((s) => !s.bits || systemOutcome(stats, s, position) !== null);
  const teams = tally(systems.map((s) => s.teamSlug));
  if (q.team) systems = systems.filter((s) => s.teamSlug === q.team);
  if (!hidden && q.outcome) systems = systems.filter((s) => outcomeOf(s) === (q.outcome === "right"));
  const pageSize = Math.min(200, Math.max(1, q.pageSize ?? 25));
  const pages = Math.max(1, Math.ceil(systems.length / pageSize));
  const page = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
  const shown = systems.slice((page - 1) * pageSize, page * pageSize);
  const predictions = await predictionsOf(db, task, inst, shown, hidden);
  const share = hidden ? null : shareRight(stats, position);
  const facets = { ...facetsOf(task, inst), ...(hidden ? { label: null } : {}) };
  // what the kind calls the expected answer comes from the truth, whichever prediction it is read
  // with: from this page's, else from the first system that predicted the instance
  let expected = predictions.find((p) => p.outcome)?.outcome?.expected;
  if (!hidden && expected === undefined) expected = await firstExpected(db, task, inst, stats, position);
  return {
    task: task.fullSlug,
    kind: task.kindName,
    release: { version: release.version, hidden, synthetic: release.synthetic },
    instanceId: inst.externalId,
    position,
    truth: hidden ? null : inst.truth,
    /** the truth in a few words (null on a hidden release) */
    truthWords: truthInWords(hidden ? null : inst.truth, facets.label, expected),
    metadata: inst.metadata,
    facets,
    summary: hidden
      ? null
      : {
          covered: stats.covered[position] ?? 0,
          right: stats.right[position] ?? 0,
          share,
          top: stats.top.map((s) => ({
            submissionId: s.submissionId,
            model: s.model,
            rank: s.rank,
            outcome: systemOutcome(stats, s, position),
          })),
        },
    teams,
    total: systems.length,
    page,
    pages,
    pageSize,
    predictions,
  };
}

/** The page's predictions of the instance, in board order (clipped; no rank or outcome on a hidden release). */
async function predictionsOf(
  db: PrismaClient,
  task: ResolvedTask,
  inst: StoredInstance,
  shown: InstanceStats["systems"],
  hidden: boolean,
) {
  const externalId = inst.externalId;
  const preds = shown.length
    ? await db.prediction.findMany({ where: { externalId, submissionId: { in: shown.map((s) => s.submissionId) } } })
    : [];
  return shown
    .map((s) => {
      const p = preds.find((x) => x.submissionId === s.submissionId);
      if (!p) return null;
      const data = p.data as Record<string, unknown>;
      const { prediction, clipped } = clipPrediction(data);
      return {
        submissionId: s.submissionId,
        model: s.model,
        team: s.team,
        teamSlug: s.teamSlug,
        rank: hidden ? null : s.rank,
        prediction,
        clipped,
        outcome: hidden ? null : task.kind.outcome(inst, data, task.options),
      };
    })
    .filter((x) => x !== null);
}

/** The expected answer as the kind reads it with the first system that predicted the instance (undefined: none did). */
async function firstExpected(
  db: PrismaClient,
  task: ResolvedTask,
  inst: StoredInstance,
  stats: InstanceStats,
  position: number,
): Promise<string | undefined> {
  const first = stats.systems.find((s) => systemOutcome(stats, s, position) !== null);
  const p = first
    ? await db.prediction.findUnique({
        where: { submissionId_externalId: { submissionId: first.submissionId, externalId: inst.externalId } },
      })
    : null;
  return p ? task.kind.outcome(inst, p.data as Record<string, unknown>, task.options).expected : undefined;
}

/** The explorer with some of its query changed (a permalink; a new filter starts at page 1). */
export function explorerHref(
  base: string,
  q: ExplorerQuery,
  over: Partial<Record<keyof ExplorerQuery, string | number | undefined>>,
) {
  const m = { ...q, ...over };
  return withQuery(base, {
    release: m.release,
    q: m.q,
    repo: m.repo,
    label: m.label,
    length: m.length,
    min: m.min,
    max: m.max,
    sort: m.sort,
    dir: m.dir,
    page: m.page,
  });
}

/** An instance's page with some of its query changed (a permalink). */
export function instancePageHref(
  fullSlug: string,
  instanceId: string,
  q: InstancePageQuery,
  over: Partial<Record<keyof InstancePageQuery, string | number | undefined>> = {},
) {
  const m = { ...q, ...over };
  return withQuery(`/tasks/${fullSlug}/instances/${encodeURIComponent(instanceId)}`, {
    release: m.release,
    outcome: m.outcome,
    team: m.team,
    page: m.page,
  });
}

/**
 * The truth of an instance in a few words: the kind's label (instanceFacets), else what the kind's
 * outcome calls expected, else the stored truth's short fields; null on a hidden release.
 */
export function truthInWords(
  truth: Record<string, unknown> | null,
  label: string | null,
  expected: string | undefined,
): string | null {
  if (!truth) return null;
  if (label) return label;
  if (expected) return expected;
  const parts = Object.entries(truth)
    .filter(([, v]) => typeof v === "boolean" || typeof v === "number" || (typeof v === "string" && v.length <= 60))
    .map(([k, v]) => `${k.replace(/_/g, " ")}: ${String(v)}`);
  return parts.length ? parts.join(" · ") : null;
}
