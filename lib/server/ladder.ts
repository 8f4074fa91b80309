import crypto from "node:crypto";
import { ditheredRound, ladderDecisions } from "@/lib/metrics";
import type { Metrics, MetricColumn } from "@/lib/tasks/types";
import type { ResolvedTask } from "./tasks";

/** Runs one SQL statement with $n parameters and returns its rows (a pg connection or Prisma). */
export type Rows = <T = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

function getPath(m: Metrics, key: string): number | null | undefined {
  let cur: unknown = m;
  for (const k of key.split(".")) cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[k] : undefined;
  return typeof cur === "number" || cur === null ? (cur as number | null) : undefined;
}

function setPath(m: Metrics, key: string, v: number | null) {
  const ks = key.split(".");
  let cur = m;
  for (const k of ks.slice(0, -1)) cur = (cur[k] ??= {}) as Metrics;
  cur[ks[ks.length - 1]] = v;
}

/** Draws u in [0, 1) for a label: 48 bits of the HMAC of the set's seed. */
export type Draw = (label: string) => number;

/** No dither (u = ½ everywhere): plain rounding, as before issue 16 — for comparisons in tests. */
export const NO_DITHER: Draw = () => 0.5;

/**
 * The draws of one scored prediction set on one release: HMAC-SHA256 under the server's Ladder
 * secret of the release and the set's bootstrap replicates — a function of which instances it
 * gets right, so the same predictions (however the file is written, by whichever account) always
 * show the same value, and a new draw needs a different set of right answers.
 */
export function drawsFor(secret: string, releaseId: string, replicates: Uint8Array): Draw {
  const seed = crypto.createHmac("sha256", secret).update(releaseId).update(replicates).digest();
  return (label) => crypto.createHmac("sha256", seed).update(label).digest().readUIntBE(0, 6) / 2 ** 48;
}

/** The Ladder's secret (app_secrets "ladder"): made once by whichever process needs it first. */
export async function ladderSecret(rows: Rows): Promise<string> {
  await rows(`INSERT INTO app_secrets (name, value) VALUES ('ladder', $1) ON CONFLICT (name) DO NOTHING`, [crypto.randomBytes(32).toString("hex")]);
  const [row] = await rows<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'ladder'`, []);
  return row.value;
}

/**
 * What a released score shows on a hidden release: the leaderboard's columns only, each rounded
 * to the margin with the set's dither (counts to the matching multiple of the instance count);
 * nothing else.
 */
export function releasedMetrics(columns: MetricColumn[], metrics: Metrics, margin: number, n: number, draw: Draw = NO_DITHER): Metrics {
  const out: Metrics = {};
  for (const c of columns) {
    const v = getPath(metrics, c.key);
    if (v === undefined) continue;
    if (v === null || !Number.isFinite(v)) {
      setPath(out, c.key, null);
      continue;
    }
    const step = c.format === "count" ? Math.max(1, Math.round(margin * n)) : margin;
    setPath(out, c.key, ditheredRound(v, step, draw(c.key)));
  }
  return out;
}

function toFloat64(b: Uint8Array | null): Float64Array | null {
  if (!b) return null;
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float64Array(copy.buffer);
}

/**
 * Brings the Ladder's decisions up to date for the teams of these submissions on a release with
 * hidden truth (nothing to do on a public release). Each team's chain is recomputed in
 * submission order under a transaction-scoped advisory lock, so concurrent uploads of one team
 * are decided one after the other, and a re-score decides the same whatever order its parts ran
 * in. A submission without a team is a chain of its own. Call inside the scores' transaction.
 */
export async function updateLadder(rows: Rows, task: ResolvedTask, releaseId: string, submissionIds: string[], opts: { dither?: boolean; force?: boolean } = {}): Promise<void> {
  const [rel] = await rows<{ hidden: boolean; instance_count: number }>(`SELECT hidden, instance_count FROM releases WHERE id = $1::uuid`, [releaseId]);
  if (!rel?.hidden || !submissionIds.length) return;
  const owners = await rows<{ chain: string; team_id: string | null; id: string }>(
    `SELECT DISTINCT COALESCE(team_id::text, id::text) AS chain, team_id, id FROM submissions WHERE id = ANY($1::uuid[])`,
    [submissionIds],
  );
  const chains = [...new Map(owners.map((o) => [o.chain, o])).values()].sort((a, b) => a.chain.localeCompare(b.chain));
  const columns = task.kind.columns(task.options);
  const better = columns.find((c) => c.key === task.primaryMetric)?.better ?? "higher";
  const secret = opts.dither === false ? null : await ladderSecret(rows);
  for (const o of chains) {
    await rows(`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 0))) l`, [`ladder:${releaseId}:${o.chain}`]);
    const chain = await rows<{ id: string; primary_value: number | null; replicates: Uint8Array | null; metrics: Metrics; total: number; partial: boolean; ladder_released: boolean | null; ladder_margin: number | null }>(
      `SELECT s.id, s.primary_value, s.replicates, s.metrics, s.total, s.partial, s.ladder_released, s.ladder_margin
         FROM scores s JOIN submissions sub ON sub.id = s.submission_id
        WHERE s.release_id = $1::uuid AND sub.status <> 'failed'
          AND ${o.team_id ? "sub.team_id = $2::uuid" : "sub.id = $2::uuid"}
        ORDER BY sub.created_at ASC, sub.id ASC`,
      [releaseId, o.team_id ?? o.id],
    );
    const complete = chain.filter((s) => !s.partial);
    const draws = complete.map((s) => (secret && s.replicates ? drawsFor(secret, releaseId, s.replicates) : NO_DITHER));
    const decisions = ladderDecisions(
      complete.map((s, i) => ({ primary: s.primary_value, replicates: toFloat64(s.replicates), jitter: 2 * draws[i]("jitter") - 1 })),
      { n: rel.instance_count, better },
    );
    const ids: string[] = [];
    const released: boolean[] = [];
    const margins: (number | null)[] = [];
    const primaries: (number | null)[] = [];
    const metrics: (string | null)[] = [];
    complete.forEach((s, i) => {
      const d = decisions[i];
      if (s.ladder_released === d.released && s.ladder_margin === d.margin && s.ladder_released !== null && !opts.force) return;
      ids.push(s.id);
      released.push(d.released);
      margins.push(d.margin);
      // the primary column's own draw: the released primary and its column agree
      primaries.push(d.released && s.primary_value !== null ? ditheredRound(s.primary_value, d.margin!, draws[i](task.primaryMetric)) : null);
      metrics.push(d.released ? JSON.stringify(releasedMetrics(columns, s.metrics, d.margin!, s.total, draws[i])) : null);
    });
    for (const s of chain.filter((x) => x.partial && x.ladder_released !== false)) {
      ids.push(s.id);
      released.push(false);
      margins.push(null);
      primaries.push(null);
      metrics.push(null);
    }
    if (!ids.length) continue;
    await rows(
      `UPDATE scores s SET ladder_released = u.released, ladder_margin = u.margin, ladder_primary = u.primary_value, ladder_metrics = u.metrics
         FROM unnest($1::uuid[], $2::bool[], $3::float8[], $4::float8[], $5::jsonb[]) AS u(id, released, margin, primary_value, metrics)
        WHERE s.id = u.id`,
      [ids, released, margins, primaries, metrics],
    );
  }
}
