import crypto from "node:crypto";
import { threadedPairKernel } from "./pair-threads";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import {
  attemptsInflation,
  intervalFromReplicates,
  rankIntervalSteps,
  selectionInflation,
  type RankIntervals,
} from "@/lib/metrics";
import type { Metrics } from "@/lib/tasks/types";
import { sqlOf } from "@/lib/server/db";
import { defineUpkeep, queueUpkeep } from "@/lib/server/jobs";
import { queueBoardRefresh } from "@/lib/server/scoring";
import {
  attemptsOf,
  boardOrder,
  boardRows,
  deleteRanks,
  offBoardRuns,
  outcomesOf,
  readRanks,
  publicBoards,
  replicatesOf,
  taskKindOfRelease,
  writeRanks,
  type RawRow,
} from "./board.sql";
import { getTaskKind } from "@/lib/tasks";
import { rightInEvery } from "@/lib/server/scoring";
import {
  anchorOf,
  bestOfSystems,
  bestWithRuns,
  byValue,
  meanMetrics,
  runMean,
  runNumber,
  runSetReplicates,
  runSetsOf,
  runSummary,
  systemKey,
  type RunSummary,
  type StoredRuns,
  type Withheld,
} from "@/lib/leaderboard-runs";
import { WITHDRAWN_REASON } from "@/lib/server/submissions";
import { paperSetup } from "@/lib/tasks/shared/judge";
import type { SystemMeta } from "@/lib/validations/common";

// A release's board: its public, scored submissions in rank order, with ranks, 95% rank
// intervals and attempt counts — all of it read from what was written with the scores
// (replicates) and by the refresh job below (board_ranks). Reading a board never touches a
// prediction. Two views: "all" (every submission) and "best" (one row per system = team and
// model: its best complete submission), each ranked and with intervals of its own.

export type BoardViewName = "best" | "all";

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
  /** competition rank among the view's complete, non-baseline rows (null: baseline or partial) */
  rank: number | null;
  /** 95% interval of the rank (percentiles of its ranks over the bootstrap resamples) */
  rankInterval: { lo: number; hi: number } | null;
  /** 95% simultaneous interval (max-T over all pairs): the one behind `topGroup` */
  rankIntervalSimultaneous: { lo: number; hi: number } | null;
  /** not separable from rank 1 (its simultaneous interval includes 1) */
  topGroup: boolean;
  /** the intervals are being computed for the current set of rows (a write just happened) */
  significancePending: boolean;
  /** the system's (team, model) complete scored submissions on the release: public, private, withdrawn */
  attempts: number;
  /** the team's scored uploads to this release (null without a team) */
  teamAttempts: number | null;
  /** hidden releases: the Ladder's margin the metrics are rounded to (null on public releases) */
  margin: number | null;
  /** an admin vouched for it */
  verified: { by: string; at: string } | null;
  logsUrl: string | null;
  /** structured system metadata (agent, base_model, judge_model, …; lib/validations/common.ts SystemMeta) */
  meta: SystemMeta;
  /** the paper's judge setup this run's judge matches (its label), on kinds with a judge */
  paperJudge: string | null;
  /** who decided its verdicts (CR-Bench): the team's file or the server's judge; null on other kinds */
  judgedBy: "team" | "server" | null;
  /**
   * best view, a system's best of `n` > 1: what `n` attempts alone add to a score like this one
   * (E[max of n] − E[one], estimated from its attempts or bounded: selectionOf), the gap to the next ranked row, and the share of
   * that gap (0–1) the attempts alone would explain; null otherwise or while pending
   */
  selection: {
    n: number;
    inflation: number;
    /** "attempts": estimated from the system's attempts on this release; "bound": at most this (one score's instance bootstrap) */
    basis: "attempts" | "bound";
    gap: number | null;
    explains: number | null;
  } | null;
  /**
   * repeated runs (public releases): the system's complete runs when it has two or more, those off
   * the board (private, withdrawn) included — on its best-view row (which then shows their mean)
   * and on each run's row in the all view
   */
  runs: RunSummary | null;
}

/** What board_ranks.data holds, per view. */
interface StoredView {
  critical: number | null;
  resamples: number;
  /** submissionId → [lo, hi, simLo, simHi] */
  rows: Record<string, [number, number, number, number]>;
  /** the view's first ranked rows and whom each significantly beats (simultaneous), for compare */
  top: { ids: string[]; beats: number[][] };
  /**
   * best view: submissionId → [N, gain, basis] for a system shown as its best of N > 1 complete
   * submissions (issue 34, part 4; issue 50): basis 1 estimated from its attempts, 0 (or absent,
   * stored before) an upper bound from one score's replicates (selectionOf)
   */
  selection?: Record<string, [number, number, number?]>;
  /** best view: a system with repeated runs, keyed by its anchor (lib/leaderboard-runs.ts anchorOf) */
  runs?: Record<string, StoredRuns>;
}
interface StoredRanks {
  all: StoredView;
  best: StoredView;
}

type Ranked = Pick<RawRow, "submission_id" | "primary_value" | "computed_at" | "model" | "team_id"> & {
  run: number | null;
  withheld?: Withheld | null;
};

/** A run off the board (board.sql.ts offBoardRuns): why, in the terms of a run set. */
type OffBoard = { state: "private" | "withdrawn" | "removed" };

/**
 * The identity of a ranked set: its rows and when each was scored, and the runs off the board
 * (any change asks for new intervals).
 */
function rankedKey(rows: Ranked[], attempts: Map<string, number>, offBoard: (Ranked & OffBoard)[]): string {
  const h = crypto.createHash("sha1");
  for (const r of rows)
    h.update(
      `${r.submission_id}:${r.computed_at.getTime()}:${r.primary_value}:${systemKey(r)}:${attempts.get(systemKey(r)) ?? ""}:${r.run ?? ""}\n`,
    );
  for (const r of offBoard)
    h.update(
      `off ${r.submission_id}:${r.computed_at.getTime()}:${r.primary_value}:${systemKey(r)}:${r.run}:${r.state}\n`,
    );
  return h.digest("hex");
}

/** The runs off the board that count in their system's mean (private, withdrawn), as run-set members. */
function countedOffBoard<T extends OffBoard>(rows: T[]): (T & { withheld: Withheld })[] {
  return rows.flatMap((r) => (r.state === "removed" ? [] : [{ ...r, withheld: r.state }]));
}

/** Per system: its runs moderation hid (out of its mean, shown as a count). */
function removedRuns(rows: (OffBoard & { team_id: string | null; model: string })[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) if (r.state === "removed") out.set(systemKey(r), (out.get(systemKey(r)) ?? 0) + 1);
  return out;
}

/**
 * What best-of-N selection alone adds to each system's shown score (N > 1 complete submissions,
 * private ones included), as [N, gain, basis] (issue 50, item 2). Basis 1: estimated from the
 * system's attempts on the board (two or more with replicates): their paired replicates on the
 * release's shared resamples give the run-to-run noise, and the gain is E[max of N] − E[one] of it
 * (lib/metrics attemptsInflation). Basis 0: one attempt's replicates alone — the expected maximum
 * of N draws from its instance bootstrap, an upper bound ("at most"): attempts share the release's
 * instances, whose sampling variance that bootstrap also holds.
 */
function selectionOf(
  best: Ranked[],
  ranked: Ranked[],
  vectors: Map<string, Float64Array>,
  attempts: Map<string, number>,
): Record<string, [number, number, number]> {
  const bySystem = new Map<string, Float64Array[]>();
  for (const r of ranked) {
    const v = vectors.get(r.submission_id);
    if (v) bySystem.set(systemKey(r), [...(bySystem.get(systemKey(r)) ?? []), v]);
  }
  const out: Record<string, [number, number, number]> = {};
  for (const r of best) {
    const n = attempts.get(systemKey(r)) ?? 1;
    const own = bySystem.get(systemKey(r)) ?? [];
    const estimated = n > 1 && own.length >= 2 ? attemptsInflation(own, n) : null;
    if (estimated !== null) {
      out[r.submission_id] = [n, estimated, 1];
      continue;
    }
    const v = vectors.get(r.submission_id);
    const bound = n > 1 && v ? selectionInflation(v, n) : null;
    if (bound !== null) out[r.submission_id] = [n, bound, 0];
  }
  return out;
}

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

const TOP = 10;

/**
 * How long the computation runs before it lets the event loop turn: 20 ms where requests share
 * the loop (a web process running jobs); a worker process takes longer slices (setRefreshSlice):
 * jobs on the same loop (a back-fill, an audit) then wait, not the rank intervals of a new upload
 * (with 20 ms turns a refresh at 10,000 submissions took 15 s beside a back-fill, 5 s alone).
 */
let sliceMs = 20;

/** Sets the refresh's slice (scripts/worker.ts: a process that serves no request). */
export function setRefreshSlice(ms: number): void {
  sliceMs = ms;
}

/** Runs the interval computation, giving the event loop a turn every slice. */
async function intervalsOf(points: number[], replicates: Float64Array[], subsets: number[][]) {
  // the pair kernel's blocks spread over the other cores (./pair-threads.ts): the same results
  const steps = rankIntervalSteps(points, replicates, 0.95, subsets, {
    kernel: (n, B, rows) => threadedPairKernel(n, B, rows),
  });
  let last = performance.now();
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    if (performance.now() - last > sliceMs) {
      await new Promise((r) => setImmediate(r));
      last = performance.now();
    }
  }
}

function stored(rows: { submission_id: string }[], out: RankIntervals): StoredView {
  const byId: StoredView["rows"] = {};
  rows.forEach((r, i) => {
    const x = out.rows[i];
    byId[r.submission_id] = [x.lo, x.hi, x.simLo, x.simHi];
  });
  const top = rows.slice(0, TOP);
  return {
    critical: Number.isFinite(out.critical) ? out.critical : null,
    resamples: out.resamples,
    rows: byId,
    top: { ids: top.map((r) => r.submission_id), beats: top.map((_, i) => out.beats[i].filter((j) => j < TOP)) },
  };
}

/**
 * Both views' intervals in one computation: every submission, and one row per system as a subset
 * (its simultaneous intervals use the whole set's critical value: conservative, and the pairwise
 * work is done once). With repeated runs the best view is a set of its own (./runs.ts), computed
 * apart: a system's mean over runs is not one of the submissions.
 */
async function storedViews(ranked: Ranked[], vectors: Map<string, Float64Array>, sets: Map<string, Ranked[]>) {
  // a score from before replicates were stored has no interval (it is still ranked)
  const usable = ranked.filter((r) => vectors.has(r.submission_id) && r.primary_value !== null);
  if (sets.size) {
    const best = bestWithRuns(ranked, (id) => vectors.get(id), sets).filter((e) => e.vector !== undefined);
    const all = await intervalsOf(
      usable.map((r) => r.primary_value!),
      usable.map((r) => vectors.get(r.submission_id)!),
      [],
    );
    const bestOut = await intervalsOf(
      best.map((e) => e.primary_value),
      best.map((e) => e.vector!),
      [],
    );
    return { all: stored(usable, all), best: stored(best, bestOut) };
  }
  // each system's best as the board shows it (chosen among all ranked rows, as readBoard does)
  const bestIds = new Set(bestOfSystems(ranked).map((r) => r.submission_id));
  const best = usable.flatMap((r, i) => (bestIds.has(r.submission_id) ? [i] : []));
  const out = await intervalsOf(
    usable.map((r) => r.primary_value!),
    usable.map((r) => vectors.get(r.submission_id)!),
    [best],
  );
  return {
    all: stored(usable, out),
    best: stored(
      best.map((i) => usable[i]),
      out.subsets[0],
    ),
  };
}

/** What the best view stores per run set: its members, two-level interval, and consistency. */
async function storedRuns(
  sql: ReturnType<typeof sqlOf>,
  releaseId: string,
  sets: Map<string, (Ranked & { total: number })[]>,
  vectors: Map<string, Float64Array>,
): Promise<Record<string, StoredRuns>> {
  const ids = [...sets.values()].flat().map((m) => m.submission_id);
  const bits = new Map((await outcomesOf(sql, releaseId, ids)).map((o) => [o.submission_id, o.outcomes]));
  const out: Record<string, StoredRuns> = {};
  for (const set of sets.values()) {
    const anchor = anchorOf(set).submission_id;
    const v = runSetReplicates(set, (id) => vectors.get(id));
    const finite = v ? Array.prototype.some.call(v, Number.isFinite) : false;
    const iv = v && finite ? intervalFromReplicates(v) : null;
    const c = rightInEvery(
      set.map((m) => bits.get(m.submission_id) ?? null),
      set[0].total,
    );
    out[anchor] = {
      ids: set.map((m) => m.submission_id),
      ci: iv ? [iv.low, iv.high] : null,
      consistent: c ? [c.right, c.covered] : null,
    };
  }
  return out;
}

/**
 * Brings a release's rank intervals up to date: when the ranked set moved since they were
 * computed, both views' marginal and simultaneous intervals are recomputed from the stored
 * replicate vectors (no prediction is read) and written in one row. Returns the milliseconds
 * spent, or 0 when nothing changed.
 */
export async function refreshBoard(db: PrismaClient, releaseId: string): Promise<number> {
  const sql = sqlOf(db);
  const rel = await db.release.findUnique({ where: { id: releaseId }, select: { hidden: true } });
  if (!rel) return 0;
  // a hidden board shows no intervals: they would move with single hidden labels
  if (rel.hidden) {
    await deleteRanks(sql, releaseId);
    return 0;
  }
  const started = performance.now();
  const rows = await boardOrder(sql, releaseId);
  const ranked = rows.filter((r) => !r.baseline && !r.partial);
  const attempts = new Map((await attemptsOf(sql, releaseId)).systems.map((a) => [systemKey(a), a.n]));
  const offBoard = await offBoardRuns(sql, releaseId, WITHDRAWN_REASON);
  const key = rankedKey(ranked, attempts, offBoard);
  const existing = await readRanks(sql, releaseId);
  if (existing?.key === key) return 0;
  const sets = runSetsOf<(typeof ranked)[number] & Pick<Ranked, "withheld">>(ranked, countedOffBoard(offBoard));
  const reps = await replicatesOf(sql, releaseId, [
    ...ranked.map((r) => r.submission_id),
    ...[...sets.values()].flat().flatMap((m) => (m.withheld ? [m.submission_id] : [])),
  ]);
  const vectors = new Map<string, Float64Array>();
  for (const r of reps) if (r.replicates) vectors.set(r.submission_id, toFloat64(r.replicates));
  const { all, best } = await storedViews(ranked, vectors, sets);
  best.selection = selectionOf(
    bestOfSystems(ranked).filter((r) => !sets.has(systemKey(r))),
    ranked,
    vectors,
    attempts,
  );
  if (sets.size) best.runs = await storedRuns(sql, releaseId, sets, vectors);
  const millis = Math.max(1, Math.round(performance.now() - started));
  await writeRanks(sql, releaseId, key, { all, best } satisfies StoredRanks, millis);
  return millis;
}

/** A stored replicate vector (bytea of float64) as numbers, copied to an aligned buffer. */
export function toFloat64(b: Uint8Array): Float64Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float64Array(copy.buffer);
}

/** How soon after a board's refresh its snapshot is made (issue 48): changes within it share one. */
const SNAPSHOT_DELAY_MS = 2000;

export const refreshBoardUpkeep = defineUpkeep("refresh-board", async (db, payload) => {
  await refreshBoard(db, payload.releaseId);
  // the board readers see is frozen within seconds, so the cite card names exactly it: one
  // snapshot job per release waits (a later change keeps its time), one runs at a time
  await queueUpkeep(
    sqlOf(db),
    "snapshot-board",
    { releaseId: payload.releaseId },
    {
      jobKey: `snapshot-board:${payload.releaseId}`,
      keyMode: "preserve_run_at",
      queue: "snapshots",
      runAt: new Date(Date.now() + SNAPSHOT_DELAY_MS),
    },
  );
});

/** A mean token count as the column stores it (a whole number), or null. */
function wholeOrNull(x: number | null): bigint | null {
  return x === null ? null : BigInt(Math.round(x));
}

/**
 * At start-up: every public board's refresh is queued. One whose intervals are current returns at
 * once (its ranked set hashes to the stored key); one never computed, or computed by a build whose
 * key or rows were different (a release adding a column of the key, as repeated runs did), gets
 * them — otherwise it would show "being computed" until its next write.
 */
export async function queuePublicBoardRefreshes(db: PrismaClient): Promise<number> {
  const boards = await publicBoards(sqlOf(db));
  await queueBoardRefresh(
    sqlOf(db),
    boards.map((r) => r.id),
  );
  return boards.length;
}

export interface Board {
  all: BoardRow[];
  best: BoardRow[];
  /** per view: the top ranked rows and whom each significantly beats (indices into `ids`) */
  top: Record<BoardViewName, { ids: string[]; beats: number[][] } | null>;
  /** per view: the max-T critical value of its simultaneous intervals (null: none computed) */
  critical: Record<BoardViewName, number | null>;
  /** the intervals' state: computed for these rows, being computed, or none (hidden release) */
  intervals: { state: "fresh" | "pending" | "none"; computedAt: string | null; millis: number | null };
}

/**
 * A best-of-N row's selection correction: what N attempts alone add (from the stored view), the
 * gap to the next ranked row below it, and the share of that gap the attempts alone explain.
 */
function selectionRow(
  view: StoredView | null,
  list: { submission_id: string; primary_value: number | null }[],
  ranks: (number | null)[],
  i: number,
): BoardRow["selection"] {
  const sel = view?.selection?.[list[i].submission_id];
  if (!sel || ranks[i] === null) return null;
  let j = i + 1;
  while (j < list.length && ranks[j] === null) j++;
  const here = list[i].primary_value;
  const next = j < list.length ? list[j].primary_value : null;
  const gap = here !== null && next !== null ? here - next : null;
  return {
    n: sel[0],
    inflation: sel[1],
    // stored before issue 50 (no third element): the bound
    basis: sel[2] === 1 ? "attempts" : "bound",
    gap,
    explains: gap !== null && gap > 0 ? Math.min(1, sel[1] / gap) : null,
  };
}

type BoardRaw = Awaited<ReturnType<typeof boardRows>>[number] & { run: number | null; withheld?: Withheld | null };

/**
 * The best view's rows in board order: each system's first complete row, else its first partial
 * one; baselines each their own. A system with a run set shows the mean over its runs instead
 * (its anchor's row — its lowest public run — with the mean metrics and cost of all its runs and
 * the stored interval), placed by that mean.
 */
function bestListOf(
  rows: BoardRaw[],
  sets: Map<string, BoardRaw[]>,
  runs: Record<string, StoredRuns> | undefined,
): BoardRaw[] {
  const complete = new Set(bestOfSystems(rows.filter((r) => !r.baseline && !r.partial)).map((r) => r.submission_id));
  const withComplete = new Set(rows.filter((r) => complete.has(r.submission_id)).map(systemKey));
  const firstPartial = new Set(
    bestOfSystems(rows.filter((r) => !r.baseline && r.partial && !withComplete.has(systemKey(r)))).map(
      (r) => r.submission_id,
    ),
  );
  const list = rows.filter((r) => r.baseline || complete.has(r.submission_id) || firstPartial.has(r.submission_id));
  if (!sets.size) return list;
  const meanOf = (xs: (number | null)[]) =>
    xs.every((x) => x !== null) ? xs.reduce((a, b) => a! + b!, 0)! / xs.length : null;
  return byValue(
    list.map((r) => {
      const set = complete.has(r.submission_id) ? sets.get(systemKey(r)) : undefined;
      if (!set) return r;
      const ci = runs?.[anchorOf(set).submission_id]?.ci;
      const latest = set.reduce((a, m) => (m.created_at > a.created_at ? m : a));
      return {
        ...anchorOf(set),
        primary_value: runMean(set),
        metrics: meanMetrics(set.map((m) => m.metrics)),
        ci_low: ci ? ci[0] : null,
        ci_high: ci ? ci[1] : null,
        cost_usd: meanOf(set.map((m) => m.cost_usd)),
        tokens: wholeOrNull(meanOf(set.map((m) => (m.tokens === null ? null : Number(m.tokens))))),
        runtime_sec: meanOf(set.map((m) => m.runtime_sec)),
        created_at: latest.created_at,
      };
    }),
    (r) => r.primary_value,
  );
}

/** Reads a release's whole board (four small queries; no predictions). On a hidden release: what the Ladder released. */
export async function readBoard(db: PrismaClient, release: { id: string; hidden: boolean }): Promise<Board> {
  const sql = sqlOf(db);
  const [raw, stored, attempts, kindName, off] = await Promise.all([
    boardRows(sql, release),
    release.hidden ? null : readRanks(sql, release.id),
    attemptsOf(sql, release.id),
    taskKindOfRelease(sql, release.id),
    release.hidden ? [] : offBoardRuns(sql, release.id, WITHDRAWN_REASON),
  ]);
  // repeated runs count on public releases (a hidden board holds only what the Ladder released)
  const rows: BoardRaw[] = raw.map((r) => ({ ...r, run: release.hidden ? null : runNumber(r.meta) }));
  const offBoard = off.map((r) => ({ ...r, run: runNumber(r.meta) }));
  const judge = kindName ? getTaskKind(kindName).judge : undefined;
  const systemAttempts = new Map(attempts.systems.map((a) => [systemKey(a), a.n]));
  const teamAttempts = new Map(attempts.teams.map((a) => [a.team_id, a.n]));
  const ranked = rows.filter((r) => !r.baseline && !r.partial);
  const fresh = !release.hidden && stored !== null && stored.key === rankedKey(ranked, systemAttempts, off);
  const data = fresh ? (stored.data as StoredRanks) : null;
  const pending = !release.hidden && !fresh && ranked.length > 0;
  const sets = runSetsOf<BoardRaw>(ranked, countedOffBoard(offBoard));
  const removed = removedRuns(offBoard);
  const summaries = new Map(
    [...sets].map(([k, set]) => [
      k,
      runSummary(set, data?.best.runs?.[anchorOf(set).submission_id] ?? null, removed.get(k) ?? 0),
    ]),
  );
  const inSet = new Set([...sets.values()].flat().map((m) => m.submission_id));

  const build = (list: BoardRaw[], view: StoredView | null): BoardRow[] => {
    const ranks = rankRows(list);
    return list.map((s, i) => {
      const iv = ranks[i] !== null ? view?.rows[s.submission_id] : undefined;
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
        rank: ranks[i],
        rankInterval: iv ? { lo: iv[0], hi: iv[1] } : null,
        rankIntervalSimultaneous: iv ? { lo: iv[2], hi: iv[3] } : null,
        topGroup: iv ? iv[2] === 1 : false,
        significancePending: ranks[i] !== null && pending,
        attempts: s.baseline ? 1 : (systemAttempts.get(systemKey(s)) ?? 0),
        teamAttempts: s.team_id ? (teamAttempts.get(s.team_id) ?? 0) : null,
        margin: s.margin,
        verified: s.verified_at ? { by: s.verified_by ?? "admin", at: s.verified_at.toISOString() } : null,
        logsUrl: s.logs_url,
        meta: (s.meta ?? {}) as SystemMeta,
        paperJudge: paperSetup(judge, s.meta),
        judgedBy: s.judged_by === "team" || s.judged_by === "server" ? s.judged_by : null,
        selection: selectionRow(view, list, ranks, i),
        runs: inSet.has(s.submission_id) ? (summaries.get(systemKey(s)) ?? null) : null,
      };
    });
  };
  return {
    all: build(rows, data?.all ?? null),
    best: build(bestListOf(rows, sets, data?.best.runs), data?.best ?? null),
    top: { all: data?.all.top ?? null, best: data?.best.top ?? null },
    critical: { all: data?.all.critical ?? null, best: data?.best.critical ?? null },
    intervals: {
      state: release.hidden ? "none" : fresh || !ranked.length ? "fresh" : "pending",
      computedAt: fresh ? stored.computed_at.toISOString() : null,
      millis: fresh ? stored.millis : null,
    },
  };
}
