import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound, validationError, type Problem } from "@/lib/errors";
import { parsePredictionFile } from "@/lib/files/parse-prediction-file";
import type { Actor } from "./actor";
import { computeScore, saveScore } from "./scoring";
import { getReleaseOrThrow, getTaskOrThrow, type ResolvedTask } from "./tasks";
import { getReleaseInstances } from "./truth-cache";
import type { StoredInstance } from "@/lib/tasks/types";

export interface SubmissionInput {
  task: string;
  text: string;
  fileName?: string;
  fileSize?: number;
  sha256?: string;
  model: string;
  system?: string;
  oss?: boolean;
  site?: string;
  visibility?: "public" | "private";
  costUsd?: number;
  tokens?: number;
  runtimeSec?: number;
  teamId: string | null;
  userId: string | null;
  /** server-computed baseline entries */
  baseline?: string;
  synthetic?: boolean;
  /** validate and score, store nothing */
  dryRun?: boolean;
}

export interface ValidationReport {
  format: string;
  rows: number;
  covered: number;
  total: number;
  missing: number;
  missingSample: string[];
  partial: boolean;
  release: string;
  warnings: string[];
}

const MISSING_SAMPLE = 20;

/**
 * Validates a prediction file against the task's current release: every problem is collected
 * (unknown or duplicate ids, wrong types, unknown labels, contradictions). Returns the parsed
 * predictions or throws one 422 that lists them.
 */
export function validatePredictions(
  task: ResolvedTask,
  instances: StoredInstance[],
  text: string,
  fileName?: string,
): { format: string; predictions: Map<string, Record<string, unknown>>; rows: number; warnings: string[] } {
  const byId = new Map(instances.map((i) => [i.externalId, i]));
  const parsed = parsePredictionFile(text, fileName);
  const problems: Problem[] = [...parsed.problems];
  const predictions = new Map<string, Record<string, unknown>>();
  const seen = new Set<string>();
  for (const e of parsed.entries) {
    const where = { instanceId: e.id, line: e.line, row: e.row };
    if (seen.has(e.id)) {
      problems.push({ ...where, field: "instance_id", message: "duplicate instance id", expected: "each instance once" });
      continue;
    }
    seen.add(e.id);
    const instance = byId.get(e.id);
    if (!instance) {
      problems.push({ ...where, field: "instance_id", message: "unknown instance id: not in the release" });
      continue;
    }
    const r = task.kind.parsePrediction(e.id, e.value, task.options, instance);
    if (!r.ok) problems.push(...r.problems.map((p) => ({ ...p, line: e.line, row: e.row })));
    else predictions.set(e.id, r.value);
  }
  if (!problems.length && predictions.size === 0) {
    problems.push({ message: "the file holds no predictions", expected: "at least one instance" });
  }
  if (problems.length) {
    throw validationError(`the prediction file has ${problems.length} problem${problems.length === 1 ? "" : "s"}`, problems, {
      format: parsed.format,
    });
  }
  const warnings: string[] = [];
  if (task.kind.warnPrediction) {
    for (const [id, p] of predictions) warnings.push(...task.kind.warnPrediction(byId.get(id)!, p, task.options));
  }
  return { format: parsed.format, predictions, rows: parsed.entries.length, warnings };
}

/**
 * Upload → validate → score → store, all-or-nothing: the submission, every prediction and its
 * score are written in one transaction, or nothing is.
 */
export async function submitPredictions(db: PrismaClient, input: SubmissionInput) {
  const task = await getTaskOrThrow(db, input.task);
  const release = await getReleaseOrThrow(db, task.id);
  const instances = await getReleaseInstances(db, release.id, true);
  const { format, predictions, rows, warnings } = validatePredictions(task, instances, input.text, input.fileName);
  const score = computeScore(task, instances, predictions);
  if (release.hidden && score.partial) {
    throw validationError("this release keeps its ground truth hidden: a submission must cover every instance", [
      { message: `${score.missing.length} of ${score.total} instances have no prediction (e.g. ${score.missing.slice(0, 5).join(", ")})` },
    ]);
  }
  const validation: ValidationReport = {
    format,
    rows,
    covered: score.covered,
    total: score.total,
    missing: score.missing.length,
    missingSample: score.missing.slice(0, MISSING_SAMPLE),
    partial: score.partial,
    release: release.version,
    warnings: [
      ...(score.partial ? [`partial: ${score.covered} of ${score.total} instances covered; scored on those and left out of the default ranking`] : []),
      ...warnings.slice(0, 100),
      ...(warnings.length > 100 ? [`… and ${warnings.length - 100} more warnings`] : []),
    ],
  };
  if (input.dryRun) return { id: null, status: "validated" as const, metrics: score.result?.metrics ?? {}, validation };

  const created = await db.$transaction(
    async (tx) => {
      const sub = await tx.submission.create({
        data: {
          taskId: task.id,
          teamId: input.teamId,
          userId: input.userId,
          model: input.model,
          system: input.system ?? null,
          oss: input.oss ?? false,
          site: input.site ?? null,
          visibility: input.visibility ?? "public",
          baseline: input.baseline ?? null,
          synthetic: input.synthetic ?? release.synthetic,
          status: "scored",
          format,
          fileName: input.fileName ?? null,
          fileSize: input.fileSize ?? null,
          fileSha256: input.sha256 ?? null,
          validation: validation as unknown as Prisma.InputJsonValue,
          costUsd: input.costUsd ?? null,
          tokens: input.tokens !== undefined ? BigInt(input.tokens) : null,
          runtimeSec: input.runtimeSec ?? null,
        },
      });
      const rows = [...predictions].map(([externalId, data]) => ({ submissionId: sub.id, externalId, data: data as Prisma.InputJsonValue }));
      for (let i = 0; i < rows.length; i += 2000) await tx.prediction.createMany({ data: rows.slice(i, i + 2000) });
      await saveScore(tx, task, sub.id, release.id, score);
      return sub;
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
  return { id: created.id, status: "scored" as const, metrics: score.result?.metrics ?? {}, validation };
}

/** May this actor see this submission? Public: anyone; private: its team and admins. */
export function canView(actor: Actor | null, sub: { visibility: string; teamId: string | null }): boolean {
  if (sub.visibility === "public") return true;
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
      scores: { include: { release: true }, orderBy: { computedAt: "desc" } },
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
export function scoreOnRelease<T extends { release: { status: string; version: string } }>(scores: T[], version?: string): T | undefined {
  return version ? scores.find((s) => s.release.version === version) : currentScore(scores);
}

/** Public JSON of a submission (API and CLI). */
export function submissionJson(sub: Awaited<ReturnType<typeof getSubmissionOrThrow>>) {
  const score = currentScore(sub.scores);
  return {
    id: sub.id,
    task: sub.task.fullSlug,
    model: sub.model,
    system: sub.system,
    team: sub.team ? { slug: sub.team.slug, name: sub.team.name } : null,
    oss: sub.oss,
    site: sub.site,
    visibility: sub.visibility,
    baseline: sub.baseline,
    synthetic: sub.synthetic,
    status: sub.status,
    createdAt: sub.createdAt.toISOString(),
    file: { name: sub.fileName, size: sub.fileSize, sha256: sub.fileSha256, format: sub.format },
    cost: { usd: sub.costUsd, tokens: sub.tokens === null ? null : Number(sub.tokens), runtimeSec: sub.runtimeSec },
    metrics: score?.metrics ?? {},
    ci: score && score.ciLow !== null ? { metric: score.primaryMetric, low: score.ciLow, high: score.ciHigh, level: 0.95 } : null,
    coverage: score ? { covered: score.covered, total: score.total, partial: score.partial } : null,
    release: score ? { version: score.release.version, synthetic: score.release.synthetic } : null,
    metricsVersion: score?.metricsVersion ?? null,
    scores: sub.scores.map((s) => ({
      release: s.release.version,
      releaseStatus: s.release.status,
      primaryMetric: s.primaryMetric,
      primaryValue: s.primaryValue,
      covered: s.covered,
      total: s.total,
      partial: s.partial,
    })),
    validation: sub.validation,
  };
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
  const preds = await db.prediction.findMany({ where: { submissionId: sub.id }, select: { externalId: true, data: true } });
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
      if (q.outcome === "wrong" ? outcome.correct : q.outcome === "correct" ? !outcome.correct : outcome.outcome !== q.outcome) continue;
    }
    rows.push({
      instanceId: inst.externalId,
      prediction: p,
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
