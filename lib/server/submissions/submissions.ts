import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { StoredInstance } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";
import { validatePredictionText } from "@/lib/tasks/validate";
import { ingestPredictions, textSource, type SubmissionMeta } from "./ingest";
import { discloseScore, NOT_RELEASED } from "./disclosure";
import { getTaskOrThrow, type ResolvedTask, resolvedTask } from "@/lib/server/tasks";
import { clipPrediction } from "./instances";
import { getReleaseInstances } from "@/lib/server/cache";
import { coveredPositions } from "@/lib/server/scoring";
import { METRICS_VERSION } from "@/lib/metrics";
import { ComposedOf, StoredValidation } from "@/lib/contracts/submissions";
import { getTaskKind } from "@/lib/tasks";
import { systemMetaView } from "./system-meta";

export type { ValidationReport } from "./ingest";

export interface SubmissionInput extends SubmissionMeta {
  task: string;
  text: string;
  fileName?: string;
  teamId: string | null;
  userId: string | null;
  /** validate and score, store nothing */
  dryRun?: boolean;
}

/**
 * Validates a prediction file held in memory against the task's release: every problem is
 * collected. Returns the parsed predictions (as the scorer reads them) or throws one 422.
 */
export function validatePredictions(task: ResolvedTask, instances: StoredInstance[], text: string, fileName?: string) {
  return validatePredictionText(task, instances, text, fileName);
}

/** Upload → validate → score → store of a file held in memory (seeding, scripts): the streamed path with one chunk. */
export async function submitPredictions(db: PrismaClient, input: SubmissionInput) {
  const { task, text, fileName, teamId, userId, dryRun, ...meta } = input;
  // a script's edge: the task it names, resolved once
  const { id: taskId } = await getTaskOrThrow(db, task);
  const r = await ingestPredictions({ taskId, source: textSource(text), fileName, teamId, userId, dryRun, meta });
  return { id: r.id, status: r.status, metrics: r.metrics, validation: r.validation };
}

/** May this actor see this submission? Public: anyone; private or hidden by admins: its team and admins. */
export function canView(
  actor: Actor | null,
  sub: { visibility: string; teamId: string | null; hiddenAt?: Date | null },
): boolean {
  if (sub.visibility === "public" && !sub.hiddenAt) return true;
  if (!actor) return false;
  return actor.isAdmin || (sub.teamId !== null && actor.teamIds.includes(sub.teamId));
}

/** A submission with its task, team and scores, if the actor may see it. @throws AppError not_found */
export async function getSubmissionOrThrow(db: PrismaClient, id: string, actor: Actor | null) {
  const sub = await db.submission.findUnique({
    where: { id },
    include: {
      team: true,
      task: { include: { benchmark: true } },
      // scores on draft releases are admins' only
      scores: {
        where: actor?.isAdmin ? {} : { release: { status: { not: "draft" } } },
        // the bootstrap replicates (8 KB), outcome bits and details (curves, breakdowns: ~18 KB)
        // of every release's score: a page of a submission scored on 16 releases parsed ~420 KB
        // to show one score's. Whoever shows a score's details loads that one (withDetails).
        omit: { replicates: true, outcomes: true, details: true },
        include: { release: true },
        orderBy: { computedAt: "desc" },
      },
    },
  });
  // Private submissions answer 404 to outsiders, so their existence is not revealed.
  if (!sub || !canView(actor, sub)) throw notFound("submission");
  return sub;
}

/** One score of a loaded submission with its details (curves, breakdowns), which loading the submission leaves out. */
export async function withDetails<T extends { id: string }>(
  db: PrismaClient,
  score: T,
): Promise<T & { details: unknown }> {
  const row = await db.score.findUnique({ where: { id: score.id }, select: { details: true } });
  return { ...score, details: row?.details ?? {} };
}

/** The score to show by default: on the current release, else the latest. */
export function currentScore<T extends { release: { status: string } }>(scores: T[]): T | undefined {
  return scores.find((s) => s.release.status === "published") ?? scores[0];
}

/** The score on a given release version, or the default one (current release, else latest). */
export function scoreOnRelease<T extends { release: { status: string; version: string } }>(
  scores: T[],
  version?: string,
): T | undefined {
  return version ? scores.find((s) => s.release.version === version) : currentScore(scores);
}

/** Public JSON of a submission (API and CLI); on a hidden release, what the Ladder released (admins: all). */
export function submissionJson(sub: Awaited<ReturnType<typeof getSubmissionOrThrow>>, actor: Actor | null) {
  const score = currentScore(sub.scores);
  const view = score ? discloseScore(score, score.release, actor) : null;
  return {
    id: sub.id,
    task: sub.task.fullSlug,
    model: sub.model,
    system: sub.system,
    team: sub.team ? { slug: sub.team.slug, name: sub.team.name } : null,
    oss: sub.oss,
    site: sub.site,
    visibility: sub.visibility,
    verified: sub.verifiedAt ? { by: sub.verifiedBy, at: sub.verifiedAt.toISOString() } : null,
    // hidden by admins: only its team and admins get here, and they see why
    hidden: sub.hiddenAt ? { reason: sub.hiddenReason, at: sub.hiddenAt.toISOString() } : null,
    // withdrawn by its team (then also hidden): off the board, counted in its system's attempts
    withdrawn: sub.withdrawnAt ? { at: sub.withdrawnAt.toISOString() } : null,
    logsUrl: sub.logsUrl,
    // structured system metadata, and the paper's judge setup it matches (CR-Bench, A&V)
    ...systemMetaView(getTaskKind(sub.task.kind), sub.meta),
    composedOf: ComposedOf.nullable()
      .catch(null)
      .parse(sub.composedOf ?? null),
    baseline: sub.baseline,
    synthetic: sub.synthetic,
    status: sub.status,
    createdAt: sub.createdAt.toISOString(),
    file: { name: sub.fileName, size: sub.fileSize, sha256: sub.fileSha256, format: sub.format },
    cost: { usd: sub.costUsd, tokens: sub.tokens === null ? null : Number(sub.tokens), runtimeSec: sub.runtimeSec },
    metrics: view?.metrics ?? {},
    ci: score && view?.ci ? { metric: score.primaryMetric, low: view.ci.low, high: view.ci.high, level: 0.95 } : null,
    ...(view?.ladder ? { ladder: { ...view.ladder, ...(view.withheld ? { message: NOT_RELEASED } : {}) } } : {}),
    coverage: score ? { covered: score.covered, total: score.total, partial: score.partial } : null,
    release: score ? { version: score.release.version, synthetic: score.release.synthetic } : null,
    metricsVersion: score?.metricsVersion ?? null,
    scores: sub.scores.map((s) => ({
      release: s.release.version,
      releaseStatus: s.release.status,
      primaryMetric: s.primaryMetric,
      primaryValue: discloseScore(s, s.release, actor).primary,
      covered: s.covered,
      total: s.total,
      partial: s.partial,
    })),
    validation: StoredValidation.catch(null).parse(sub.validation),
    error: sub.error,
  };
}

/** The background job scoring an upload (202 uploads), for the submission page and API. */
export async function uploadJobOf(db: PrismaClient, submissionId: string) {
  const job = await db.job.findFirst({
    where: { name: "score-upload", payload: { path: ["submissionId"], equals: submissionId } },
    orderBy: { createdAt: "desc" },
  });
  return job
    ? {
        id: job.id,
        status: job.status,
        progress: job.progress,
        total: job.total,
        attempts: job.attempts,
        error: job.error,
      }
    : null;
}

/**
 * Per-instance predictions vs truth (truth withheld when the release hides it), paginated. The
 * score's stored outcome bits (written with it) say which instances it covers and which it got
 * right, so a page of all, right or wrong rows reads only that page's predictions; a filter by an
 * outcome kind (e.g. a false positive), or a score whose bits are not back-filled yet, walks them all.
 */
export async function listSubmissionInstances(
  db: PrismaClient,
  sub: Awaited<ReturnType<typeof getSubmissionOrThrow>>,
  q: { page: number; pageSize: number; outcome?: string; release?: string },
) {
  const task = resolvedTask(sub.task);
  const score = scoreOnRelease(sub.scores, q.release);
  if (!score) throw notFound(q.release ? `score on release ${q.release}` : "score");
  const release = score.release;
  if (release.hidden && q.outcome) {
    throw new AppError("forbidden", "this release keeps its ground truth hidden: per-instance outcomes are not shown");
  }
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const start = (q.page - 1) * q.pageSize;
  // bits stored by this metrics version; a baseline's archived-release scores may cover
  // instances whose predictions were replaced with the current release's (baselines.ts)
  const byBits =
    (!q.outcome || q.outcome === "correct" || q.outcome === "wrong") &&
    !sub.baseline &&
    score.metricsVersion === METRICS_VERSION;
  const matching = byBits
    ? coveredPositions(
        await storedOutcomes(db, score.id),
        instances.length,
        q.outcome === "correct" ? true : q.outcome === "wrong" ? false : undefined,
      )
    : null;
  let total: number;
  let shown: { inst: StoredInstance; p: Record<string, unknown> }[];
  if (matching) {
    total = matching.length;
    const page = matching.slice(start, start + q.pageSize).map((i) => instances[i]);
    const byId = await predictionsOf(
      db,
      sub.id,
      page.map((i) => i.externalId),
    );
    shown = page.flatMap((inst) => (byId.has(inst.externalId) ? [{ inst, p: byId.get(inst.externalId)! }] : []));
  } else {
    const byId = await predictionsOf(db, sub.id);
    const all = [];
    for (const inst of instances) {
      const p = byId.get(inst.externalId);
      if (!p) continue;
      if (q.outcome && !release.hidden) {
        const o = task.kind.outcome(inst, p, task.options);
        if (q.outcome === "wrong" ? o.correct : q.outcome === "correct" ? !o.correct : o.outcome !== q.outcome)
          continue;
      }
      all.push({ inst, p });
    }
    total = all.length;
    shown = all.slice(start, start + q.pageSize);
  }
  return {
    release: { version: release.version, hidden: release.hidden },
    total,
    page: q.page,
    pageSize: q.pageSize,
    rows: shown.map(({ inst, p }) => {
      const { prediction, clipped } = clipPrediction(p);
      return {
        instanceId: inst.externalId,
        prediction,
        /** fields cut to their first 10 KB: the whole prediction is at /api/v1/submissions/{id}/predictions/{instance} */
        clipped,
        truth: release.hidden ? null : inst.truth,
        outcome: release.hidden ? null : task.kind.outcome(inst, p, task.options),
      };
    }),
  };
}

/** A submission's predictions by instance id: those of `ids`, or all. */
async function predictionsOf(db: PrismaClient, submissionId: string, ids?: string[]) {
  if (ids && !ids.length) return new Map<string, Record<string, unknown>>();
  const preds = await db.prediction.findMany({
    where: { submissionId, ...(ids ? { externalId: { in: ids } } : {}) },
    select: { externalId: true, data: true },
  });
  return new Map(preds.map((p) => [p.externalId, p.data as Record<string, unknown>]));
}

/** A score's outcome bits, when stored (else null: the caller walks the predictions). */
async function storedOutcomes(db: PrismaClient, scoreId: string): Promise<Uint8Array | null> {
  const row = await db.score.findUnique({ where: { id: scoreId }, select: { outcomes: true } });
  return row?.outcomes ? new Uint8Array(row.outcomes) : null;
}
