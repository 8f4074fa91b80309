// The statements of ingest.ts. The streaming upload runs on one pg transaction (predictions go
// in through COPY as they are parsed), so these take an `Sql` of that transaction.
import type { Sql } from "@/lib/server/db";
import type { Metrics } from "@/lib/tasks/types";

/** COPY of predictions as CSV rows (submission_id, external_id, data). */
export const COPY_PREDICTIONS = `COPY predictions (submission_id, external_id, data) FROM STDIN WITH (FORMAT csv)`;

export function deletePredictionsOf(sql: Sql, submissionId: string) {
  return sql(`DELETE FROM predictions WHERE submission_id = $1::uuid`, [submissionId]);
}

/** Who sent an upload, to which task and release: the first row a submission has. */
export interface NewSubmissionRow {
  id: string;
  taskId: string;
  teamId: string | null;
  userId: string | null;
  fileName: string | null;
  releaseId: string;
}

/** The row of an upload scored at once, while its file streams in. */
export function insertScoringSubmission(sql: Sql, r: NewSubmissionRow) {
  return sql(
    `INSERT INTO submissions (id, task_id, team_id, user_id, model, status, format, file_name, upload_release_id)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, '', 'scoring', '', $5, $6::uuid)`,
    [r.id, r.taskId, r.teamId, r.userId, r.fileName, r.releaseId],
  );
}

/** What a submission's form and file say, as stored (absent values null). */
export interface SubmissionForm {
  model: string;
  system: string | null;
  oss: boolean;
  site: string | null;
  visibility: string;
  costUsd: number | null;
  tokens: number | null;
  runtimeSec: number | null;
  logsUrl: string | null;
  /** structured system metadata (SystemMeta) */
  meta: Record<string, unknown>;
  composedOf: { input: string; output: string } | null;
  modelSkeleton: string;
  fileSize: number;
  fileSha256: string;
}

/** A submission's form and file as `column = $n` assignments from `$first` on, with their values. */
export function formAssignments(m: SubmissionForm, first: number): { set: string; values: unknown[] } {
  const cols: [string, unknown, string?][] = [
    ["model", m.model],
    ["system", m.system],
    ["oss", m.oss],
    ["site", m.site],
    ["visibility", m.visibility, '::"Visibility"'],
    ["cost_usd", m.costUsd],
    ["tokens", m.tokens],
    ["runtime_sec", m.runtimeSec],
    ["file_size", m.fileSize],
    ["file_sha256", m.fileSha256],
    ["logs_url", m.logsUrl],
    ["model_skeleton", m.modelSkeleton],
    ["meta", JSON.stringify(m.meta), "::jsonb"],
  ];
  return {
    set: cols.map(([c, , cast], i) => `${c} = $${first + i}${cast ?? ""}`).join(", "),
    values: cols.map(([, v]) => v),
  };
}

/** A scored upload's form, file and validation report. */
export function markSubmissionScored(
  sql: Sql,
  id: string,
  m: SubmissionForm & {
    baseline: string | null;
    synthetic: boolean;
    format: string;
    fileName: string | null;
    validation: unknown;
    releaseId: string;
    /** judging: waiting for the server's judge */
    status?: "scored" | "judging";
    judgedBy?: "team" | "server" | null;
  },
) {
  const form = formAssignments(m, 11);
  return sql(
    `UPDATE submissions SET baseline = $2, synthetic = $3, status = $4::"SubmissionStatus", judged_by = $5, format = $6,
            file_name = $7, validation = $8::jsonb, upload_release_id = $9::uuid, composed_of = $10::jsonb, error = NULL,
            ${form.set}
      WHERE id = $1::uuid`,
    [
      id,
      m.baseline,
      m.synthetic,
      m.status ?? "scored",
      m.judgedBy ?? null,
      m.format,
      m.fileName,
      JSON.stringify(m.validation),
      m.releaseId,
      m.composedOf === null ? null : JSON.stringify(m.composedOf),
      ...form.values,
    ],
  );
}

/** What the Ladder released for a score on a hidden release (null before it ran). */
export async function ladderOutcome(sql: Sql, submissionId: string, releaseId: string) {
  const [l] = await sql<{
    ladder_released: boolean | null;
    ladder_margin: number | null;
    ladder_metrics: Metrics | null;
  }>(
    `SELECT ladder_released, ladder_margin, ladder_metrics FROM scores WHERE submission_id = $1::uuid AND release_id = $2::uuid`,
    [submissionId, releaseId],
  );
  return l ?? null;
}

/** The team's earlier live submission of the same file, as a 409 names it. */
export interface LiveDuplicate {
  id: string;
  model: string;
  team: string;
  created_at: Date;
  visibility: string;
  hidden: boolean;
}

/**
 * A live submission (scored and not withdrawn — a file the maintainers hid counts too) of the same team and task with this file's
 * hash. Takes a transaction-scoped advisory lock on (team, task, hash) first, so two identical
 * uploads at once cannot both pass: the second waits for the first to commit, then sees it.
 */
export async function liveDuplicateOf(
  sql: Sql,
  r: { taskId: string; teamId: string; sha256: string; id: string },
): Promise<LiveDuplicate | null> {
  await sql(`SELECT pg_advisory_xact_lock(hashtextextended($1, 19))`, [`${r.teamId}:${r.taskId}:${r.sha256}`]);
  const [row] = await sql<LiveDuplicate>(
    `SELECT s.id, s.model, t.name AS team, s.created_at, s.visibility::text, s.hidden_at IS NOT NULL AS hidden
       FROM submissions s JOIN teams t ON t.id = s.team_id
      WHERE s.task_id = $1::uuid AND s.team_id = $2::uuid AND s.file_sha256 = $3 AND s.id <> $4::uuid
        AND s.status IN ('scored', 'judging') AND s.withdrawn_at IS NULL
      ORDER BY s.created_at LIMIT 1`,
    [r.taskId, r.teamId, r.sha256, r.id],
  );
  return row ?? null;
}

/**
 * A submission of the same team, task and model that is already run number `run` (repeated runs,
 * issue 34): scored or being judged, whatever its visibility — withdrawn or hidden too, since a
 * run counts in its system's mean for good (issue 47) and its number with it. Locks (team, task,
 * model, run) for the transaction first, as liveDuplicateOf.
 */
export async function takenRunOf(
  sql: Sql,
  r: { taskId: string; teamId: string; model: string; run: number; id: string },
): Promise<{
  id: string;
  team: string;
  created_at: Date;
  visibility: string;
  withdrawn: boolean;
  next: number;
} | null> {
  await sql(`SELECT pg_advisory_xact_lock(hashtextextended($1, 23))`, [`${r.teamId}:${r.taskId}:${r.model}:${r.run}`]);
  const [row] = await sql<{
    id: string;
    team: string;
    created_at: Date;
    visibility: string;
    withdrawn: boolean;
    next: number;
  }>(
    `SELECT id, (SELECT name FROM teams t WHERE t.id = s.team_id) AS team, created_at, visibility::text,
            withdrawn_at IS NOT NULL AS withdrawn,
            (SELECT coalesce(max((o.meta->>'run')::int), 0) + 1 FROM submissions o
              WHERE o.task_id = s.task_id AND o.team_id = s.team_id AND o.model = s.model
                AND o.status IN ('scored', 'judging') AND o.meta->>'run' ~ '^[0-9]{1,6}$') AS next
       FROM submissions s
      WHERE s.task_id = $1::uuid AND s.team_id = $2::uuid AND s.model = $3 AND s.meta->>'run' = $4 AND s.id <> $5::uuid
        AND s.status IN ('scored', 'judging')
      ORDER BY s.created_at LIMIT 1`,
    [r.taskId, r.teamId, r.model, String(r.run), r.id],
  );
  return row ?? null;
}
