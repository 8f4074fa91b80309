// The statements of the integrity audit (issue 34): what one audit reads — its own submission's
// predictions, and of everything else only the compact fingerprints stored with earlier audits —
// and the row it writes. Each takes the caller's `Sql`.
import type { Sql } from "@/lib/server/db";

/**
 * The submission an audit is about, with its upload release and its score's outcome bits there,
 * and what a hold reads and writes of it (its visibility, moderation state, model and team).
 */
export async function auditSubject(sql: Sql, id: string) {
  const [row] = await sql<{
    id: string;
    team_id: string | null;
    task: string;
    task_id: string;
    created_at: Date;
    status: string;
    baseline: string | null;
    release_id: string | null;
    release_status: string | null;
    hidden: boolean | null;
    outcomes: Uint8Array | null;
    scored: boolean;
    model: string;
    team: string | null;
    visibility: string;
    hidden_at: Date | null;
    held_at: Date | null;
  }>(
    `SELECT s.id::text, s.team_id::text, t.full_slug AS task, t.id::text AS task_id, s.created_at, s.status::text, s.baseline,
            s.upload_release_id::text AS release_id, r.status::text AS release_status, r.hidden,
            sc.outcomes, sc.id IS NOT NULL AS scored,
            s.model, tm.name AS team, s.visibility::text, s.hidden_at, s.held_at
       FROM submissions s
       JOIN tasks t ON t.id = s.task_id
       LEFT JOIN teams tm ON tm.id = s.team_id
       LEFT JOIN releases r ON r.id = s.upload_release_id
       LEFT JOIN scores sc ON sc.submission_id = s.id AND sc.release_id = s.upload_release_id
      WHERE s.id = $1::uuid`,
    [id],
  );
  return row ?? null;
}

/** One submission's predictions, traces included (the only predictions an audit reads). */
export function predictionsOf(sql: Sql, submissionId: string) {
  return sql<{ external_id: string; data: Record<string, unknown> }>(
    `SELECT external_id, data FROM predictions WHERE submission_id = $1::uuid`,
    [submissionId],
  );
}

/**
 * Other teams' submissions scored on the release and audited (any visibility, withdrawn and hidden
 * ones included; baselines not), with their sketches and outcome bits there — no predictions.
 * Every one audited before this audit (an upload's audit runs under the release's audit lock, so
 * that is every upload committed before it), or with `earlierOnly` those uploaded before it (the
 * back-fill of old submissions: a newer upload is not what an older one copied). Oldest first: of
 * equally close matches the audit keeps the earliest (the original, not its later copies), so which
 * ones it names is decided, not left to the order rows happen to come in.
 */
export function auditCandidates(
  sql: Sql,
  r: { releaseId: string; id: string; createdAt: Date; teamId: string | null; earlierOnly: boolean },
) {
  return sql<{
    id: string;
    covered: number;
    prediction_sketch: Uint8Array;
    text_sketch: Uint8Array | null;
    text_shingles: number;
    outcomes: Uint8Array | null;
  }>(
    `SELECT s.id::text, a.covered, a.prediction_sketch, a.text_sketch, a.text_shingles, sc.outcomes
       FROM scores sc
       JOIN submissions s ON s.id = sc.submission_id
       JOIN submission_audits a ON a.submission_id = s.id
      WHERE sc.release_id = $1::uuid AND s.id <> $2::uuid AND (NOT $5::boolean OR s.created_at < $3::timestamptz)
        AND s.baseline IS NULL AND s.team_id IS DISTINCT FROM $4::uuid
      ORDER BY s.created_at, s.id`,
    [r.releaseId, r.id, r.createdAt.toISOString(), r.teamId, r.earlierOnly],
  );
}

/** The outcome bits of the server's baselines on a release (always accept, always bounce, …). */
export function baselineOutcomes(sql: Sql, releaseId: string) {
  return sql<{ outcomes: Uint8Array | null }>(
    `SELECT sc.outcomes FROM scores sc JOIN submissions s ON s.id = sc.submission_id
      WHERE sc.release_id = $1::uuid AND s.baseline IS NOT NULL`,
    [releaseId],
  );
}

/** Full fingerprints of a few submissions (those the first pass picked). */
export function fingerprintsOf(sql: Sql, ids: string[]) {
  return sql<{ id: string; fingerprint: Uint8Array }>(
    `SELECT submission_id::text AS id, fingerprint FROM submission_audits WHERE submission_id = ANY($1::uuid[])`,
    [ids],
  );
}

/**
 * Of these submissions, those whose own audit found them near-duplicates of (or overlapping with)
 * a submission of `teamId`: copies of that team's work, which that team's later uploads resemble
 * without having copied them.
 */
export function copiesOfTeam(sql: Sql, ids: string[], teamId: string) {
  return sql<{ id: string }>(
    `SELECT DISTINCT a.submission_id::text AS id
       FROM submission_audits a
       CROSS JOIN LATERAL jsonb_array_elements(a.reasons) r
       JOIN submissions o ON o.id = (r->>'submissionId')::uuid
      WHERE a.submission_id = ANY($1::uuid[]) AND r ? 'submissionId' AND o.team_id = $2::uuid`,
    [ids, teamId],
  );
}

/** The team's earlier scored uploads to the release that have a fingerprint (the last 50), oldest first. */
export function teamUploads(sql: Sql, r: { teamId: string; releaseId: string; id: string; createdAt: Date }) {
  return sql<{ id: string; fingerprint: Uint8Array }>(
    `SELECT id, fingerprint FROM (
       SELECT s.id::text, s.created_at, a.fingerprint FROM submissions s
         JOIN submission_audits a ON a.submission_id = s.id
        WHERE s.team_id = $1::uuid AND s.upload_release_id = $2::uuid AND s.id <> $3::uuid
          AND s.created_at < $4::timestamptz AND s.status = 'scored'
        ORDER BY s.created_at DESC LIMIT 50) x
      ORDER BY created_at`,
    [r.teamId, r.releaseId, r.id, r.createdAt.toISOString()],
  );
}

export interface AuditRow {
  submissionId: string;
  releaseId: string;
  status: "clean" | "flagged";
  reasons: unknown[];
  covered: number;
  fingerprint: Buffer;
  predictionSketch: Buffer;
  textSketch: Buffer | null;
  textShingles: number;
  millis: number;
}

/** Writes (or replaces) a submission's audit. */
export function upsertAudit(sql: Sql, a: AuditRow) {
  return sql(
    `INSERT INTO submission_audits (submission_id, release_id, status, reasons, covered, fingerprint, prediction_sketch, text_sketch, text_shingles, millis, audited_at)
     VALUES ($1::uuid, $2::uuid, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, now())
     ON CONFLICT (submission_id) DO UPDATE SET
       release_id = EXCLUDED.release_id, status = EXCLUDED.status, reasons = EXCLUDED.reasons, covered = EXCLUDED.covered,
       fingerprint = EXCLUDED.fingerprint, prediction_sketch = EXCLUDED.prediction_sketch, text_sketch = EXCLUDED.text_sketch,
       text_shingles = EXCLUDED.text_shingles, millis = EXCLUDED.millis, audited_at = EXCLUDED.audited_at`,
    [
      a.submissionId,
      a.releaseId,
      a.status,
      JSON.stringify(a.reasons),
      a.covered,
      a.fingerprint,
      a.predictionSketch,
      a.textSketch,
      a.textShingles,
      a.millis,
    ],
  );
}

/**
 * Scored submissions (no baselines) that have a score on their upload release and no audit yet,
 * oldest first, after a (created_at, id) position: the back-fill's pages.
 */
export function unauditedSubmissions(sql: Sql, after: { createdAt: Date; id: string } | null, limit: number) {
  return sql<{ id: string; created_at: Date }>(
    `SELECT s.id::text, s.created_at FROM submissions s
       JOIN scores sc ON sc.submission_id = s.id AND sc.release_id = s.upload_release_id
      WHERE s.status = 'scored' AND s.baseline IS NULL
        AND NOT EXISTS (SELECT 1 FROM submission_audits a WHERE a.submission_id = s.id)
        AND ($1::timestamptz IS NULL OR (s.created_at, s.id) > ($1::timestamptz, $2::uuid))
      ORDER BY s.created_at, s.id LIMIT $3`,
    [after?.createdAt.toISOString() ?? null, after?.id ?? null, limit],
  );
}

/**
 * The submissions audit reasons name, as a reader is told of them: model, team, visibility,
 * moderation state, and since when the public could read it (its last `submission.public` event,
 * else its upload).
 */
export function namedSubmissions(sql: Sql, ids: string[]) {
  return sql<{
    id: string;
    model: string;
    team: string | null;
    team_id: string | null;
    visibility: string;
    hidden: boolean;
    public_since: Date;
  }>(
    `SELECT s.id::text, s.model, t.name AS team, s.team_id::text, s.visibility::text, s.hidden_at IS NOT NULL AS hidden,
            coalesce((SELECT max(e.at) FROM activity_events e
                       WHERE e.action = 'submission.public' AND e.target_type = 'submission' AND e.target_id = s.id::text),
                     s.created_at) AS public_since
       FROM submissions s LEFT JOIN teams t ON t.id = s.team_id
      WHERE s.id = ANY($1::uuid[])`,
    [ids],
  );
}

/** Submissions held for review whose audit names this one (a near-copy of it): re-audited when it goes. */
export function heldNaming(sql: Sql, submissionId: string) {
  return sql<{ id: string }>(
    `SELECT a.submission_id::text AS id
       FROM submission_audits a JOIN submissions s ON s.id = a.submission_id
      WHERE s.held_at IS NOT NULL AND a.reasons @> jsonb_build_array(jsonb_build_object('submissionId', $1::text))`,
    [submissionId],
  );
}

/** Holds a submission for review: off the ranking (hidden, with the public words of why) since now. */
export function holdRow(sql: Sql, id: string, reason: string) {
  return sql(`UPDATE submissions SET held_at = now(), hidden_at = now(), hidden_reason = $2 WHERE id = $1::uuid`, [
    id,
    reason,
  ]);
}

/** Ends a hold the audit made (a later audit found no cause): back on the boards. */
export function releaseHoldRow(sql: Sql, id: string) {
  return sql(
    `UPDATE submissions SET held_at = NULL, hidden_at = NULL, hidden_reason = NULL
      WHERE id = $1::uuid AND held_at IS NOT NULL AND withdrawn_at IS NULL`,
    [id],
  );
}

/** The releases a submission has scores on (their boards move with it). */
export function scoredReleasesOf(sql: Sql, submissionId: string) {
  return sql<{ release_id: string }>(`SELECT release_id::text FROM scores WHERE submission_id = $1::uuid`, [
    submissionId,
  ]);
}

/** A submission's stored audit, its release's hidden flag and its hold (null: not audited yet). */
export async function storedAudit(sql: Sql, submissionId: string) {
  const [row] = await sql<{
    reasons: unknown;
    release_hidden: boolean;
    held_at: Date | null;
    hidden_reason: string | null;
  }>(
    `SELECT a.reasons, r.hidden AS release_hidden, s.held_at, s.hidden_reason
       FROM submission_audits a
       JOIN releases r ON r.id = a.release_id
       JOIN submissions s ON s.id = a.submission_id
      WHERE a.submission_id = $1::uuid`,
    [submissionId],
  );
  return row ?? null;
}
