// The statements of the server's judge (lib/server/judging): the verdict cache, judge runs and
// their items, and the shared request budget (per minute, per day).
import type { Sql } from "@/lib/server/db";

export interface VerdictRow {
  key: string;
  classification: string;
  reason: string;
  outcome: "ok" | "malformed";
}

/** Cached verdicts of these keys. */
export async function verdictsOf(sql: Sql, keys: string[]): Promise<Map<string, VerdictRow>> {
  if (!keys.length) return new Map();
  const rows = await sql<VerdictRow>(
    `SELECT key, classification, reason, outcome FROM judge_verdicts WHERE key = ANY($1::text[])`,
    [keys],
  );
  return new Map(rows.map((r) => [r.key, r]));
}

/** Stores a verdict; one already there (the same comment judged at the same time elsewhere) stands. */
export function insertVerdict(
  sql: Sql,
  v: VerdictRow & {
    instanceId: string;
    model: string;
    promptSha256: string;
    attempts: number;
    promptTokens: number;
    completionTokens: number;
  },
) {
  return sql(
    `INSERT INTO judge_verdicts (key, instance_id, model, prompt_sha256, classification, reason, outcome, attempts, prompt_tokens, completion_tokens)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (key) DO NOTHING`,
    [
      v.key,
      v.instanceId,
      v.model,
      v.promptSha256,
      v.classification,
      v.reason,
      v.outcome,
      v.attempts,
      v.promptTokens,
      v.completionTokens,
    ],
  );
}

/** Opens (or reopens) a submission's judge run on a release with its items, replacing earlier items. */
export async function upsertRun(
  sql: Sql,
  run: { submissionId: string; releaseId: string; model: string; promptVersion: string; promptSha256: string },
  items: { key: string; instanceId: string; comments: number; prompt: string }[],
) {
  await sql(
    `INSERT INTO judge_runs (submission_id, release_id, model, prompt_version, prompt_sha256, status)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, 'judging')
     ON CONFLICT (submission_id, release_id) DO UPDATE
       SET model = EXCLUDED.model, prompt_version = EXCLUDED.prompt_version, prompt_sha256 = EXCLUDED.prompt_sha256,
           status = 'judging', last_error = NULL, updated_at = now()`,
    [run.submissionId, run.releaseId, run.model, run.promptVersion, run.promptSha256],
  );
  await sql(`DELETE FROM judge_items WHERE submission_id = $1::uuid AND release_id = $2::uuid`, [
    run.submissionId,
    run.releaseId,
  ]);
  if (items.length)
    await sql(
      `INSERT INTO judge_items (submission_id, release_id, key, instance_id, comments, prompt)
       SELECT $1::uuid, $2::uuid, k, i, c, p FROM unnest($3::text[], $4::text[], $5::int[], $6::text[]) AS t(k, i, c, p)`,
      [
        run.submissionId,
        run.releaseId,
        items.map((x) => x.key),
        items.map((x) => x.instanceId),
        items.map((x) => x.comments),
        items.map((x) => x.prompt),
      ],
    );
}

export interface RunRow {
  submission_id: string;
  release_id: string;
  model: string;
  prompt_version: string;
  prompt_sha256: string;
  status: "judging" | "done";
  last_error: string | null;
  updated_at: Date;
}

/** A run, locked for the caller's transaction when `lock`. */
export async function runOf(sql: Sql, submissionId: string, releaseId: string, lock = false) {
  const [r] = await sql<RunRow>(
    `SELECT submission_id, release_id, model, prompt_version, prompt_sha256, status, last_error, updated_at
       FROM judge_runs WHERE submission_id = $1::uuid AND release_id = $2::uuid${lock ? " FOR UPDATE" : ""}`,
    [submissionId, releaseId],
  );
  return r ?? null;
}

/** The latest run of a submission (any release), if it was ever judged by the server. */
export async function latestRunOf(sql: Sql, submissionId: string) {
  const [r] = await sql<RunRow>(
    `SELECT submission_id, release_id, model, prompt_version, prompt_sha256, status, last_error, updated_at
       FROM judge_runs WHERE submission_id = $1::uuid ORDER BY updated_at DESC LIMIT 1`,
    [submissionId],
  );
  return r ?? null;
}

/** The items of a run by key, with their prompts (for the judge), only those without a verdict when `pending`. */
export function itemsOf(sql: Sql, submissionId: string, releaseId: string, keys: string[]) {
  return sql<{ key: string; instance_id: string; prompt: string }>(
    `SELECT i.key, i.instance_id, i.prompt FROM judge_items i
      WHERE i.submission_id = $1::uuid AND i.release_id = $2::uuid AND i.key = ANY($3::text[])
        AND NOT EXISTS (SELECT 1 FROM judge_verdicts v WHERE v.key = i.key)
      ORDER BY i.key`,
    [submissionId, releaseId, keys],
  );
}

/** Progress of a run: comments in all, comments with a verdict, of them malformed. */
export async function runProgress(sql: Sql, submissionId: string, releaseId: string) {
  const [p] = await sql<{ total: number; judged: number; malformed: number; pending_keys: number }>(
    `SELECT coalesce(sum(i.comments), 0)::int AS total,
            coalesce(sum(i.comments) FILTER (WHERE v.key IS NOT NULL), 0)::int AS judged,
            coalesce(sum(i.comments) FILTER (WHERE v.outcome = 'malformed'), 0)::int AS malformed,
            count(*) FILTER (WHERE v.key IS NULL)::int AS pending_keys
       FROM judge_items i LEFT JOIN judge_verdicts v ON v.key = i.key
      WHERE i.submission_id = $1::uuid AND i.release_id = $2::uuid`,
    [submissionId, releaseId],
  );
  return p;
}

/** What stopped a run last (null clears it). */
export function setRunError(sql: Sql, submissionId: string, releaseId: string, message: string | null) {
  return sql(
    `UPDATE judge_runs SET last_error = $3, updated_at = now()
      WHERE submission_id = $1::uuid AND release_id = $2::uuid AND last_error IS DISTINCT FROM $3`,
    [submissionId, releaseId, message],
  );
}

export function finishRun(sql: Sql, submissionId: string, releaseId: string) {
  return sql(
    `UPDATE judge_runs SET status = 'done', last_error = NULL, updated_at = now()
      WHERE submission_id = $1::uuid AND release_id = $2::uuid`,
    [submissionId, releaseId],
  );
}

/**
 * Takes one request of this minute's budget (a fixed window shared by every process): true when
 * taken, false when the minute's `rpm` are spent. Windows older than an hour are dropped now and then.
 */
export async function takeRateSlot(sql: Sql, rpm: number): Promise<boolean> {
  const rows = await sql<{ calls: number }>(
    `INSERT INTO judge_rate (window_start, calls) VALUES (date_trunc('minute', now()), 1)
     ON CONFLICT (window_start) DO UPDATE SET calls = judge_rate.calls + 1 WHERE judge_rate.calls < $1
     RETURNING calls`,
    [rpm],
  );
  if (rows[0]?.calls === 1) await sql(`DELETE FROM judge_rate WHERE window_start < now() - interval '1 hour'`, []);
  return rows.length > 0;
}

/** Today's (UTC) requests and tokens. */
export async function spendToday(sql: Sql): Promise<{ calls: number; tokens: number }> {
  const [r] = await sql<{ calls: number; tokens: string }>(
    `SELECT calls, (prompt_tokens + completion_tokens)::text AS tokens FROM judge_spend
      WHERE day = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    [],
  );
  return { calls: r?.calls ?? 0, tokens: Number(r?.tokens ?? 0) };
}

/** Adds one request's tokens to today's ledger. */
export function addSpend(sql: Sql, promptTokens: number, completionTokens: number) {
  return sql(
    `INSERT INTO judge_spend (day, calls, prompt_tokens, completion_tokens)
     VALUES (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1, $1, $2)
     ON CONFLICT (day) DO UPDATE SET calls = judge_spend.calls + 1,
       prompt_tokens = judge_spend.prompt_tokens + EXCLUDED.prompt_tokens,
       completion_tokens = judge_spend.completion_tokens + EXCLUDED.completion_tokens`,
    [promptTokens, completionTokens],
  );
}

/** Marks who judged a submission's verdicts ("team" | "server"). */
export function setJudgedBy(sql: Sql, submissionId: string, by: "team" | "server") {
  return sql(`UPDATE submissions SET judged_by = $2 WHERE id = $1::uuid`, [submissionId, by]);
}

/** The submission facts finishing a run needs. */
export async function judgedSubmission(sql: Sql, submissionId: string) {
  const [s] = await sql<{
    id: string;
    status: string;
    judged_by: string | null;
    upload_release_id: string | null;
    visibility: string;
    baseline: string | null;
    team_id: string | null;
    user_id: string | null;
    task_id: string;
    model: string;
  }>(
    `SELECT id, status::text, judged_by, upload_release_id, visibility::text, baseline, team_id, user_id, task_id, model
       FROM submissions WHERE id = $1::uuid`,
    [submissionId],
  );
  return s ?? null;
}

export function markJudgedScored(sql: Sql, submissionId: string) {
  return sql(`UPDATE submissions SET status = 'scored', error = NULL WHERE id = $1::uuid AND status = 'judging'`, [
    submissionId,
  ]);
}

/** Stores the judge's agreement with a release's human labels (replacing an earlier one). */
export function upsertAgreement(sql: Sql, releaseId: string, model: string, promptSha256: string, data: unknown) {
  return sql(
    `INSERT INTO judge_agreements (release_id, model, prompt_sha256, data) VALUES ($1::uuid, $2, $3, $4::jsonb)
     ON CONFLICT (release_id, model, prompt_sha256) DO UPDATE SET data = EXCLUDED.data, computed_at = now()`,
    [releaseId, model, promptSha256, JSON.stringify(data)],
  );
}

/** The judge's agreement with a release's human labels: for this model and template, else the latest. */
export async function agreementOf(sql: Sql, releaseId: string, model?: string, promptSha256?: string) {
  const [r] = await sql<{ model: string; prompt_sha256: string; data: unknown; computed_at: Date }>(
    `SELECT model, prompt_sha256, data, computed_at FROM judge_agreements
      WHERE release_id = $1::uuid AND ($2::text IS NULL OR (model = $2 AND prompt_sha256 = $3))
      ORDER BY computed_at DESC LIMIT 1`,
    [releaseId, model ?? null, promptSha256 ?? null],
  );
  return r ?? null;
}

/** Whether a run still has judge jobs that will run (queued, running, or failed with attempts left). */
export async function runHasLiveJobs(sql: Sql, submissionId: string, releaseId: string): Promise<boolean> {
  const rows = await sql(
    `SELECT 1 FROM graphile_worker.jobs
      WHERE task_identifier IN ('judge-comments', 'judge-finish') AND attempts < max_attempts
        AND payload->>'submissionId' = $1 AND payload->>'releaseId' = $2 LIMIT 1`,
    [submissionId, releaseId],
  );
  return rows.length > 0;
}

/**
 * Prompts a team's uploads queued for the judge today (UTC), cached ones excluded when queued: the
 * team budget's ledger. Runs the host starts (re-scores, publishes) record none (issue 47).
 */
export async function teamPromptsToday(sql: Sql, teamId: string): Promise<number> {
  const [r] = await sql<{ n: number }>(
    `SELECT coalesce(sum(r.queued), 0)::int AS n FROM judge_runs r JOIN submissions s ON s.id = r.submission_id
      WHERE s.team_id = $1::uuid AND r.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    [teamId],
  );
  return r?.n ?? 0;
}

/**
 * Records how many prompts an upload's run queued for the judge, charged to its team (the team
 * budget's ledger; a run the host starts is never recorded here: it stays at 0, or at what the
 * team's upload queued when the host starts that run again).
 */
export function setRunQueued(sql: Sql, submissionId: string, releaseId: string, keys: string[]) {
  // of the keys the caller found pending, those still without a verdict now: one another upload
  // had judged in the meantime is not charged to this team
  return sql(
    `UPDATE judge_runs
        SET queued = (SELECT count(*) FROM unnest($3::text[]) k WHERE NOT EXISTS (SELECT 1 FROM judge_verdicts v WHERE v.key = k))
      WHERE submission_id = $1::uuid AND release_id = $2::uuid`,
    [submissionId, releaseId, keys],
  );
}

/** What a score's details say of its judging (`details.judging`, issue 47): null when it says nothing. */
export async function scoreJudgingOf(sql: Sql, submissionId: string, releaseId: string): Promise<unknown> {
  const [r] = await sql<{ judging: unknown }>(
    `SELECT details->'judging' AS judging FROM scores WHERE submission_id = $1::uuid AND release_id = $2::uuid`,
    [submissionId, releaseId],
  );
  return r?.judging ?? null;
}
