// The statements of scoring.ts: a score's upsert (in the caller's transaction, pg or Prisma) and
// the predictions of a submission without their storage-only fields (jsonb minus keys).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { BREAKDOWNS_VERSION } from "@/lib/tasks/shared/breakdowns";

export interface ScoreRow {
  id: string;
  submissionId: string;
  releaseId: string;
  primaryMetric: string;
  primaryValue: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  metrics: unknown;
  details: unknown;
  covered: number;
  total: number;
  partial: boolean;
  metricsVersion: string;
  replicates: Buffer | null;
  outcomes: Buffer | null;
}

/** Inserts or replaces the score of a submission on a release. */
export function upsertScore(sql: Sql, s: ScoreRow) {
  return sql(
    `INSERT INTO scores (id, submission_id, release_id, primary_metric, primary_value, ci_low, ci_high, metrics, details, covered, total, partial, metrics_version, computed_at, replicates, outcomes)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12, $13, now(), $14, $15)
     ON CONFLICT (submission_id, release_id) DO UPDATE SET
       primary_metric = EXCLUDED.primary_metric, primary_value = EXCLUDED.primary_value, ci_low = EXCLUDED.ci_low, ci_high = EXCLUDED.ci_high,
       metrics = EXCLUDED.metrics, details = EXCLUDED.details, covered = EXCLUDED.covered, total = EXCLUDED.total, partial = EXCLUDED.partial,
       metrics_version = EXCLUDED.metrics_version, computed_at = EXCLUDED.computed_at, replicates = EXCLUDED.replicates,
       outcomes = EXCLUDED.outcomes`,
    [
      s.id,
      s.submissionId,
      s.releaseId,
      s.primaryMetric,
      s.primaryValue,
      s.ciLow,
      s.ciHigh,
      JSON.stringify(s.metrics),
      JSON.stringify(s.details),
      s.covered,
      s.total,
      s.partial,
      s.metricsVersion,
      s.replicates,
      s.outcomes,
    ],
  );
}

/** A submission's predictions by instance id, without the given (storage-only) fields. */
export function predictionsWithout(db: PrismaClient, submissionId: string, dropFields: string[]) {
  return sqlOf(db)<{ external_id: string; data: Record<string, unknown> }>(
    `SELECT external_id, data - $2::text[] AS data FROM predictions WHERE submission_id = $1::uuid`,
    [submissionId, dropFields],
  );
}

/** Scores on any release still without outcomes (written before they existed), a batch at a time. */
export function scoresWithoutOutcomes(sql: Sql, limit: number) {
  return sql<{ id: string; submission_id: string; release_id: string }>(
    `SELECT id::text, submission_id::text, release_id::text FROM scores WHERE outcomes IS NULL ORDER BY release_id, id LIMIT $1`,
    [limit],
  );
}

export function setOutcomes(sql: Sql, scoreId: string, outcomes: Buffer) {
  return sql(`UPDATE scores SET outcomes = $2 WHERE id = $1::uuid`, [scoreId, outcomes]);
}

/** Scores written before per-slice breakdowns were stored (issue 20), or by an older way of computing them. */
export function scoresWithoutBreakdowns(sql: Sql, limit: number) {
  return sql<{ id: string; submission_id: string; release_id: string }>(
    `SELECT id::text, submission_id::text, release_id::text FROM scores
      WHERE NOT (details ? 'breakdowns') OR coalesce((details->>'breakdowns_v')::int, 1) < $2
      ORDER BY release_id, id LIMIT $1`,
    [limit, BREAKDOWNS_VERSION],
  );
}

export function setBreakdowns(sql: Sql, scoreId: string, breakdowns: unknown) {
  return sql(
    `UPDATE scores SET details = details || jsonb_build_object('breakdowns', $2::jsonb, 'breakdowns_v', $3::int) WHERE id = $1::uuid`,
    [scoreId, JSON.stringify(breakdowns), BREAKDOWNS_VERSION],
  );
}

/** One bump of the board version of each release (a back-fill batch: the pages show what it filled). */
/** A release's board version (text: a bigint), for a bump that happens only if it has not moved. */
export function boardVersionOf(sql: Sql, releaseId: string) {
  return sql<{ version: string }>(`SELECT board_version::text AS version FROM releases WHERE id = $1::uuid`, [
    releaseId,
  ]);
}

/** One bump of the release's board version, if it is still `version`. */
export function bumpBoardVersionFrom(sql: Sql, releaseId: string, version: string) {
  return sql(
    `UPDATE releases SET board_version = board_version + 1 WHERE id = $1::uuid AND board_version = $2::bigint`,
    [releaseId, version],
  );
}

export function bumpBoardVersions(sql: Sql, releaseIds: string[]) {
  return sql(`UPDATE releases SET board_version = board_version + 1 WHERE id = ANY($1::uuid[])`, [releaseIds]);
}
