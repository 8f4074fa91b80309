import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pairedIntervalFromReplicates } from "@/lib/metrics";
import type { Metrics } from "@/lib/tasks/types";
import { defineTask } from "@/lib/server/jobs";

// A release's board: its public, scored submissions in rank order, with ranks and the ≈ marks
// (paired bootstrap against the ranked row above) — all of it read from columns written when
// scores are written (replicates) and by the refresh job below (vs_above_*). Reading a board never
// touches a prediction.

export interface BoardRow {
  submissionId: string;
  model: string;
  system: string | null;
  team: string | null;
  teamSlug: string | null;
  baseline: string | null;
  synthetic: boolean;
  oss: boolean;
  site: string | null;
  metrics: Metrics;
  primary: number | null;
  ci: { low: number; high: number } | null;
  coverage: { covered: number; total: number };
  partial: boolean;
  cost: { usd: number | null; tokens: number | null; runtimeSec: number | null };
  createdAt: string;
  rank: number | null;
  /** the primary metric is not significantly different from the ranked row above */
  tiedWithAbove: boolean;
  vsAbove: { difference: number; low: number; high: number } | null;
  /** the comparison with the row above is still being computed (a write just happened) */
  significancePending: boolean;
  /** hidden releases: the Ladder's margin the metrics are rounded to (null on public releases) */
  margin: number | null;
  /** an admin vouched for it */
  verified: { by: string; at: string } | null;
  logsUrl: string | null;
}

interface RawRow {
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

const pairKey = (above: { submission_id: string; computed_at: Date }, me: { computed_at: Date }) =>
  `${above.submission_id}|${above.computed_at.getTime()}|${me.computed_at.getTime()}`;

/** Competition ranks (ties share) over complete, non-baseline rows, in board order. */
function rankRows<T extends { baseline: string | null; partial: boolean; primary_value: number | null }>(
  rows: T[],
): (number | null)[] {
  let rank = 0;
  let seen = 0;
  let prev: number | null | undefined;
  return rows.map((r) => {
    if (r.baseline || r.partial) return null;
    seen++;
    if (r.primary_value !== prev) rank = seen;
    prev = r.primary_value;
    return rank;
  });
}

/**
 * Brings a release's ≈ marks up to date: for each ranked row whose stored comparison is not for
 * its current neighbour above (or either score changed since), the paired bootstrap interval is
 * recomputed from the two stored replicate vectors — O(1,000) per pair, only for pairs that
 * changed. Returns how many pairs it computed.
 */
export async function refreshBoard(db: PrismaClient, releaseId: string): Promise<number> {
  const [rel] = await db.$queryRawUnsafe<{ hidden: boolean }[]>(
    `SELECT hidden FROM releases WHERE id = $1::uuid`,
    releaseId,
  );
  if (!rel || rel.hidden) return 0; // a hidden board shows no ≈ marks
  const rows = await db.$queryRawUnsafe<
    Pick<RawRow, "id" | "submission_id" | "primary_value" | "partial" | "computed_at" | "vs_above_key" | "baseline">[]
  >(
    BOARD_SQL("s.id, s.submission_id, s.primary_value, s.partial, s.computed_at, s.vs_above_key, sub.baseline"),
    releaseId,
  );
  const ranked = rows.filter((r) => !r.baseline && !r.partial);
  const todo: { me: (typeof ranked)[number]; above: (typeof ranked)[number]; key: string }[] = [];
  for (let i = 1; i < ranked.length; i++) {
    const key = pairKey(ranked[i - 1], ranked[i]);
    if (ranked[i].vs_above_key !== key) todo.push({ me: ranked[i], above: ranked[i - 1], key });
  }
  if (!todo.length) return 0;
  const ids = [...new Set(todo.flatMap((t) => [t.me.submission_id, t.above.submission_id]))];
  const reps = await db.$queryRawUnsafe<{ submission_id: string; replicates: Uint8Array | null }[]>(
    `SELECT submission_id, replicates FROM scores WHERE release_id = $1::uuid AND submission_id = ANY($2::uuid[])`,
    releaseId,
    ids,
  );
  const vec = new Map(reps.map((r) => [r.submission_id, r.replicates ? toFloat64(r.replicates) : null]));
  const updates = todo.map(({ me, above, key }) => {
    const a = vec.get(above.submission_id);
    const b = vec.get(me.submission_id);
    let d: { difference: number; low: number; high: number } | null = null;
    if (a && b && above.primary_value !== null && me.primary_value !== null) {
      try {
        d = pairedIntervalFromReplicates(a, b, above.primary_value - me.primary_value);
      } catch {
        d = null; // no resample defined for both: no interval
      }
    }
    return { id: me.id, key, difference: d?.difference ?? null, low: d?.low ?? null, high: d?.high ?? null };
  });
  await db.$executeRawUnsafe(
    `UPDATE scores s SET vs_above_key = u.key, vs_above_difference = u.difference, vs_above_low = u.low, vs_above_high = u.high
       FROM (SELECT * FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::float8[], $5::float8[]) AS x(id, key, difference, low, high)) u
      WHERE s.id = u.id`,
    updates.map((u) => u.id),
    updates.map((u) => u.key),
    updates.map((u) => u.difference),
    updates.map((u) => u.low),
    updates.map((u) => u.high),
  );
  return updates.length;
}

function toFloat64(b: Uint8Array): Float64Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float64Array(copy.buffer);
}

export const refreshBoardTask = defineTask("refresh-board", async (db, payload) => {
  await refreshBoard(db, payload.releaseId);
});

const SUBMISSION_COLUMNS = `sub.model, sub.system, sub.baseline, sub.synthetic, sub.oss, sub.site, sub.cost_usd, sub.tokens, sub.runtime_sec, sub.created_at,
      sub.verified_by, sub.verified_at, sub.logs_url,
      t.name AS team, t.slug AS team_slug`;

/** Reads a release's whole board (one query; no predictions). On a hidden release: what the Ladder released. */
export async function readBoard(db: PrismaClient, release: { id: string; hidden: boolean }): Promise<BoardRow[]> {
  const rows = await db.$queryRawUnsafe<
    (RawRow & {
      margin: number | null;
      verified_by: string | null;
      verified_at: Date | null;
      logs_url: string | null;
    })[]
  >(
    release.hidden
      ? HIDDEN_BOARD_SQL(`s.id, s.submission_id, s.ladder_primary AS primary_value, NULL::float8 AS ci_low, NULL::float8 AS ci_high,
          s.ladder_metrics AS metrics, s.covered, s.total, s.partial, s.computed_at,
          NULL AS vs_above_key, NULL::float8 AS vs_above_difference, NULL::float8 AS vs_above_low, NULL::float8 AS vs_above_high,
          s.ladder_margin AS margin, ${SUBMISSION_COLUMNS}`)
      : BOARD_SQL(`s.id, s.submission_id, s.primary_value, s.ci_low, s.ci_high, s.metrics, s.covered, s.total, s.partial, s.computed_at,
          s.vs_above_key, s.vs_above_difference, s.vs_above_low, s.vs_above_high, NULL::float8 AS margin, ${SUBMISSION_COLUMNS}`),
    release.id,
  );
  const ranks = rankRows(rows);
  let above: RawRow | null = null;
  return rows.map((s, i) => {
    const rank = ranks[i];
    let vsAbove: BoardRow["vsAbove"] = null;
    let pending = false;
    if (rank !== null) {
      if (above && !release.hidden) {
        const fresh = s.vs_above_key === pairKey(above, s);
        pending = !fresh;
        if (fresh && s.vs_above_difference !== null && s.vs_above_low !== null && s.vs_above_high !== null) {
          vsAbove = { difference: s.vs_above_difference, low: s.vs_above_low, high: s.vs_above_high };
        }
      }
      above = s;
    }
    return {
      submissionId: s.submission_id,
      model: s.model,
      system: s.system,
      team: s.team,
      teamSlug: s.team_slug,
      baseline: s.baseline,
      synthetic: s.synthetic,
      oss: s.oss,
      site: s.site,
      metrics: s.metrics,
      primary: s.primary_value,
      ci: s.ci_low !== null && s.ci_high !== null ? { low: s.ci_low, high: s.ci_high } : null,
      coverage: { covered: s.covered, total: s.total },
      partial: s.partial,
      cost: { usd: s.cost_usd, tokens: s.tokens === null ? null : Number(s.tokens), runtimeSec: s.runtime_sec },
      createdAt: s.created_at.toISOString(),
      rank,
      tiedWithAbove: vsAbove !== null && !(vsAbove.low > 0 || vsAbove.high < 0),
      vsAbove,
      significancePending: pending,
      margin: s.margin,
      verified: s.verified_at ? { by: s.verified_by ?? "admin", at: s.verified_at.toISOString() } : null,
      logsUrl: s.logs_url,
    };
  });
}
