import crypto from "node:crypto";
import { getDatabase, sqlOf } from "@/lib/server/db";
import {
  appendUploadChunk,
  completeQueuedSubmission,
  deleteAbandonedUploads,
  deleteSubmissionRow,
  insertQueuedSubmission,
  UPLOAD_CHUNK_QUERY,
} from "./upload-jobs.sql";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { SystemMeta } from "@/lib/validations/common";
import { startHeartbeat, createJob, defineJob, defineUpkeep } from "@/lib/server/jobs";
import { ingestPredictions, submissionForm, type SubmissionMeta } from "./ingest";
import { ingestInThread } from "./scoring-pool";
import { reportUpload, type UploadFacts } from "./upload-report";
import { disclosedUpload } from "./disclosure";
import { assertModelNameAvailable, skeleton } from "@/lib/server/names";
import { holdQuota, holdUploadMemory, type MemoryHold } from "@/lib/server/limits";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { Release } from "@/lib/generated/prisma/client";
import { getReleaseInstances } from "@/lib/server/cache";
import { PredictionStream } from "@/lib/files/stream-predictions";
import { feedParser, finishValidation, PredictionValidator } from "@/lib/tasks/validate";
import { CLOSE } from "@/lib/server/http";
import { log } from "@/lib/server/observability";

const CHUNK = 1 << 20;
/**
 * The head of a file checked as it arrives, on the thread that receives it (a millisecond): a
 * file that is a flood — unknown instance ids past the limit, more entries than instances — is
 * refused within it, and the rest of its bytes is not read (the connection is closed).
 */
export const PROBE_BYTES = 64 * 1024;

async function openProbe({ task, release }: { task: ResolvedTask; release: Release }, fileName: string) {
  const db = (await getDatabase()).prisma;
  const instances = await getReleaseInstances(db, release.id, true);
  const parser = new PredictionStream(fileName);
  const v = new PredictionValidator(task, instances, undefined, { suggestIds: !release.hidden });
  let fed = 0;
  return {
    /** @throws the 422 of a file stopped within its head (Connection: close) */
    feed(buf: Buffer) {
      if (fed >= PROBE_BYTES) return;
      const slice = buf.subarray(0, PROBE_BYTES - fed);
      fed += slice.length;
      feedParser(parser, v, slice);
      if (!v.stopped) return;
      try {
        finishValidation(parser, v);
      } catch (e) {
        if (e instanceof AppError) throw new AppError(e.code, e.message, e.details, { ...e.headers, ...CLOSE });
        throw e;
      }
    },
  };
}

type Meta = SubmissionMeta & { dryRun?: boolean };

/** An upload as its route hands it over: the body as it streams in, the form's fields when read. */
type StreamedUpload = {
  /** resolved once by the route: the task and the release the upload is for */
  task: ResolvedTask;
  release: Release;
  source: AsyncIterable<Uint8Array>;
  fileName: string;
  teamId: string | null;
  userId: string | null;
  meta: Promise<Meta>;
  quota?: boolean;
};

type Accepted = StreamedUpload & { dryRun?: boolean; asyncBytes: number; actorLabel?: string };

/**
 * Takes an upload as it arrives and picks its path by its real size: up to `asyncBytes` it is read
 * whole first (so no transaction waits on a slow client) and then validated, scored and stored at
 * once in a scoring thread (201; lib/server/submissions/scoring-pool.ts); past that — whatever Content-Length
 * said, or without one — it is kept for a job worker (202). Each upload logs one line of how it went
 * (./upload-report.ts).
 */
export async function acceptUpload(input: Accepted) {
  const t0 = performance.now();
  const facts: UploadFacts = {
    task: input.task.fullSlug,
    teamId: input.teamId,
    dryRun: Boolean(input.dryRun),
    bytes: 0,
    path: null,
    scoring: {},
    totalMs: 0,
  };
  try {
    const result = await receiveUpload(input, facts);
    reportUpload({ ...facts, totalMs: performance.now() - t0 }, { result });
    return result;
  } catch (error) {
    reportUpload({ ...facts, totalMs: performance.now() - t0 }, { error });
    throw error;
  }
}

async function receiveUpload(input: Accepted, facts: UploadFacts) {
  const it = input.source[Symbol.asyncIterator]();
  // the bytes held here count against the team's and the process's budgets (limits/upload-memory.ts)
  const hold = holdUploadMemory(input.teamId ?? `user:${input.userId}`);
  try {
    const head = await readHead(input, it, hold, facts);
    if (head.whole) {
      facts.path = "thread";
      // the whole file is here: its form fields too (a field after the file may say dry_run)
      const meta = await input.meta;
      facts.dryRun = Boolean(input.dryRun || meta.dryRun === true);
      return await ingestInThread(
        {
          taskId: input.task.id,
          fileName: input.fileName,
          teamId: input.teamId,
          userId: input.userId,
          meta,
          dryRun: facts.dryRun,
          quota: input.quota,
          actorLabel: input.actorLabel,
        },
        head.chunks,
        facts.scoring,
      );
    }
    facts.path = "worker";
    const chunks = head.chunks;
    async function* rest(): AsyncIterable<Uint8Array> {
      // the head is handed on (and let go) chunk by chunk; then at most a chunk is held here
      for (let c = chunks.shift(); c; c = chunks.shift()) yield c;
      hold.set(Math.min(head.bytes, 2 * CHUNK));
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    }
    const queued = await queueUpload({ ...input, source: rest() });
    facts.bytes = queued.fileSize;
    return queued;
  } finally {
    hold.release();
  }
}

/** The file's first bytes, up to `asyncBytes` (all of it when it is no larger), probed as they arrive. */
async function readHead(
  input: { task: ResolvedTask; release: Release; fileName: string; asyncBytes: number },
  it: AsyncIterator<Uint8Array>,
  hold: MemoryHold,
  counted: { bytes: number },
): Promise<{ chunks: Buffer[]; bytes: number; whole: boolean }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const probe = await openProbe(input, input.fileName);
  for (;;) {
    const r = await it.next();
    if (r.done) return { chunks, bytes, whole: true };
    const buf = Buffer.isBuffer(r.value)
      ? r.value
      : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    hold.set(bytes + buf.length);
    probe.feed(buf);
    chunks.push(buf);
    bytes += buf.length;
    counted.bytes = bytes;
    if (bytes > input.asyncBytes) return { chunks, bytes, whole: false };
  }
}

/**
 * Keeps a large upload for scoring by a worker. Its bytes go into upload_chunks (1 MB rows) as
 * they arrive, each in its own short statement (no transaction waits on the client); then the
 * submission's fields and its "score-upload" job are committed together. An upload that fails
 * part-way is deleted; one abandoned by a dead process is swept by "sweep-uploads".
 * Returns at once (the route answers 202); the job's progress and error show on the submission.
 */
export async function queueUpload(input: StreamedUpload) {
  const database = await getDatabase();
  const { task, release } = input;
  const id = crypto.randomUUID();
  let size = 0;
  const hash = crypto.createHash("sha256");
  // this process's heartbeat names the receiver: if it dies mid-upload, the row (and the quota it
  // holds) is deleted by whichever process next finds the heartbeat stale (lib/server/jobs/heartbeat.ts)
  const receiver = await startHeartbeat(database, "web");
  // a queued upload counts against the quota from the start (it is scored later, whatever the count then);
  // until its form is complete it is private (only its team sees it), then it takes the visibility asked
  await database.transaction(async (conn) => {
    await insertQueuedSubmission(sqlOf(conn), {
      id,
      taskId: task.id,
      teamId: input.teamId,
      userId: input.userId,
      fileName: input.fileName,
      releaseId: release.id,
      receiverId: receiver.id,
    });
    if (input.quota && input.teamId) await holdQuota(sqlOf(conn), task, release, input.teamId);
  });
  try {
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes) return;
      await appendUploadChunk(sqlOf(database), id, seq++, Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of input.source) {
      const buf = Buffer.from(chunk);
      hash.update(buf);
      size += buf.length;
      pending.push(buf);
      pendingBytes += buf.length;
      if (pendingBytes >= CHUNK) await flush();
    }
    await flush();
    const meta = await input.meta;
    if (meta.dryRun)
      throw new AppError(
        "bad_request",
        "dry runs of files this large are not queued: validate a smaller sample, or upload without dry_run",
      );
    const jobId = await database.transaction(async (conn) => {
      // a model name belongs to the first team that used it on the task (admins are trusted, as with quotas)
      const modelSkeleton = input.quota
        ? await assertModelNameAvailable(sqlOf(conn), {
            taskId: task.id,
            teamId: input.teamId,
            model: meta.model,
            submissionId: id,
          })
        : skeleton(meta.model);
      await completeQueuedSubmission(
        sqlOf(conn),
        id,
        submissionForm(meta, { size, sha256: hash.digest("hex") }, modelSkeleton),
      );
      return createJob(
        sqlOf(conn),
        "score-upload",
        { submissionId: id, task: task.fullSlug, counted: Boolean(input.quota) },
        { total: size, createdBy: input.userId, teamId: input.teamId },
      );
    });
    return { id, status: "queued" as const, job: { id: jobId, url: `/api/v1/jobs/${jobId}` }, fileSize: size };
  } catch (e) {
    // nothing half-written stays: the row and its chunks go (chunks cascade)
    await deleteSubmissionRow(sqlOf(database), id).catch(() => undefined);
    throw e;
  }
}

/** Uploads left queued without a job for an hour (a backstop: the heartbeat reaper deletes those of dead receivers within a minute). */
export async function sweepAbandonedUploads(db: PrismaClient): Promise<number> {
  return deleteAbandonedUploads(sqlOf(db));
}

export const sweepUploadsUpkeep = defineUpkeep(
  "sweep-uploads",
  async (db) => {
    const n = await sweepAbandonedUploads(db);
    if (n) log.info({ swept: n }, "swept abandoned uploads");
    // the same hourly sweep drops expired rate-limit counters and ended sessions
    await db.rateLimit.deleteMany({ where: { expire: { not: null, lt: BigInt(Date.now()) } } });
    await db.authSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  },
  { cron: "17 * * * *" },
);

async function* chunksOf(submissionId: string, onBytes: (n: number) => Promise<void>): AsyncIterable<Uint8Array> {
  const database = await getDatabase();
  let done = 0;
  for (let seq = 0; ; seq++) {
    // one 1 MB row at a time, straight from the driver in binary (bytea as text would be hex:
    // twice the bytes, then decoded)
    const config = {
      text: UPLOAD_CHUNK_QUERY,
      values: [submissionId, seq],
      binary: true,
    };
    const { rows } = await database.pool.query<{ data: Buffer }>(config);
    if (!rows.length) return;
    done += rows[0].data.length;
    yield rows[0].data;
    await onBytes(done);
  }
}

export const scoreUploadJob = defineJob("score-upload", async (db, payload, progress) => {
  const submissionId = payload.submissionId;
  const sub = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, include: { task: true } });
  // stored already (a retry after its worker died past the commit): scored, or waiting for the judge
  if (sub.status === "scored" || sub.status === "judging") return { submissionId, status: sub.status };
  await db.submission.update({ where: { id: submissionId }, data: { status: "scoring" } });
  const total = sub.fileSize ?? 0;
  try {
    const r = await ingestPredictions({
      taskId: sub.taskId,
      source: chunksOf(submissionId, (n) => progress(n, total)),
      fileName: sub.fileName ?? undefined,
      teamId: sub.teamId,
      userId: sub.userId,
      submissionId,
      // a counted upload spends its team's judge budget when it is judged (its upload quota was held when queued)
      quota: payload.counted,
      meta: {
        model: sub.model,
        system: sub.system ?? undefined,
        oss: sub.oss,
        site: sub.site ?? undefined,
        visibility: sub.visibility,
        costUsd: sub.costUsd ?? undefined,
        tokens: sub.tokens === null ? undefined : Number(sub.tokens),
        runtimeSec: sub.runtimeSec ?? undefined,
        logsUrl: sub.logsUrl ?? undefined,
        meta: SystemMeta.parse(sub.meta ?? {}),
      },
    });
    await db.uploadChunk.deleteMany({ where: { submissionId } });
    // the job's result is read by whoever started it: the same rule as the upload's response
    return { submissionId, status: r.status, ...disclosedUpload(r, null) };
  } catch (e) {
    // an invalid file stays invalid, and a team past its judge budget today is told so and may send
    // it again tomorrow: record why on the submission, do not retry
    if (e instanceof AppError && (e.code === "validation_failed" || e.code === "quota_exceeded")) {
      await db.submission.update({
        where: { id: submissionId },
        data: { status: "failed", error: e.message, validation: (e.details ?? {}) as object },
      });
      await db.uploadChunk.deleteMany({ where: { submissionId } });
    }
    throw e;
  }
});
