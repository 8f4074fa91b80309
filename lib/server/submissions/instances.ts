import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { InstanceOutcome } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";
import { getReleaseOrThrow, getTaskOrThrow } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { getReleaseInstances } from "@/lib/server/cache";

/** How much of a long text field (a trace, an explanation) a page shows; the rest is a link away. */
export const PAGE_TEXT_BYTES = 10 * 1024;

/** A prediction with its long string fields cut to their first PAGE_TEXT_BYTES, and which were cut. */
export function clipPrediction(
  data: Record<string, unknown>,
  limit = PAGE_TEXT_BYTES,
): { prediction: Record<string, unknown>; clipped: string[] } {
  const clipped: string[] = [];
  const prediction: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === "string" && v.length > limit) {
      prediction[k] = v.slice(0, limit);
      clipped.push(k);
    } else if (v !== null && typeof v === "object" && JSON.stringify(v).length > limit) {
      prediction[k] = `${JSON.stringify(v).slice(0, limit)}`;
      clipped.push(k);
    } else prediction[k] = v;
  }
  return { prediction, clipped };
}

/** A short, public description of an instance for lists. */
export function instanceSummary(metadata: Record<string, unknown>): string {
  const s = (metadata.title ?? metadata.problem_statement ?? metadata.repo ?? "") as string;
  return String(s).replace(/\s+/g, " ").slice(0, 140);
}

async function publicScored(db: PrismaClient, release: { id: string; hidden: boolean }) {
  const scores = await db.score.findMany({
    where: {
      releaseId: release.id,
      submission: { visibility: "public", status: "scored", baseline: null, hiddenAt: null },
    },
    include: { submission: true },
    // a hidden release: in submission order (an order by score would rank by hidden labels)
    orderBy: release.hidden ? { submission: { createdAt: "asc" } } : { primaryValue: { sort: "desc", nulls: "last" } },
  });
  return scores.map((s) => ({ id: s.submissionId, model: s.submission.model, synthetic: s.submission.synthetic }));
}

/**
 * The instance explorer: every instance of a release with its truth and each public submission's
 * outcome, sortable by difficulty (share of submissions wrong) and disagreement (1 − share of the
 * most common prediction). Refused for hidden-truth releases: it would reveal truth per instance.
 */
export async function listTaskInstances(
  db: PrismaClient,
  fullSlug: string,
  q: { release?: string; sort?: string; dir?: "asc" | "desc"; page?: number; pageSize?: number; q?: string },
  actor: Actor | null = null,
) {
  const task = await getTaskOrThrow(db, fullSlug);
  const release = await getReleaseOrThrow(db, task.id, q.release, actor);
  if (release.hidden)
    throw new AppError(
      "forbidden",
      "this release keeps its ground truth hidden: the instance explorer is not available",
    );
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const subs = await publicScored(db, release);
  const preds = await db.prediction.findMany({
    where: { submissionId: { in: subs.map((s) => s.id) } },
    select: { submissionId: true, externalId: true, data: true },
  });
  const bySub = new Map(subs.map((s) => [s.id, new Map<string, Record<string, unknown>>()]));
  for (const p of preds) bySub.get(p.submissionId)!.set(p.externalId, p.data as Record<string, unknown>);
  const needle = q.q?.toLowerCase();
  let rows = instances
    .filter(
      (i) =>
        !needle ||
        i.externalId.toLowerCase().includes(needle) ||
        instanceSummary(i.metadata).toLowerCase().includes(needle),
    )
    .map((i) => {
      const outcomes = subs
        .map((s) => {
          const p = bySub.get(s.id)!.get(i.externalId);
          return p ? { submissionId: s.id, model: s.model, ...task.kind.outcome(i, p, task.options) } : null;
        })
        .filter((o): o is { submissionId: string; model: string } & InstanceOutcome => o !== null);
      const wrong = outcomes.filter((o) => !o.correct).length;
      const counts = new Map<string, number>();
      for (const o of outcomes) counts.set(o.predicted, (counts.get(o.predicted) ?? 0) + 1);
      const top = Math.max(0, ...counts.values());
      return {
        instanceId: i.externalId,
        summary: instanceSummary(i.metadata),
        expected: outcomes[0]?.expected ?? null,
        truth: i.truth,
        difficulty: outcomes.length ? wrong / outcomes.length : null,
        disagreement: outcomes.length ? 1 - top / outcomes.length : null,
        outcomes: outcomes.map((o) => ({
          submissionId: o.submissionId,
          model: o.model,
          correct: o.correct,
          predicted: o.predicted,
          outcome: o.outcome,
        })),
        position: i.position,
      };
    });
  const sort = q.sort === "difficulty" || q.sort === "disagreement" ? q.sort : "position";
  const dir = q.dir ?? (sort === "position" ? "asc" : "desc");
  rows = rows.sort((a, b) => {
    const x = (a[sort] ?? -1) as number;
    const y = (b[sort] ?? -1) as number;
    return (dir === "asc" ? x - y : y - x) || a.position - b.position;
  });
  const pageSize = Math.min(200, q.pageSize ?? 50);
  const page = Math.max(1, q.page ?? 1);
  return {
    task: task.fullSlug,
    taskName: task.name,
    release: { version: release.version, synthetic: release.synthetic },
    submissions: subs,
    total: rows.length,
    page,
    pageSize,
    sort,
    dir,
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** One instance: truth (unless hidden), metadata, and every public submission's prediction. */
export async function getTaskInstance(
  db: PrismaClient,
  fullSlug: string,
  externalId: string,
  version?: string,
  actor: Actor | null = null,
) {
  const task = await getTaskOrThrow(db, fullSlug);
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const inst: StoredInstance | undefined = instances.find((i) => i.externalId === externalId);
  if (!inst) throw notFound(`instance ${externalId}`);
  const subs = await publicScored(db, release);
  const preds = await db.prediction.findMany({ where: { externalId, submissionId: { in: subs.map((s) => s.id) } } });
  const predictions = subs
    .map((s) => {
      const p = preds.find((x) => x.submissionId === s.id);
      if (!p) return null;
      const data = p.data as Record<string, unknown>;
      const { prediction, clipped } = clipPrediction(data);
      return {
        submissionId: s.id,
        model: s.model,
        prediction,
        clipped,
        outcome: release.hidden ? null : task.kind.outcome(inst, data, task.options),
      };
    })
    .filter((x) => x !== null);
  return {
    task: task.fullSlug,
    kind: task.kindName,
    release: { version: release.version, hidden: release.hidden, synthetic: release.synthetic },
    instanceId: inst.externalId,
    truth: release.hidden ? null : inst.truth,
    metadata: inst.metadata,
    predictions,
  };
}
