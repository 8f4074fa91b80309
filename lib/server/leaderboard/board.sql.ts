// The statements of board.ts: a release's board in rank order (one query, no predictions), the
// rank intervals' inputs (replicate vectors) and output (board_ranks), and the attempt counts.
import { METRICS_VERSION } from "@/lib/metrics";
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
  model: string;
  team_id: string | null;
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

const SUBMISSION_COLUMNS = `sub.model, sub.team_id, sub.system, sub.baseline, sub.synthetic, sub.oss, sub.site, sub.cost_usd, sub.tokens, sub.runtime_sec, sub.created_at,
      sub.verified_by, sub.verified_at, sub.logs_url, sub.meta, sub.judged_by,
      t.name AS team, t.slug AS team_slug`;

/** A board row: the score, its submission's columns and its team. */
export type BoardRowRaw = RawRow & {
  margin: number | null;
  verified_by: string | null;
  verified_at: Date | null;
  logs_url: string | null;
  meta: Record<string, unknown>;
  judged_by: string | null;
};

/** Reads a release's whole board, rank order. On a hidden release: what the Ladder released, rounded. */
export function boardRows(sql: Sql, release: { id: string; hidden: boolean }) {
  return sql<BoardRowRaw>(
    release.hidden
      ? HIDDEN_BOARD_SQL(`s.id, s.submission_id, s.ladder_primary AS primary_value, NULL::float8 AS ci_low, NULL::float8 AS ci_high,
          s.ladder_metrics AS metrics, s.covered, s.total, s.partial, s.computed_at,
          s.ladder_margin AS margin, ${SUBMISSION_COLUMNS}`)
      : BOARD_SQL(`s.id, s.submission_id, s.primary_value, s.ci_low, s.ci_high, s.metrics, s.covered, s.total, s.partial, s.computed_at,
          NULL::float8 AS margin, ${SUBMISSION_COLUMNS}`),
    [release.id],
  );
}

/** The task kind of a release (which judge a board's rows are measured against). */
export async function taskKindOfRelease(sql: Sql, releaseId: string): Promise<string | null> {
  const [r] = await sql<{ kind: string }>(
    `SELECT t.kind FROM releases r JOIN tasks t ON t.id = r.task_id WHERE r.id = $1::uuid`,
    [releaseId],
  );
  return r?.kind ?? null;
}

/** The public board's order with what the rank intervals need (no metrics). */
export function boardOrder(sql: Sql, releaseId: string) {
  return sql<
    Pick<
      RawRow,
      "submission_id" | "primary_value" | "partial" | "computed_at" | "baseline" | "model" | "team_id" | "total"
    > & { run: number | null }
  >(
    BOARD_SQL(
      `s.submission_id, s.primary_value, s.partial, s.computed_at, s.total, sub.baseline, sub.model, sub.team_id, ${RUN_COLUMN}`,
    ),
    [releaseId],
  );
}

/** A submission's run number (repeated runs: `meta.run`, a whole number from 1; else null). */
const RUN_COLUMN = `CASE WHEN sub.meta->>'run' ~ '^[0-9]{1,6}$' THEN (sub.meta->>'run')::int END AS run`;

/**
 * Why a run is off the board: "removed" when it is hidden for any reason but its team's withdrawal
 * (by an admin, or held for review by the integrity audit), "withdrawn" by its team, else "private".
 */
const OFF_BOARD_STATE = `CASE WHEN sub.hidden_at IS NOT NULL AND sub.hidden_reason IS DISTINCT FROM $2 THEN 'removed'
            WHEN sub.withdrawn_at IS NOT NULL THEN 'withdrawn' ELSE 'private' END AS state`;

/**
 * Repeated runs off a public board (issue 47): the release's complete scored runs (numbered, of a
 * team) that are not on the board — made private or withdrawn by their team, which still count in
 * their system's mean, or hidden by moderation (`state` "removed": out of it) — in board
 * order. `withdrawnReason` is the hidden reason a withdrawal writes (moderation.ts).
 */
export function offBoardRuns(sql: Sql, releaseId: string, withdrawnReason: string) {
  return sql<BoardRowRaw & { run: number; state: "private" | "withdrawn" | "removed" }>(
    `SELECT s.id, s.submission_id, s.primary_value, s.ci_low, s.ci_high, s.metrics, s.covered, s.total, s.partial, s.computed_at,
            NULL::float8 AS margin, ${SUBMISSION_COLUMNS}, ${RUN_COLUMN}, ${OFF_BOARD_STATE}
       FROM scores s
       JOIN submissions sub ON sub.id = s.submission_id
       LEFT JOIN teams t ON t.id = sub.team_id
      WHERE s.release_id = $1::uuid AND sub.status = 'scored' AND NOT s.partial AND sub.baseline IS NULL
        AND sub.team_id IS NOT NULL AND sub.meta->>'run' ~ '^[0-9]{1,6}$'
        AND (sub.visibility <> 'public' OR sub.hidden_at IS NOT NULL)
      ORDER BY s.primary_value DESC NULLS LAST, sub.created_at ASC, sub.id ASC`,
    [releaseId, withdrawnReason],
  );
}

/** The outcome bitsets of some scores of a release (repeated runs' consistency). */
export function outcomesOf(sql: Sql, releaseId: string, submissionIds: string[]) {
  return sql<{ submission_id: string; outcomes: Uint8Array | null }>(
    `SELECT submission_id, outcomes FROM scores WHERE release_id = $1::uuid AND submission_id = ANY($2::uuid[])`,
    [releaseId, submissionIds],
  );
}

/** The stored replicates of scores of this metrics version (an older score's may be another estimator's: it waits for its re-score). */
export function replicatesOf(sql: Sql, releaseId: string, submissionIds: string[]) {
  return sql<{ submission_id: string; replicates: Uint8Array | null }>(
    `SELECT submission_id, replicates FROM scores
      WHERE release_id = $1::uuid AND submission_id = ANY($2::uuid[]) AND metrics_version = $3`,
    [releaseId, submissionIds, METRICS_VERSION],
  );
}

export async function readRanks(sql: Sql, releaseId: string) {
  const [row] = await sql<{ key: string; data: unknown; millis: number; computed_at: Date }>(
    `SELECT key, data, millis, computed_at FROM board_ranks WHERE release_id = $1::uuid`,
    [releaseId],
  );
  return row ?? null;
}

/** Stores a release's rank intervals (one row; its trigger moves the board's version). */
export function writeRanks(sql: Sql, releaseId: string, key: string, data: unknown, millis: number) {
  return sql(
    `INSERT INTO board_ranks (release_id, key, data, millis, computed_at) VALUES ($1::uuid, $2, $3::jsonb, $4, now())
     ON CONFLICT (release_id) DO UPDATE SET key = EXCLUDED.key, data = EXCLUDED.data, millis = EXCLUDED.millis, computed_at = now()`,
    [releaseId, key, JSON.stringify(data), millis],
  );
}

export function deleteRanks(sql: Sql, releaseId: string) {
  return sql(`DELETE FROM board_ranks WHERE release_id = $1::uuid`, [releaseId]);
}

/**
 * Attempts on a release: per system (team, model), its complete scored submissions — public,
 * private, hidden and withdrawn alike; per team, its scored uploads to the release.
 */
export async function attemptsOf(sql: Sql, releaseId: string) {
  const [systems, teams] = await Promise.all([
    sql<{ team_id: string | null; model: string; n: number }>(
      `SELECT sub.team_id, sub.model, count(*)::int AS n
         FROM scores s JOIN submissions sub ON sub.id = s.submission_id
        WHERE s.release_id = $1::uuid AND sub.status = 'scored' AND NOT s.partial AND sub.baseline IS NULL
        GROUP BY 1, 2`,
      [releaseId],
    ),
    sql<{ team_id: string; n: number }>(
      `SELECT team_id, count(*)::int AS n FROM submissions
        WHERE upload_release_id = $1::uuid AND team_id IS NOT NULL AND status = 'scored' AND baseline IS NULL
        GROUP BY 1`,
      [releaseId],
    ),
  ]);
  return { systems, teams };
}

/** Published or archived public releases (their boards have rank intervals). */
export function publicBoards(sql: Sql) {
  return sql<{ id: string }>(
    `SELECT r.id FROM releases r WHERE r.status IN ('published', 'archived') AND NOT r.hidden`,
    [],
  );
}
