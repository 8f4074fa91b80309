import crypto from "node:crypto";
import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { stableStringify } from "@/lib/stable-json";
import type { StoredInstance } from "@/lib/tasks/types";
import { validateReleaseFile } from "@/lib/tasks/validate";
import { refreshBaselines } from "./baselines";
import { sqlOf } from "@/lib/server/db";
import { createJob, defineJob, defineUpkeep, queueUpkeep, userFacingError } from "@/lib/server/jobs";
import { logActivity, type ActivityAction, type ActivityEntry } from "@/lib/server/activity";
import {
  queueBoardRefresh,
  queueFillBreakdownsIn,
  rescoreCompute,
  saveScores,
  type ComputedScore,
  type PreparePredictions,
} from "@/lib/server/scoring";
import { queueMissingAgreements, serverVerdictsFor } from "@/lib/server/judging";
import { getTaskOrThrow, resolvedTask, TASK_WITH_BENCHMARK } from "@/lib/server/tasks";
import { forgetRelease, getReleaseInstances } from "@/lib/server/cache";
import { claimFanOut, claimPart, finishWhenComplete } from "./releases.sql";
import type { Release, ReleaseDiff } from "@/lib/contracts/releases";

export { validateReleaseFile };

export interface ImportReleaseInput {
  task: string;
  version: string;
  text: string;
  fileName?: string;
  notes?: string;
  hidden?: boolean;
  synthetic?: boolean;
  publish?: boolean;
  source?: string;
  /** who imports it (sees the re-score job's progress and error) */
  createdBy?: string | null;
  /** who, for the activity log (default: the system) */
  actor?: ActivityEntry["actor"];
  /** take metadata fields the file lacks from the current release (default true) */
  carryOver?: boolean;
}

export type { ReleaseDiff } from "@/lib/contracts/releases";

const keysOf = (x: unknown) => (x && typeof x === "object" ? Object.keys(x as object) : []);

/**
 * How `next` differs from `prev`: instances added, removed and changed, and — so that an import
 * never changes data silently — which fields changed on how many instances (`truth.label`,
 * `metadata.problem_statement`, …) and which metadata fields fewer instances carry than before
 * (`lost`: a chart built on them would lose its data on publishing).
 */
function diffAgainst(
  prev: { externalId: string; truth: unknown; metadata: unknown }[],
  next: { externalId: string; truth: unknown; metadata: unknown }[],
): Omit<ReleaseDiff, "against" | "carried"> {
  const before = new Map(prev.map((p) => [p.externalId, p]));
  let added = 0;
  let changed = 0;
  const fields: Record<string, number> = {};
  for (const n of next) {
    const b = before.get(n.externalId);
    if (b === undefined) {
      added++;
      continue;
    }
    let any = false;
    for (const part of ["truth", "metadata"] as const) {
      const x = (b[part] ?? {}) as Record<string, unknown>;
      const y = (n[part] ?? {}) as Record<string, unknown>;
      for (const k of new Set([...keysOf(x), ...keysOf(y)])) {
        if (stableStringify(x[k] ?? null) === stableStringify(y[k] ?? null)) continue;
        fields[`${part}.${k}`] = (fields[`${part}.${k}`] ?? 0) + 1;
        any = true;
      }
    }
    if (any) changed++;
  }
  const nextIds = new Set(next.map((n) => n.externalId));
  const removed = prev.filter((p) => !nextIds.has(p.externalId)).length;
  // over the instances both releases hold (removing instances is not losing a field), values that are there
  const carrying = (list: { externalId: string; metadata: unknown }[]) => {
    const c: Record<string, number> = {};
    for (const i of list) {
      if (!before.has(i.externalId) || !nextIds.has(i.externalId)) continue;
      const m = (i.metadata ?? {}) as Record<string, unknown>;
      for (const k of keysOf(m)) if (m[k] !== null && m[k] !== undefined) c[k] = (c[k] ?? 0) + 1;
    }
    return c;
  };
  const had = carrying(prev);
  const has = carrying(next);
  const lost = Object.entries(had)
    .filter(([k, n]) => (has[k] ?? 0) < n)
    .map(([field, n]) => ({ field: `metadata.${field}`, before: n, after: has[field] ?? 0 }));
  return { added, removed, changed, fields, lost };
}

/**
 * Fields the new file lacks are taken from the current release, instance by instance (metadata
 * only: truth always comes from the file). Returns how many instances each field was carried to.
 */
function carryOver(prev: StoredInstance[], next: StoredInstance[]): Record<string, number> {
  const before = new Map(prev.map((p) => [p.externalId, p]));
  const carried: Record<string, number> = {};
  for (const n of next) {
    const p = before.get(n.externalId);
    if (!p) continue;
    const meta = n.metadata as Record<string, unknown>;
    for (const [k, v] of Object.entries(p.metadata ?? {})) {
      if (meta[k] !== undefined || v === undefined || v === null) continue;
      meta[k] = structuredClone(v); // never a reference into the cached previous release
      carried[k] = (carried[k] ?? 0) + 1;
    }
  }
  return carried;
}

/**
 * Imports a dataset release (all-or-nothing, one transaction) as a draft, optionally publishing
 * it at once. Returns the release, its validation report and its diff against the current release.
 */
export async function importRelease(db: PrismaClient, input: ImportReleaseInput) {
  const task = await getTaskOrThrow(db, input.task);
  const { format, instances, warnings } = validateReleaseFile(task, input.text, input.fileName);
  if (await db.release.findUnique({ where: { taskId_version: { taskId: task.id, version: input.version } } })) {
    throw new AppError("conflict", `release ${input.version} of ${task.fullSlug} already exists`);
  }
  const current = await db.release.findFirst({ where: { taskId: task.id, status: "published" } });
  const prev = current ? await getReleaseInstances(db, current.id, true) : [];
  // an annotations file without the issue texts must not drop them: carried over unless refused
  const carried = input.carryOver === false ? {} : carryOver(prev, instances);
  const diff: ReleaseDiff = { ...diffAgainst(prev, instances), carried, against: current?.version ?? null };
  const checksum = crypto.createHash("sha256").update(input.text).digest("hex");

  const release = await db.$transaction(
    async (tx) => {
      const rel = await tx.release.create({
        data: {
          taskId: task.id,
          version: input.version,
          hidden: input.hidden ?? false,
          synthetic: input.synthetic ?? false,
          notes: input.notes ?? "",
          source: input.source ?? input.fileName ?? "",
          instanceCount: instances.length,
          checksum,
        },
      });
      const rows = instances.map((inst, position) => ({
        releaseId: rel.id,
        externalId: inst.externalId,
        position,
        truth: inst.truth as Prisma.InputJsonValue,
        metadata: inst.metadata as Prisma.InputJsonValue,
      }));
      for (let i = 0; i < rows.length; i += 2000) await tx.instance.createMany({ data: rows.slice(i, i + 2000) });
      await logActivity(sqlOf(tx), {
        actor: input.actor ?? null,
        action: "release.import",
        target: { type: "release", id: rel.id },
        taskId: task.id,
        after: {
          version: rel.version,
          instances: instances.length,
          hidden: rel.hidden,
          synthetic: rel.synthetic,
          checksum,
          diff,
        },
      });
      return rel;
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
  // human labels in the release: the server's judge is measured against them (a job)
  await queueMissingAgreements(db, release.id);
  const validation = {
    format,
    instances: instances.length,
    /** rows imported without an optional field (missing or unreadable): one line per finding */
    warnings,
    preview: instances.slice(0, 5).map((i) => ({ instance_id: i.externalId, ...i.metadata, truth: i.truth })),
  };
  const published = input.publish
    ? await publishRelease(db, release.id, { createdBy: input.createdBy, actor: input.actor })
    : null;
  return { release: published?.release ?? release, validation, diff, job: published?.job ?? null };
}

/** Submissions one re-score part takes: parts run in parallel across workers. */
const RESCORE_BATCH = 25;

// Re-scoring a release: the tracked "rescore" job refreshes the baselines, then fans out into
// parts of RESCORE_BATCH submissions. Each part computes its scores, then writes them and adds
// them to the job's progress in one transaction, so a retried part never counts twice; the part
// that brings progress to the total marks the job done.
export const rescoreJob = defineJob("rescore", async (db, payload, progress, { jobId }) => {
  const release = await db.release.findUniqueOrThrow({
    where: { id: payload.releaseId },
    include: TASK_WITH_BENCHMARK,
  });
  const task = resolvedTask(release.task);
  await refreshBaselines(db, task, release);
  const subs = await db.submission.findMany({
    where: { taskId: release.taskId },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  if (!subs.length) return { rescored: 0, release: release.version };
  // The fan-out happens once: the parts are queued in the transaction that marks the job as
  // fanned out, so a retried or re-delivered parent never queues them twice.
  await db.$transaction(async (tx) => {
    const claimed = await claimFanOut(sqlOf(tx), jobId, subs.length);
    if (!claimed) return;
    for (let i = 0; i < subs.length; i += RESCORE_BATCH) {
      await queueUpkeep(sqlOf(tx), "rescore-part", {
        jobId,
        part: i / RESCORE_BATCH,
        releaseId: release.id,
        ids: subs.slice(i, i + RESCORE_BATCH).map((s) => s.id),
      });
    }
  });
  await progress(0, subs.length);
  return { pending: true };
});

// Each part is done exactly once: its number is recorded in the job's result (`done`) in the same
// transaction that writes its scores and counts its progress. A part that runs again — its worker
// was killed after the commit and before graphile-worker heard of it, and the heartbeat reaper
// unlocked it — finds its number there and writes nothing.
export const rescorePartUpkeep = defineUpkeep("rescore-part", async (db, payload, helpers) => {
  const { jobId, ids } = payload;
  const part = String(payload.part);
  const job = await db.job.findUnique({ where: { id: jobId } });
  // a finished job has had every part claimed (its progress counts claimed parts only)
  if (!job || job.status === "failed" || job.status === "done") return;
  const done = (job.result as { done?: Record<string, true> } | null)?.done;
  if (done?.[part]) return;
  try {
    const release = await db.release.findUniqueOrThrow({
      where: { id: payload.releaseId },
      include: TASK_WITH_BENCHMARK,
    });
    const task = resolvedTask(release.task);
    const scores: { id: string; s: ComputedScore }[] = [];
    // breakdowns (~4 bootstraps a submission) are left to the fill-breakdowns job, queued with the
    // last part: the board's scores land first (the breakdown route answers 404 "being computed" meanwhile).
    // A server-judged submission whose comments this release has not seen judged is scored by its
    // judge run's last job instead (lib/server/judging)
    for (const id of ids) {
      const prepare: PreparePredictions = (instances, predictions) =>
        serverVerdictsFor(db, task, { submissionId: id, releaseId: release.id }, { instances, predictions });
      const s = await rescoreCompute(db, task, id, release, { breakdowns: false, prepare });
      if (s) scores.push({ id, s });
    }
    await db.$transaction(
      async (tx) => {
        // claim the part first (the job row's lock orders concurrent parts); a part already done writes nothing
        const claimed = await claimPart(sqlOf(tx), jobId, part, ids.length);
        if (!claimed) return;
        // one board refresh for the whole re-score, not one per part (each is O(N²·B))
        await saveScores(sqlOf(tx), task, release.id, scores, { refreshBoard: false });
        if (await finishWhenComplete(sqlOf(tx), jobId, release.version)) {
          await queueBoardRefresh(sqlOf(tx), [release.id]);
          await queueFillBreakdownsIn(sqlOf(tx));
          // the published board, every submission scored on it, frozen and citable
          if (release.status === "published")
            await queueUpkeep(sqlOf(tx), "snapshot-published", { releaseId: release.id });
        }
      },
      { timeout: 300_000, maxWait: 30_000 },
    );
  } catch (e) {
    if (helpers.job.attempts >= helpers.job.max_attempts) {
      // the job fails, but the parts already written stand: their board and breakdowns still
      // follow (the last part's transaction will never come to queue them)
      await db.$transaction(async (tx) => {
        await tx.job.update({
          where: { id: jobId },
          data: {
            status: "failed",
            finishedAt: new Date(),
            error: `re-scoring ${ids.length} submissions failed: ${userFacingError(e, jobId)}`,
          },
        });
        await queueBoardRefresh(sqlOf(tx), [payload.releaseId]);
        await queueFillBreakdownsIn(sqlOf(tx));
      });
    }
    throw e;
  }
});

/**
 * Publishes a draft: the previous published release is archived (its scores stay) and a "rescore"
 * job is queued — in one transaction — that refreshes the baselines and scores every submission
 * of the task against the new release. Predictions are never touched. The job runs on a worker;
 * scripts and tests that must see its result run the due jobs themselves (`runDueJobs` of
 * lib/server/worker) — nothing here reaches up to the registry of every job.
 */
export async function publishRelease(
  db: PrismaClient,
  releaseId: string,
  opts: { createdBy?: string | null; actor?: ActivityEntry["actor"] } = {},
) {
  const rel = await db.release.findUnique({ where: { id: releaseId }, include: TASK_WITH_BENCHMARK });
  if (!rel) throw new AppError("not_found", "release not found");
  if (rel.status !== "draft") throw new AppError("conflict", `release ${rel.version} is ${rel.status}, not a draft`);
  const task = resolvedTask(rel.task);
  const total = await db.submission.count({ where: { taskId: rel.taskId } });
  const { release, job } = await db.$transaction(async (tx) => {
    const previous = await tx.release.findMany({ where: { taskId: rel.taskId, status: "published" } });
    await tx.release.updateMany({
      where: { taskId: rel.taskId, status: "published" },
      data: { status: "archived", archivedAt: new Date() },
    });
    const release = await tx.release.update({
      where: { id: rel.id },
      data: { status: "published", publishedAt: new Date() },
    });
    const job = await createJob(
      sqlOf(tx),
      "rescore",
      { releaseId: release.id, task: task.fullSlug, version: release.version },
      { total, createdBy: opts.createdBy ?? null },
    );
    const rows = sqlOf(tx);
    // public events of the task's changelog, each on one release
    const event = (action: ActivityAction, id: string, change: Pick<ActivityEntry, "before" | "after">) =>
      logActivity(rows, {
        actor: opts.actor ?? null,
        action,
        target: { type: "release", id },
        taskId: rel.taskId,
        public: true,
        ...change,
      });
    for (const p of previous)
      await event("release.archive", p.id, {
        before: { version: p.version, status: "published" },
        after: { version: p.version, status: "archived" },
      });
    await event("release.publish", release.id, {
      before: { version: release.version, status: "draft" },
      after: {
        version: release.version,
        status: "published",
        instances: release.instanceCount,
        hidden: release.hidden,
      },
    });
    await event("release.rescore", release.id, { after: { version: release.version, submissions: total, job } });
    return { release, job };
  });
  forgetRelease(release.id);
  return { release, job: await db.job.findUniqueOrThrow({ where: { id: job } }) };
}

/** A release with the first rows (truth included: admins only) and its diff against the current release. */
export async function getReleaseDetail(db: PrismaClient, id: string) {
  const rel = await db.release.findUnique({ where: { id }, include: TASK_WITH_BENCHMARK });
  if (!rel) throw new AppError("not_found", "release not found");
  const instances = await getReleaseInstances(db, rel.id, rel.status !== "draft");
  const current = await db.release.findFirst({
    where: { taskId: rel.taskId, status: "published", NOT: { id: rel.id } },
  });
  const prev = current ? await getReleaseInstances(db, current.id, true) : [];
  const diff: ReleaseDiff = { ...diffAgainst(prev, instances), carried: {}, against: current?.version ?? null };
  const job = await db.job.findFirst({
    where: { name: "rescore", payload: { path: ["releaseId"], equals: rel.id } },
    orderBy: { createdAt: "desc" },
  });
  return {
    task: rel.task.fullSlug,
    release: releaseJson(rel),
    preview: instances.slice(0, 10).map((i) => ({ instance_id: i.externalId, truth: i.truth, metadata: i.metadata })),
    diff,
    job: job ? { id: job.id, status: job.status, progress: job.progress, total: job.total, error: job.error } : null,
  };
}

/** A task's releases, newest first: published and archived ones, drafts too for admins. */
export function listReleases(db: PrismaClient, taskId: string, opts: { includeDrafts?: boolean } = {}) {
  return db.release.findMany({
    where: { taskId, ...(opts.includeDrafts ? {} : { status: { in: ["published", "archived"] } }) },
    orderBy: { createdAt: "desc" },
  });
}

/** Public JSON of a release. */
export function releaseJson(r: {
  id: string;
  version: string;
  status: Release["status"];
  hidden: boolean;
  synthetic: boolean;
  notes: string;
  instanceCount: number;
  createdAt: Date;
  publishedAt: Date | null;
}): Release {
  return {
    id: r.id,
    version: r.version,
    status: r.status,
    hidden: r.hidden,
    synthetic: r.synthetic,
    notes: r.notes,
    instanceCount: r.instanceCount,
    createdAt: r.createdAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}
