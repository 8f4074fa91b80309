import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";

type Runner = (db: PrismaClient, payload: Record<string, unknown>, progress: (done: number, total: number) => Promise<void>) => Promise<unknown>;

const runners = new Map<string, Runner>();
const running = new Set<string>();

/** Registers the code behind a job kind (e.g. "rescore"). */
export function registerJobKind(kind: string, run: Runner): void {
  runners.set(kind, run);
}

export async function createJob(db: PrismaClient, kind: string, payload: Record<string, unknown>, total = 0) {
  return db.job.create({ data: { kind, payload: payload as Prisma.InputJsonValue, total } });
}

/**
 * Runs a job to completion, recording progress (throttled) so pages can show a progress bar.
 * A failure is stored on the job with its message; it is not rethrown.
 */
export async function runJob(db: PrismaClient, id: string): Promise<void> {
  if (running.has(id)) return;
  running.add(id);
  try {
    const job = await db.job.findUnique({ where: { id } });
    if (!job || job.status === "done") return;
    const run = runners.get(job.kind);
    if (!run) throw new Error(`no runner for job kind ${job.kind}`);
    await db.job.update({ where: { id }, data: { status: "running", startedAt: new Date(), error: null } });
    let last = 0;
    const progress = async (done: number, total: number) => {
      const now = Date.now();
      if (done === total || now - last > 250) {
        last = now;
        await db.job.update({ where: { id }, data: { progress: done, total } });
      }
    };
    const result = await run(db, job.payload as Record<string, unknown>, progress);
    await db.job.update({ where: { id }, data: { status: "done", finishedAt: new Date(), result: (result ?? null) as Prisma.InputJsonValue } });
  } catch (e) {
    console.error(`[job ${id}] failed`, e);
    await db.job.update({ where: { id }, data: { status: "failed", finishedAt: new Date(), error: e instanceof Error ? e.message : String(e) } }).catch(() => undefined);
  } finally {
    running.delete(id);
  }
}

/** Starts a job in the background of this process (the server owns the embedded database). */
export function startJob(db: PrismaClient, id: string): void {
  setImmediate(() => void runJob(db, id));
}

/** Resumes jobs left queued or running by a previous process. */
export async function resumeJobs(db: PrismaClient): Promise<number> {
  const jobs = await db.job.findMany({ where: { status: { in: ["queued", "running"] } }, select: { id: true } });
  for (const j of jobs) startJob(db, j.id);
  return jobs.length;
}

export async function getJobOrThrow(db: PrismaClient, id: string) {
  const job = await db.job.findUnique({ where: { id } });
  if (!job) throw notFound("job");
  return job;
}

export function jobJson(j: Awaited<ReturnType<typeof getJobOrThrow>>) {
  return {
    id: j.id,
    kind: j.kind,
    status: j.status,
    progress: j.progress,
    total: j.total,
    result: j.result,
    error: j.error,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}
