import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import {
  METRICS_VERSION,
  mcnemarExact,
  pairedBootstrapDifference,
  pairedIntervalFromReplicates,
  type PairedDifference,
} from "@/lib/metrics";
import type { InstanceOutcome } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";
import { discloseScore } from "./disclosure";
import { canView } from "./submissions";
import { getReleaseOrThrow, type ResolvedTask } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { getReleaseInstances } from "@/lib/server/cache";

export interface PerInstance {
  stats: number[];
  outcome: InstanceOutcome;
  prediction: Record<string, unknown>;
}

/** Per-instance stats and outcomes of submissions on a release (only the instances each covers). */
export async function loadPerInstance(
  db: PrismaClient,
  task: ResolvedTask,
  instances: StoredInstance[],
  submissionIds: string[],
) {
  const preds = await db.prediction.findMany({
    where: { submissionId: { in: submissionIds } },
    select: { submissionId: true, externalId: true, data: true },
  });
  const byInstance = new Map(instances.map((i) => [i.externalId, i]));
  const out = new Map<string, Map<string, PerInstance>>(submissionIds.map((id) => [id, new Map()]));
  for (const p of preds) {
    const inst = byInstance.get(p.externalId);
    if (!inst) continue;
    const data = p.data as Record<string, unknown>;
    out.get(p.submissionId)!.set(p.externalId, {
      stats: [],
      outcome: task.kind.outcome(inst, data, task.options),
      prediction: data,
    });
  }
  // the rows of each submission's covered instances in release order (Lite's input half counts a ticket once)
  for (const m of out.values()) {
    const covered = instances.filter((i) => m.has(i.externalId));
    const rows = task.kind.primaryRows(
      covered.map((i) => ({ instance: i, prediction: m.get(i.externalId)!.prediction })),
      task.options,
    );
    covered.forEach((i, k) => (m.get(i.externalId)!.stats = rows[k]));
  }
  return out;
}

type ScoreWithReplicates = {
  partial: boolean;
  primaryValue: number | null;
  replicates: Uint8Array | null;
  metricsVersion: string;
};

/**
 * Two complete submissions: the paired interval from the replicates stored with their scores (the
 * release's fixed resamples, the ones the board's ≈ marks use) — O(1,000) instead of
 * re-bootstrapping every instance, and the same verdict as the board. Null otherwise.
 */
function fromReplicates(
  a: ScoreWithReplicates | undefined,
  b: ScoreWithReplicates | undefined,
): PairedDifference | null {
  // complete scores cover every instance: their replicates pair whatever else is compared — when
  // both are this metrics version's (an older score's replicates may be another estimator's)
  if (!a || !b || a.partial || b.partial || !a.replicates || !b.replicates) return null;
  if (a.metricsVersion !== METRICS_VERSION || b.metricsVersion !== METRICS_VERSION) return null;
  if (a.primaryValue === null || b.primaryValue === null) return null;
  const f64 = (x: Uint8Array) => new Float64Array(Uint8Array.from(x).buffer);
  try {
    return pairedIntervalFromReplicates(f64(a.replicates), f64(b.replicates), a.primaryValue - b.primaryValue);
  } catch {
    return null; // undefined on every resample, or vectors of another length: bootstrap afresh
  }
}

/** Paired bootstrap of the primary metric's difference (A − B) on the instances both cover. */
export function primaryDifference(
  task: ResolvedTask,
  a: Map<string, PerInstance>,
  b: Map<string, PerInstance>,
  common: string[],
): PairedDifference | null {
  if (!common.length) return null;
  const ra = common.map((id) => a.get(id)!.stats);
  const rb = common.map((id) => b.get(id)!.stats);
  const pick = (rows: number[][]) => (ix: Int32Array) =>
    task.kind.primaryFromStats(
      Array.from(ix, (i) => rows[i]),
      task.options,
    );
  return pairedBootstrapDifference(common.length, pick(ra), pick(rb));
}

/**
 * Compares 2–4 submissions of a task on one release: metrics, pairwise primary-metric
 * differences with paired bootstrap intervals, exact McNemar tests on discordant decisions, and
 * the instances where they disagree (predictions only when the release hides its truth).
 */
export async function compareSubmissions(
  db: PrismaClient,
  task: ResolvedTask,
  ids: string[],
  actor: Actor | null,
  version?: string,
) {
  const unique = checkedIds(ids);
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  const subs = await db.submission.findMany({
    where: { id: { in: unique }, taskId: task.id },
    include: { team: true, scores: { where: { releaseId: release.id } } },
  });
  const visible = subs.filter((s) => canView(actor, s));
  if (visible.length !== unique.length)
    throw new AppError("not_found", "a submission to compare was not found on this task");
  const ordered = unique.map((id) => visible.find((s) => s.id === id)!);
  // only scores are compared (and a cached comparison is invalidated by its scores' board_version)
  const unscored = ordered.find((s) => !s.scores[0]);
  if (unscored)
    throw new AppError(
      "bad_request",
      `${unscored.model || "a submission"} has no score on release ${release.version}: compare submissions scored on it`,
    );
  const submissions = ordered.map((s) => {
    const view = s.scores[0] ? discloseScore(s.scores[0], release, actor) : null;
    return {
      id: s.id,
      model: s.model,
      team: s.team?.name ?? null,
      baseline: s.baseline,
      metrics: view?.metrics ?? {},
      coverage: s.scores[0] ? { covered: s.scores[0].covered, total: s.scores[0].total } : null,
      withheld: view?.withheld ?? false,
      margin: view?.ladder?.margin ?? null,
    };
  });
  // A hidden release: no pairwise test, no disagreement list — each is a label oracle (two
  // public submissions that differ on one instance would say which of them is right).
  if (release.hidden && !actor?.isAdmin) {
    return {
      task: task.fullSlug,
      primaryMetric: task.primaryMetric,
      columns: task.kind.columns(task.options),
      release: { version: release.version, hidden: true, synthetic: release.synthetic },
      submissions,
      commonInstances: null,
      pairs: [],
      disagreementCount: null,
      disagreements: [],
    };
  }
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const per = await loadPerInstance(db, task, instances, unique);
  const common = instances.map((i) => i.externalId).filter((id) => unique.every((s) => per.get(s)!.has(id)));

  const pairs = pairwiseTests(task, ordered, per, common);
  const disagreements = disagreementsOf(unique, per, common);

  return {
    task: task.fullSlug,
    primaryMetric: task.primaryMetric,
    columns: task.kind.columns(task.options),
    release: { version: release.version, hidden: release.hidden, synthetic: release.synthetic },
    submissions,
    commonInstances: common.length as number | null,
    pairs,
    disagreementCount: disagreements.length as number | null,
    disagreements: disagreements.slice(0, 500),
  };
}

/** The ids without repeats: 2 to 4 of them, each a submission id (400 otherwise). */
function checkedIds(ids: string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length < 2 || unique.length > 4) throw new AppError("bad_request", "choose 2 to 4 submissions to compare");
  const bad = unique.find((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (bad) throw new AppError("bad_request", `"${bad.slice(0, 60)}" is not a submission id`);
  return unique;
}

type PerSubmission = Awaited<ReturnType<typeof loadPerInstance>>;
type ScoreReplicates = Parameters<typeof fromReplicates>[0];

/**
 * Each pair (in the order given): the primary metric's paired difference (from the stored
 * replicates, else bootstrapped afresh) and McNemar's exact test on the instances one alone gets right.
 */
function pairwiseTests(
  task: ResolvedTask,
  ordered: { id: string; scores: ScoreReplicates[] }[],
  per: PerSubmission,
  common: string[],
) {
  const pairs = [];
  for (let i = 0; i < ordered.length; i++) {
    for (let j = i + 1; j < ordered.length; j++) {
      const a = per.get(ordered[i].id)!;
      const b = per.get(ordered[j].id)!;
      let bOnly = 0;
      let cOnly = 0;
      for (const id of common) {
        const x = a.get(id)!.outcome.correct;
        const y = b.get(id)!.outcome.correct;
        if (x && !y) bOnly++;
        if (!x && y) cOnly++;
      }
      pairs.push({
        a: ordered[i].id,
        b: ordered[j].id,
        primary: fromReplicates(ordered[i].scores[0], ordered[j].scores[0]) ?? primaryDifference(task, a, b, common),
        mcnemar: mcnemarExact(bOnly, cOnly),
      });
    }
  }
  return pairs;
}

/** The instances all cover on which the submissions' predictions differ, with each one's. */
function disagreementsOf(unique: string[], per: PerSubmission, common: string[]) {
  return common
    .filter((id) => new Set(unique.map((s) => per.get(s)!.get(id)!.outcome.predicted)).size > 1)
    .map((id) => ({
      instanceId: id,
      expected: per.get(unique[0])!.get(id)!.outcome.expected as unknown,
      predictions: unique.map((s) => {
        const o = per.get(s)!.get(id)!.outcome;
        return { submissionId: s, predicted: o.predicted, correct: o.correct as boolean | null };
      }),
    }));
}
