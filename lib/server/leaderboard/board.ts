import type { PrismaClient } from "@/lib/generated/prisma/client";
import { pairedIntervalFromReplicates } from "@/lib/metrics";
import type { Metrics } from "@/lib/tasks/types";
import { sqlOf } from "@/lib/server/db";
import { defineTask } from "@/lib/server/jobs";
import { boardOrder, boardRows, replicatesOf, writeVsAbove, type RawRow } from "./board.sql";

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
  const rel = await db.release.findUnique({ where: { id: releaseId }, select: { hidden: true } });
  if (!rel || rel.hidden) return 0; // a hidden board shows no ≈ marks
  const rows = await boardOrder(sqlOf(db), releaseId);
  const ranked = rows.filter((r) => !r.baseline && !r.partial);
  const todo: { me: (typeof ranked)[number]; above: (typeof ranked)[number]; key: string }[] = [];
  for (let i = 1; i < ranked.length; i++) {
    const key = pairKey(ranked[i - 1], ranked[i]);
    if (ranked[i].vs_above_key !== key) todo.push({ me: ranked[i], above: ranked[i - 1], key });
  }
  if (!todo.length) return 0;
  const ids = [...new Set(todo.flatMap((t) => [t.me.submission_id, t.above.submission_id]))];
  const reps = await replicatesOf(sqlOf(db), releaseId, ids);
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
  await writeVsAbove(sqlOf(db), updates);

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

/** Reads a release's whole board (one query; no predictions). On a hidden release: what the Ladder released. */
export async function readBoard(db: PrismaClient, release: { id: string; hidden: boolean }): Promise<BoardRow[]> {
  const rows = await boardRows(sqlOf(db), release);
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
