// The statements of board.ts: a release's board in rank order (one query, no predictions), and
// the ≈ marks' inputs (replicate vectors) and outputs (vs_above_*).
import type { Sql } from "@/lib/server/db";
import type { Metrics } from "@/lib/tasks/types";

export interface RawRow {
  id: string;
  submission_id: string;
  primary_value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  metrics: Metrics;
  covered: number;
  total: number;
  partial: boolean;
  computed_at: Date;
  vs_above_key: string | null;
  vs_above_difference: number | null;
  vs_above_low: number | null;
  vs_above_high: number | null;
  model: string;
  system: string | null;
  baseline: string | null;
  synthetic: boolean;
  oss: boolean;
  site: string | null;
  cost_usd: number | null;
  tokens: bigint | null;
  runtime_sec: number | null;
  created_at: Date;
  team: string | null;
  team_slug: string | null;
}

/** Board order: primary metric (desc, nulls last), then earliest submission, then id. */
const BOARD_SQL = (columns: string) => `
  SELECT ${columns}
    FROM scores s
    JOIN submissions sub ON sub.id = s.submission_id
    LEFT JOIN teams t ON t.id = sub.team_id
   WHERE s.release_id = $1::uuid AND sub.visibility = 'public' AND sub.status = 'scored' AND sub.hidden_at IS NULL
   ORDER BY s.primary_value DESC NULLS LAST, sub.created_at ASC, sub.id ASC`;

/**
 * A hidden release's board: only scores the Ladder released, with their rounded values — exact
 * values, intervals and ≈ marks are numbers that move with single hidden labels.
 */
const HIDDEN_BOARD_SQL = (columns: string) => `
  SELECT ${columns}
    FROM scores s
    JOIN submissions sub ON sub.id = s.submission_id
    LEFT JOIN teams t ON t.id = sub.team_id
   WHERE s.release_id = $1::uuid AND sub.visibility = 'public' AND sub.status = 'scored' AND sub.hidden_at IS NULL AND s.ladder_released
   ORDER BY s.ladder_primary DESC NULLS LAST, sub.created_at ASC, sub.id ASC`;

const SUBMISSION_COLUMNS = `sub.model, sub.system, sub.baseline, sub.synthetic, sub.oss, sub.site, sub.cost_usd, sub.tokens, sub.runtime_sec, sub.created_at,
      sub.verified_by, sub.verified_at, sub.logs_url,
      t.name AS team, t.slug AS team_slug`;

/** Reads a release's whole board, rank order. On a hidden release: what the Ladder released, rounded. */
export function boardRows(sql: Sql, release: { id: string; hidden: boolean }) {
  return sql<
    RawRow & {
      margin: number | null;
      verified_by: string | null;
      verified_at: Date | null;
      logs_url: string | null;
    }
  >(
    release.hidden
      ? HIDDEN_BOARD_SQL(`s.id, s.submission_id, s.ladder_primary AS primary_value, NULL::float8 AS ci_low, NULL::float8 AS ci_high,
          s.ladder_metrics AS metrics, s.covered, s.total, s.partial, s.computed_at,
          NULL AS vs_above_key, NULL::float8 AS vs_above_difference, NULL::float8 AS vs_above_low, NULL::float8 AS vs_above_high,
          s.ladder_margin AS margin, ${SUBMISSION_COLUMNS}`)
      : BOARD_SQL(`s.id, s.submission_id, s.primary_value, s.ci_low, s.ci_high, s.metrics, s.covered, s.total, s.partial, s.computed_at,
          s.vs_above_key, s.vs_above_difference, s.vs_above_low, s.vs_above_high, NULL::float8 AS margin, ${SUBMISSION_COLUMNS}`),
    [release.id],
  );
}

/** The public board's order with what the ≈ refresh compares (no metrics). */
export function boardOrder(sql: Sql, releaseId: string) {
  return sql<
    Pick<RawRow, "id" | "submission_id" | "primary_value" | "partial" | "computed_at" | "vs_above_key" | "baseline">
  >(BOARD_SQL("s.id, s.submission_id, s.primary_value, s.partial, s.computed_at, s.vs_above_key, sub.baseline"), [
    releaseId,
  ]);
}

export function replicatesOf(sql: Sql, releaseId: string, submissionIds: string[]) {
  return sql<{ submission_id: string; replicates: Uint8Array | null }>(
    `SELECT submission_id, replicates FROM scores WHERE release_id = $1::uuid AND submission_id = ANY($2::uuid[])`,
    [releaseId, submissionIds],
  );
}

/** Stores each score's comparison with the row above (one bulk statement). */
export function writeVsAbove(
  sql: Sql,
  updates: { id: string; key: string; difference: number | null; low: number | null; high: number | null }[],
) {
  return sql(
    `UPDATE scores s SET vs_above_key = u.key, vs_above_difference = u.difference, vs_above_low = u.low, vs_above_high = u.high
       FROM (SELECT * FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::float8[], $5::float8[]) AS x(id, key, difference, low, high)) u
      WHERE s.id = u.id`,
    [
      updates.map((u) => u.id),
      updates.map((u) => u.key),
      updates.map((u) => u.difference),
      updates.map((u) => u.low),
      updates.map((u) => u.high),
    ],
  );
}
