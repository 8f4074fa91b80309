// The statements of ladder.ts: a team's chain of scores on a hidden release, read and written
// under an advisory lock per (release, chain) in the caller's transaction.
import { advisoryXactLock, type Sql } from "@/lib/server/db";
import type { Metrics } from "@/lib/tasks/types";

export async function releaseHiding(sql: Sql, releaseId: string) {
  const [rel] = await sql<{ hidden: boolean; instance_count: number }>(
    `SELECT hidden, instance_count FROM releases WHERE id = $1::uuid`,
    [releaseId],
  );
  return rel ?? null;
}

/** The chain each submission belongs to: its team's, or its own when it has no team. */
export function ladderChains(sql: Sql, submissionIds: string[]) {
  return sql<{ chain: string; team_id: string | null; id: string }>(
    `SELECT DISTINCT COALESCE(team_id::text, id::text) AS chain, team_id, id FROM submissions WHERE id = ANY($1::uuid[])`,
    [submissionIds],
  );
}

/** Serialises Ladder decisions of one chain on one release until the transaction ends. */
export function lockLadderChain(sql: Sql, releaseId: string, chain: string) {
  return advisoryXactLock(sql, `ladder:${releaseId}:${chain}`);
}

/** The chain's live scores on the release, oldest first. */
export function ladderChainScores(sql: Sql, releaseId: string, owner: { teamId: string | null; submissionId: string }) {
  return sql<{
    id: string;
    submission_id: string;
    primary_value: number | null;
    replicates: Uint8Array | null;
    metrics: Metrics;
    total: number;
    partial: boolean;
    ladder_released: boolean | null;
    ladder_margin: number | null;
    ladder_primary: number | null;
  }>(
    `SELECT s.id, s.submission_id, s.primary_value, s.replicates, s.metrics, s.total, s.partial, s.ladder_released, s.ladder_margin, s.ladder_primary
       FROM scores s JOIN submissions sub ON sub.id = s.submission_id
      WHERE s.release_id = $1::uuid AND sub.status <> 'failed'
        AND ${owner.teamId ? "sub.team_id = $2::uuid" : "sub.id = $2::uuid"}
      ORDER BY sub.created_at ASC, sub.id ASC`,
    [releaseId, owner.teamId ?? owner.submissionId],
  );
}

/** Writes the Ladder's decisions (one bulk statement; `metrics` as JSON text or null). */
export function writeLadderDecisions(
  sql: Sql,
  d: {
    ids: string[];
    released: boolean[];
    margins: (number | null)[];
    primaries: (number | null)[];
    metrics: (string | null)[];
  },
) {
  return sql(
    `UPDATE scores s SET ladder_released = u.released, ladder_margin = u.margin, ladder_primary = u.primary_value, ladder_metrics = u.metrics
       FROM unnest($1::uuid[], $2::bool[], $3::float8[], $4::float8[], $5::jsonb[]) AS u(id, released, margin, primary_value, metrics)
      WHERE s.id = u.id`,
    [d.ids, d.released, d.margins, d.primaries, d.metrics],
  );
}
