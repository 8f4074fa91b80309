import crypto from "node:crypto";
import { getDatabase } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { createJob, registerJobKind } from "./jobs";
import { ingestPredictions, type SubmissionMeta } from "./ingest";
import { getTaskOrThrow } from "./tasks";

const CHUNK = 1 << 20;

/**
 * Accepts a large upload for scoring by a worker: the bytes go into upload_chunks (1 MB rows)
 * as they arrive, then the queued submission and its "score-upload" job are committed together.
 * Returns at once (the route answers 202); the job's progress and error show on the submission.
 */
export async function queueUpload(input: {
  task: string;
  source: AsyncIterable<Uint8Array>;
  fileName: string;
  teamId: string | null;
  userId: string | null;
  meta: Promise<SubmissionMeta & { dryRun?: boolean }>;
}) {
  const database = await getDatabase();
  const task = await getTaskOrThrow(database.prisma, input.task);
  const id = crypto.randomUUID();
  let size = 0;
  const hash = crypto.createHash("sha256");
  const jobId = await database.transaction(async (conn) => {
    await conn.query(
      `INSERT INTO submissions (id, task_id, team_id, user_id, model, status, format, file_name) VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, '', 'queued', '', $5)`,
      [id, task.id, input.teamId, input.userId, input.fileName],
    );
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes) return;
      await conn.query(`INSERT INTO upload_chunks (submission_id, seq, data) VALUES ($1::uuid, $2, $3)`, [id, seq++, Buffer.concat(pending)]);
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
    if (meta.dryRun) throw new AppError("bad_request", "dry runs of files this large are not queued: validate a smaller sample, or upload without dry_run");
    await conn.query(
      `UPDATE submissions SET model = $2, system = $3, oss = $4, site = $5, visibility = $6::"Visibility", cost_usd = $7, tokens = $8, runtime_sec = $9, file_size = $10, file_sha256 = $11 WHERE id = $1::uuid`,
      [id, meta.model, meta.system ?? null, meta.oss ?? false, meta.site ?? null, meta.visibility ?? "public", meta.costUsd ?? null, meta.tokens ?? null, meta.runtimeSec ?? null, size, hash.digest("hex")],
    );
    const job = crypto.randomUUID();
    await conn.query(
      `INSERT INTO jobs (id, kind, status, payload, total, created_by, team_id) VALUES ($1::uuid, 'score-upload', 'queued', $2::jsonb, $3, $4::uuid, $5::uuid)`,
      [job, JSON.stringify({ submissionId: id, task: task.fullSlug }), size, input.userId, input.teamId],
    );
    await conn.query(`SELECT graphile_worker.add_job('tracked', json_build_object('jobId', $1::text), max_attempts => 4)`, [job]);
    return job;
  });
  return { id, status: "queued" as const, job: { id: jobId, url: `/api/v1/admin/jobs/${jobId}` }, fileSize: size };
}

async function* chunksOf(db: PrismaClient, submissionId: string, onBytes: (n: number) => Promise<void>): AsyncIterable<Uint8Array> {
  let seq = 0;
  let done = 0;
  for (;;) {
    const row = await db.uploadChunk.findUnique({ where: { submissionId_seq: { submissionId, seq } } });
    if (!row) return;
    done += row.data.length;
    yield Buffer.from(row.data);
    await onBytes(done);
    seq++;
  }
}

registerJobKind("score-upload", async (db, payload, progress) => {
  const submissionId = String(payload.submissionId);
  const sub = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, include: { task: true } });
  if (sub.status === "scored") return { submissionId, status: "scored" };
  await db.submission.update({ where: { id: submissionId }, data: { status: "scoring" } });
  const total = sub.fileSize ?? 0;
  try {
    const r = await ingestPredictions({
      task: sub.task.fullSlug,
      source: chunksOf(db, submissionId, (n) => progress(n, total)),
      fileName: sub.fileName ?? undefined,
      teamId: sub.teamId,
      userId: sub.userId,
      submissionId,
      meta: {
        model: sub.model,
        system: sub.system ?? undefined,
        oss: sub.oss,
        site: sub.site ?? undefined,
        visibility: sub.visibility,
        costUsd: sub.costUsd ?? undefined,
        tokens: sub.tokens === null ? undefined : Number(sub.tokens),
        runtimeSec: sub.runtimeSec ?? undefined,
      },
    });
    await db.uploadChunk.deleteMany({ where: { submissionId } });
    return { submissionId, status: r.status, metrics: r.metrics };
  } catch (e) {
    // an invalid file stays invalid: record why on the submission, do not retry
    if (e instanceof AppError && e.code === "validation_failed") {
      await db.submission.update({ where: { id: submissionId }, data: { status: "failed", error: e.message, validation: (e.details ?? {}) as object } });
      await db.uploadChunk.deleteMany({ where: { submissionId } });
    }
    throw e;
  }
});
