// The statements of the spooled (202) upload path. It runs on pg transactions of its own (the
// body streams into upload_chunks a megabyte at a time, outside Prisma), so these take an `Sql`.
import type { Sql } from "@/lib/server/db";
import { formAssignments, type NewSubmissionRow, type SubmissionForm } from "./ingest.sql";

/** The row an upload holds from its first byte: queued, private, named by its receiver's heartbeat. */
export function insertQueuedSubmission(sql: Sql, r: NewSubmissionRow & { receiverId: string }) {
  return sql(
    `INSERT INTO submissions (id, task_id, team_id, user_id, model, status, format, file_name, upload_release_id, visibility, receiver_id)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, '', 'queued', '', $5, $6::uuid, 'private', $7)`,
    [r.id, r.taskId, r.teamId, r.userId, r.fileName, r.releaseId, r.receiverId],
  );
}

export function appendUploadChunk(sql: Sql, submissionId: string, seq: number, data: Buffer) {
  return sql(`INSERT INTO upload_chunks (submission_id, seq, data) VALUES ($1::uuid, $2, $3)`, [
    submissionId,
    seq,
    data,
  ]);
}

/** The form of a spooled upload, once its body is in: its metadata and visibility, no receiver any more. */
export function completeQueuedSubmission(sql: Sql, id: string, m: SubmissionForm) {
  const form = formAssignments(m, 2);
  return sql(`UPDATE submissions SET ${form.set}, receiver_id = NULL WHERE id = $1::uuid`, [id, ...form.values]);
}

/** Deletes a submission (its chunks, predictions and scores cascade). */
export function deleteSubmissionRow(sql: Sql, id: string) {
  return sql(`DELETE FROM submissions WHERE id = $1::uuid`, [id]);
}

/** Uploads left queued for an hour with no job to score them; returns how many went. */
export async function deleteAbandonedUploads(sql: Sql) {
  return (
    await sql(
      `DELETE FROM submissions s WHERE s.status = 'queued' AND s.created_at < now() - interval '1 hour'
          AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.kind = 'score-upload' AND j.payload->>'submissionId' = s.id::text)
       RETURNING 1`,
      [],
    )
  ).length;
}

/** One spooled chunk, in binary (`binary` is a per-query option of pg that its type definitions leave out). */
export const UPLOAD_CHUNK_QUERY = `SELECT data FROM upload_chunks WHERE submission_id = $1::uuid AND seq = $2`;
