import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { StoredInstance } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";
import { validatePredictionText } from "@/lib/tasks/validate";
import { ingestPredictions, textSource, type SubmissionMeta } from "./ingest";
import { discloseScore, NOT_RELEASED } from "./disclosure";
import { getTaskOrThrow, type ResolvedTask } from "@/lib/server/tasks";
import { clipPrediction } from "./instances";
import { getReleaseInstances } from "@/lib/server/cache";
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
export async function submitPredictions(_db: PrismaClient, input: SubmissionInput) {
  const { task, text, fileName, teamId, userId, dryRun, ...meta } = input;
  const r = await ingestPredictions({ task, source: textSource(text), fileName, teamId, userId, dryRun, meta });
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
        // the bootstrap replicates (8 KB) and outcome bits of every release's score are for the
        // board, the Ladder and compare, which read them themselves: a page of a submission scored
        // on 16 releases parsed 128 KB it never showed
        omit: { replicates: true, outcomes: true },
        include: { release: true },
        orderBy: { computedAt: "desc" },
      },
    },
  });
  // Private submissions answer 404 to outsiders, so their existence is not revealed.
  if (!sub || !canView(actor, sub)) throw notFound("submission");
  return sub;
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
    where: { kind: "score-upload", payload: { path: ["submissionId"], equals: submissionId } },
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

/** Per-instance predictions vs truth (truth withheld when the release hides it), paginated. */
export async function listSubmissionInstances(
  db: PrismaClient,
  sub: Awaited<ReturnType<typeof getSubmissionOrThrow>>,
  q: { page: number; pageSize: number; outcome?: string; release?: string },
) {
  const task = await getTaskOrThrow(db, sub.task.fullSlug);
  const score = scoreOnRelease(sub.scores, q.release);
  if (!score) throw notFound(q.release ? `score on release ${q.release}` : "score");
  const release = score.release;
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const preds = await db.prediction.findMany({
    where: { submissionId: sub.id },
    select: { externalId: true, data: true },
  });
  const byId = new Map(preds.map((p) => [p.externalId, p.data as Record<string, unknown>]));
  if (release.hidden && q.outcome) {
    throw new AppError("forbidden", "this release keeps its ground truth hidden: per-instance outcomes are not shown");
  }
  const rows = [];
  for (const inst of instances) {
    const p = byId.get(inst.externalId);
    if (!p) continue;
    const outcome = release.hidden ? null : task.kind.outcome(inst, p, task.options);
    if (q.outcome && outcome) {
      if (
        q.outcome === "wrong"
          ? outcome.correct
          : q.outcome === "correct"
            ? !outcome.correct
            : outcome.outcome !== q.outcome
      )
        continue;
    }
    const { prediction, clipped } = clipPrediction(p);
    rows.push({
      instanceId: inst.externalId,
      prediction,
      /** fields cut to their first 10 KB: the whole prediction is at /api/v1/submissions/{id}/predictions/{instance} */
      clipped,
      truth: release.hidden ? null : inst.truth,
      outcome,
    });
  }
  const start = (q.page - 1) * q.pageSize;
  return {
    release: { version: release.version, hidden: release.hidden },
    total: rows.length,
    page: q.page,
    pageSize: q.pageSize,
    rows: rows.slice(start, start + q.pageSize),
  };
}
