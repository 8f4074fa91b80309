import crypto from "node:crypto";
import {
  Logger,
  run,
  runMigrations,
  runOnce,
  type JobHelpers,
  type Runner as WorkerRunner,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import type pg from "pg";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { sessionPool, type Sql } from "@/lib/server/db";
import { log } from "@/lib/server/observability";
import { addGraphileJob, dueJobLeft, insertJobRow } from "./jobs.sql";
import {
  JOB_PAYLOADS,
  TRACKED_JOBS,
  type JobName,
  type JobPayload,
  type JobResponse,
  type UpkeepName,
  type TrackedJobName,
} from "@/lib/contracts/jobs";

/**
 * What a job's error tells the people who see it: the message of an error about what they sent
 * (an AppError), else a generic line naming the job (the detail is in the server log).
 */
export function userFacingError(e: unknown, jobId: string): string {
  if (e instanceof AppError) return e.message;
  return `an internal error stopped this job; operators can find job ${jobId} in the server log`;
}

// Background work runs on graphile-worker, a job queue on the same PostgreSQL: a job is claimed
// in the database (SKIP LOCKED), picked up at once (LISTEN/NOTIFY), retried with exponential
// backoff, and runs once across any number of web and worker processes. The `jobs` table is what
// people see: status, progress and the error of a job that kept failing.

/** Attempts before a tracked job ends `failed` (backoff between them: e^attempt seconds). */
export const MAX_ATTEMPTS = 4;

export type Progress = (done: number, total: number) => Promise<void>;

/** The code behind a tracked job (a `jobs` row with status and progress), e.g. "rescore". */
export interface TrackedJobDefinition<N extends TrackedJobName = TrackedJobName> {
  name: N;
  tracked: true;
  run: (db: PrismaClient, payload: JobPayload<N>, progress: Progress, ctx: { jobId: string }) => Promise<unknown>;
}
/** The code behind an internal job (no `jobs` row), e.g. "refresh-board"; `cron` schedules it. */
export interface UpkeepDefinition<N extends UpkeepName = UpkeepName> {
  name: N;
  tracked: false;
  cron?: string;
  run: (db: PrismaClient, payload: JobPayload<N>, helpers: JobHelpers) => Promise<void>;
}

/** Defines a tracked job's handler (registered only by being listed in lib/server/worker/registry.ts). */
export function defineJob<N extends TrackedJobName>(
  name: N,
  run: TrackedJobDefinition<N>["run"],
): TrackedJobDefinition<N> {
  return { name, tracked: true, run };
}

/** Defines an internal job's handler; `cron` (graphile-worker's crontab syntax) runs it on a schedule. */
export function defineUpkeep<N extends UpkeepName>(
  name: N,
  run: UpkeepDefinition<N>["run"],
  opts: { cron?: string } = {},
): UpkeepDefinition<N> {
  return { name, tracked: false, run, ...opts };
}

/** Every job's handler, by name: the type makes a registry that misses one a compile error. */
export type JobRegistry = { [N in TrackedJobName]: TrackedJobDefinition<N> } & {
  [N in UpkeepName]: UpkeepDefinition<N>;
};

/** A job whose stored payload does not match its schema: retrying cannot help. */
class InvalidPayload extends Error {}

function parsePayload<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
  const r = JOB_PAYLOADS[name].safeParse(payload);
  if (!r.success)
    throw new InvalidPayload(
      `job ${name}: invalid payload (${r.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")})`,
    );
  return r.data as JobPayload<N>;
}

/**
 * Creates a tracked job (its `jobs` row) and queues it, through the caller's transaction: the row
 * and the queue entry exist together or not at all. Returns the job's id.
 */
export async function createJob<N extends TrackedJobName>(
  exec: Sql,
  name: N,
  payload: JobPayload<N>,
  opts: { total?: number; createdBy?: string | null; teamId?: string | null; maxAttempts?: number } = {},
): Promise<string> {
  parsePayload(name, payload);
  const id = crypto.randomUUID();
  await insertJobRow(exec, {
    id,
    name,
    payload,
    total: opts.total ?? 0,
    createdBy: opts.createdBy ?? null,
    teamId: opts.teamId ?? null,
  });
  await addJob(exec, "tracked", { jobId: id }, { maxAttempts: opts.maxAttempts ?? MAX_ATTEMPTS });
  return id;
}

/** Queues an internal job (same transaction semantics as createJob). */
export async function queueUpkeep<N extends UpkeepName>(
  exec: Sql,
  name: N,
  payload: JobPayload<N>,
  opts: QueueOptions = {},
) {
  await addJob(exec, name, parsePayload(name, payload), opts);
}

type QueueOptions = {
  jobKey?: string;
  /**
   * What queueing a key that is waiting does: replace it (default), or keep when it runs
   * (`preserve_run_at`: a job due at most once per delay, however often it is queued).
   */
  keyMode?: "replace" | "preserve_run_at";
  queue?: string;
  maxAttempts?: number;
  /** not before */
  runAt?: Date;
  /** lower runs first (graphile-worker's priority; default 0) */
  priority?: number;
};

async function addJob(exec: Sql, name: string, payload: Record<string, unknown>, opts: QueueOptions) {
  await addGraphileJob(exec, name, payload, {
    queue: opts.queue ?? null,
    jobKey: opts.jobKey ?? null,
    keyMode: opts.keyMode ?? "replace",
    maxAttempts: opts.maxAttempts ?? MAX_ATTEMPTS,
    runAt: opts.runAt ?? null,
    priority: opts.priority ?? 0,
  });
}

function taskList(db: PrismaClient, registry: JobRegistry, only?: (name: string) => boolean): TaskList {
  const list: TaskList = {
    async tracked(raw, helpers) {
      const { jobId } = raw as { jobId: string };
      const job = await db.job.findUnique({ where: { id: jobId } });
      if (!job || job.status === "done" || job.status === "failed") return;
      const def = (TRACKED_JOBS as readonly string[]).includes(job.name)
        ? (registry[job.name as TrackedJobName] as TrackedJobDefinition)
        : null;
      const attempt = helpers.job.attempts;
      let final = attempt >= helpers.job.max_attempts;
      try {
        await db.job.update({
          where: { id: jobId },
          data: { status: "running", startedAt: job.startedAt ?? new Date(), attempts: attempt },
        });
        if (!def) throw new InvalidPayload(`no handler for the job ${job.name}`);
        const payload = parsePayload(def.name, job.payload);
        let last = 0;
        const progress: Progress = async (done, total) => {
          const now = Date.now();
          if (done === total || now - last > 250) {
            last = now;
            await db.job.update({ where: { id: jobId }, data: { progress: done, total } });
          }
        };
        const result = await def.run(db, payload as never, progress, { jobId });
        // a runner that fans out (returns { pending: true }) is finished by its last part
        if (!(result && typeof result === "object" && "pending" in result)) {
          await db.job.update({
            where: { id: jobId },
            data: {
              status: "done",
              finishedAt: new Date(),
              error: null,
              result: (result ?? null) as Prisma.InputJsonValue,
            },
          });
        }
      } catch (e) {
        const message = userFacingError(e, jobId);
        // a problem in what was sent never goes away by retrying
        if (
          e instanceof InvalidPayload ||
          (e instanceof AppError && ["validation_failed", "not_found", "quota_exceeded"].includes(e.code))
        )
          final = true;
        log.error(
          { err: e, jobId, job: job.name, attempt, maxAttempts: helpers.job.max_attempts },
          "job attempt failed",
        );
        await db.job
          .update({
            where: { id: jobId },
            data: final
              ? { status: "failed", finishedAt: new Date(), error: message }
              : {
                  status: "queued",
                  error: `attempt ${attempt} of ${helpers.job.max_attempts} failed (${message}); retrying`,
                },
          })
          .catch(() => undefined);
        if (!final) throw e;
      }
    },
  };
  if (only && !only("tracked")) delete (list as Partial<TaskList>).tracked;
  for (const def of Object.values(registry) as (TrackedJobDefinition | UpkeepDefinition)[]) {
    if (def.tracked || (only && !only(def.name))) continue;
    list[def.name] = async (raw, helpers) => {
      let payload;
      try {
        payload = parsePayload(def.name, raw);
      } catch (e) {
        // a payload that does not parse never will: log it and let the queue drop the job
        log.error({ err: e, task: def.name, jobId: helpers.job.id }, "job dropped");
        return;
      }
      await def.run(db, payload as never, helpers);
    };
  }
  return list;
}

/** How long `runJobsOnce` waits for a queue a finished run-once pool still holds. */
const RUN_ONCE_PATIENCE_MS = 30_000;

const quiet = new Logger(() => (level, message) => {
  if (level === "error") log.error({ component: "graphile-worker" }, message);
  else if (level === "warning") log.warn({ component: "graphile-worker" }, message);
});

// graphile-worker needs sessions — a connection held LISTENing for new jobs, named prepared
// statements reused across transactions — so it runs on the database's direct pool
// (DATABASE_DIRECT_URL when DATABASE_URL is a transaction-mode pooler; the same pool otherwise):
// `sessionPool(pool)` below, whichever pool its callers hand it.

/** Installs or updates the queue's own schema (graphile_worker), idempotent. */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: sessionPool(pool), logger: quiet });
}

/**
 * Starts a worker in this process: it runs the registry's jobs until stopped (those `only` admits:
 * a second runner of a process can take one kind of work with its own concurrency, e.g. the
 * judge's requests, so that slow calls to an outside service never hold the other jobs' slots).
 */
export async function startWorker(
  db: PrismaClient,
  pool: pg.Pool,
  registry: JobRegistry,
  opts: { concurrency?: number; events?: WorkerEvents; only?: (name: string) => boolean } = {},
): Promise<WorkerRunner> {
  // upkeep on a schedule (graphile-worker's cron: one run per slot across all workers)
  const crontab = (Object.values(registry) as (TrackedJobDefinition | UpkeepDefinition)[])
    .flatMap((d) => (!d.tracked && d.cron && (!opts.only || opts.only(d.name)) ? [`${d.cron} ${d.name}`] : []))
    .join("\n");
  return run({
    pgPool: sessionPool(pool),
    concurrency: opts.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quiet,
    taskList: taskList(db, registry, opts.only),
    crontab,
    events: opts.events,
  });
}

/**
 * Runs every job of the registry that is due now, in this process, then returns (scripts and tests).
 *
 * graphile-worker's run-once mode stops at the first fetch that finds nothing, and it marks a job
 * done without awaiting that write: the next fetch can still see the job's named queue locked,
 * skip the queue's next job and stop (two audits queued back to back on "integrity" left the
 * second waiting). So it runs again while a due job is left that no running worker holds.
 */
export async function runJobsOnce(db: PrismaClient, pool: pg.Pool, registry: JobRegistry): Promise<void> {
  const names = Object.keys(registry);
  const started = Date.now();
  for (let round = 0; ; round++) {
    await runOnce({ pgPool: sessionPool(pool), logger: quiet, taskList: taskList(db, registry) });
    if (!(await dueJobLeft(sessionPool(pool), names))) return;
    // a queue is held by a finished run-once pool only until its last completion commits
    if (Date.now() - started > RUN_ONCE_PATIENCE_MS)
      throw new Error(`due jobs are still waiting after ${round + 1} run-once passes: is a queue held by a dead pool?`);
    await new Promise((r) => setTimeout(r, Math.min(50, 2 ** round)));
  }
}

export async function getJobOrThrow(db: PrismaClient, id: string) {
  const job = await db.job.findUnique({ where: { id } });
  if (!job) throw notFound("job");
  return job;
}

/** A job as its starter sees it: admins see all; others the jobs they or their team started. @throws not_found */
export async function getVisibleJobOrThrow(
  db: PrismaClient,
  id: string,
  actor: { isAdmin: boolean; userId: string | null; teamIds: string[] },
) {
  const job = await getJobOrThrow(db, id);
  const mine =
    (job.createdBy !== null && job.createdBy === actor.userId) ||
    (job.teamId !== null && actor.teamIds.includes(job.teamId));
  if (!actor.isAdmin && !mine) throw notFound("job");
  return job;
}

export function jobJson(j: Awaited<ReturnType<typeof getJobOrThrow>>): JobResponse {
  return {
    id: j.id,
    // the API's field keeps its first name (docs/api.md; clients read it): the job's name
    kind: j.name,
    status: j.status,
    progress: j.progress,
    total: j.total,
    attempts: j.attempts,
    result: j.result,
    error: j.error,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}
