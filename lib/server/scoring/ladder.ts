import crypto from "node:crypto";
import { ladderDecisions, releaseValue } from "@/lib/metrics";
import type { Metrics, MetricColumn } from "@/lib/tasks/types";
import { appSecret } from "./secrets";
import type { ResolvedTask } from "@/lib/server/tasks";
import { ladderChains, ladderChainScores, lockLadderChain, releaseHiding, writeLadderDecisions } from "./ladder.sql";
import type { Sql } from "@/lib/server/db";

/** Runs one SQL statement with $n parameters and returns its rows (a pg connection or Prisma). */

function getPath(m: Metrics, key: string): number | null | undefined {
  let cur: unknown = m;
  for (const k of key.split("."))
    cur = cur && typeof cur === "object" ? (cur as Record<string, unknown>)[k] : undefined;
  return typeof cur === "number" || cur === null ? (cur as number | null) : undefined;
}

function setPath(m: Metrics, key: string, v: number | null) {
  const ks = key.split(".");
  let cur = m;
  for (const k of ks.slice(0, -1)) cur = (cur[k] ??= {}) as Metrics;
  cur[ks[ks.length - 1]] = v;
}

/** Draws u in [0, 1) for a label (a column key, "threshold"): 48 bits of an HMAC. */
export type Draw = (label: string) => number;

/** The secret draws of one released score: its team's grid offsets and its own noise. */
export interface LadderNoise {
  offset: Draw;
  noise: Draw;
}

/**
 * A deterministic stream of draws addressed by label: HMAC-SHA256 under a key derived from the
 * server's secret and a seed string. Addressed rather than sequential, so that a column added
 * to a task does not shift the draws of the others.
 */
function hmacDraws(secret: string, seed: string): Draw {
  const key = crypto.createHmac("sha256", secret).update(seed).digest();
  return (label) => crypto.createHmac("sha256", key).update(label).digest().readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The draws of one score: the grid offset of its team's chain on the release ("offset:" +
 * release + chain — one grid per team, the same for all its submissions) and the noise of the
 * submission itself ("noise:" + release + submission — the same on every re-score and in every
 * process, a new draw for each upload, whoever sends it, and a new draw on another release).
 */
export function ladderNoise(secret: string, releaseId: string, chain: string, submissionId: string): LadderNoise {
  return {
    offset: hmacDraws(secret, `offset:${releaseId}:${chain}`),
    noise: hmacDraws(secret, `noise:${releaseId}:${submissionId}`),
  };
}

/** The name of the Ladder's secret in app_secrets. */
export const LADDER_SECRET = "ladder";

/** The Ladder's secret (app_secrets "ladder"): made once by whichever process needs it first. */
export function ladderSecret(rows: Sql): Promise<string> {
  return appSecret(rows, LADDER_SECRET);
}

/** One column's released value: its step (counts: the matching multiple of n), its range, its draws. */
function releasedColumn(
  c: Pick<MetricColumn, "key" | "format">,
  v: number,
  margin: number,
  n: number,
  noise: LadderNoise | null,
): number {
  const count = c.format === "count";
  const step = count ? Math.max(1, Math.round(margin * n)) : margin;
  // the noise may carry a value past its range: shares stay in [0, 1], scores (F, AP, I/O-Score,
  // W₁) in [−1, 1], counts whole and ≥ 0 — clamping after the noise tells nothing more
  const range = count
    ? { min: 0, integer: true }
    : c.format === "percent1"
      ? { min: 0, max: 1 }
      : c.format === "score3"
        ? { min: -1, max: 1 }
        : {};
  return releaseValue(v, step, noise ? { offset: noise.offset(c.key), draw: noise.noise(c.key) } : null, range);
}

/**
 * What a released score shows on a hidden release: the leaderboard's columns only, each released
 * with `releaseValue` (noise, then the team's offset grid of the margin; counts on the matching
 * multiple of the instance count); nothing else. `noise` null: plain rounding (before issue 16).
 */
export function releasedMetrics(
  columns: MetricColumn[],
  metrics: Metrics,
  margin: number,
  n: number,
  noise: LadderNoise | null = null,
): Metrics {
  const out: Metrics = {};
  for (const c of columns) {
    if (c.subset) continue;
    const v = getPath(metrics, c.key);
    if (v === undefined) continue;
    setPath(out, c.key, v === null || !Number.isFinite(v) ? null : releasedColumn(c, v, margin, n, noise));
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
export async function updateLadder(
  rows: Sql,
  task: ResolvedTask,
  releaseId: string,
  submissionIds: string[],
  opts: { noise?: boolean; force?: boolean } = {},
): Promise<void> {
  const rel = await releaseHiding(rows, releaseId);
  if (!rel?.hidden || !submissionIds.length) return;
  const owners = await ladderChains(rows, submissionIds);
  const chains = [...new Map(owners.map((o) => [o.chain, o])).values()].sort((a, b) => a.chain.localeCompare(b.chain));
  const columns = task.kind.columns(task.options);
  const better = columns.find((c) => c.key === task.primaryMetric)?.better ?? "higher";
  const primaryColumn = columns.find((c) => c.key === task.primaryMetric) ?? {
    key: task.primaryMetric,
    format: "score3" as const,
  };
  // noise: false — plain rounding on one grid, as before issue 16 (tests' control)
  const secret = opts.noise === false ? null : await ladderSecret(rows);
  for (const o of chains) {
    await lockLadderChain(rows, releaseId, o.chain);
    const chain = await ladderChainScores(rows, releaseId, { teamId: o.team_id, submissionId: o.id });
    const complete = chain.filter((s) => !s.partial);
    const noises = complete.map((s) => (secret ? ladderNoise(secret, releaseId, o.chain, s.submission_id) : null));
    const decisions = ladderDecisions(
      complete.map((s, i) => ({
        primary: s.primary_value,
        replicates: toFloat64(s.replicates),
        jitter: noises[i]?.noise("threshold") ?? 0,
      })),
      { n: rel.instance_count, better },
    );
    const ids: string[] = [];
    const released: boolean[] = [];
    const margins: (number | null)[] = [];
    const primaries: (number | null)[] = [];
    const metrics: (string | null)[] = [];
    complete.forEach((s, i) => {
      const d = decisions[i];
      // the primary column's own draws: the released primary and its column agree
      const primary =
        d.released && s.primary_value !== null
          ? releasedColumn(primaryColumn, s.primary_value, d.margin!, s.total, noises[i])
          : null;
      // unchanged: nothing to write (a value released under an older rule is rewritten)
      if (
        s.ladder_released === d.released &&
        s.ladder_margin === d.margin &&
        s.ladder_primary === primary &&
        s.ladder_released !== null &&
        !opts.force
      )
        return;
      ids.push(s.id);
      released.push(d.released);
      margins.push(d.margin);
      primaries.push(primary);
      metrics.push(
        d.released ? JSON.stringify(releasedMetrics(columns, s.metrics, d.margin!, s.total, noises[i])) : null,
      );
    });
    for (const s of chain.filter((x) => x.partial && x.ladder_released !== false)) {
      ids.push(s.id);
      released.push(false);
      margins.push(null);
      primaries.push(null);
      metrics.push(null);
    }
    if (!ids.length) continue;
    await writeLadderDecisions(rows, { ids, released, margins, primaries, metrics });
  }
}
