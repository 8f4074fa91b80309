// Where a submission stands on its release's board: the rank it has (or would have, were it
// public and its system's best), its simultaneous rank interval once computed, how it compares
// with each baseline, and its place among its own system's submissions. Shown right after an
// upload and on the submission's page. Read from the cached board and one small query: no
// prediction is read.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { getTaskById } from "@/lib/server/tasks";
import { getBoard } from "./leaderboard";
import { scoreOnRelease, systemPrimaryValues, teamSlug } from "./standing.sql";

export interface Standing {
  /** the primary metric's value this standing is about */
  value: number;
  /** 1 + the systems (other than its own) whose best is better; null when it is partial */
  rank: number | null;
  /** the ranked systems on the board, counting this one's system once */
  of: number;
  /** it is the row the board shows for its system (public, its system's best) */
  shown: boolean;
  /** the board's simultaneous 95% interval of its rank (shown rows, once computed) */
  interval: { lo: number; hi: number } | null;
  /** its own (marginal) 95% rank interval: the question about this row alone, narrower */
  ownInterval: { lo: number; hi: number } | null;
  /** the interval is being computed (the board just changed) */
  intervalPending: boolean;
  /** each baseline's value, and whether this one beats it */
  baselines: { model: string; value: number; beats: boolean }[];
  /** its place among its system's complete scored submissions on the release, any visibility */
  system: { position: number; of: number };
  /** the best other system's row, and this one's distance to it (signed: negative when behind) */
  leader: { submissionId: string; model: string; team: string | null; value: number; gap: number } | null;
}

interface Subject {
  id: string;
  releaseId: string;
  teamId: string | null;
  model: string;
  primary: number | null;
  partial: boolean;
  better: "higher" | "lower";
}

/** The standing of a submission on a release, from its stored score (null: not scored there, or hidden). */
export async function standingOf(db: PrismaClient, submissionId: string, releaseId: string): Promise<Standing | null> {
  const rows = await scoreOnRelease(sqlOf(db), submissionId, releaseId);
  const r = rows[0];
  if (!r || r.baseline) return null;
  const task = await getTaskById(db, r.task_id);
  const column = task.kind.columns(task.options).find((c) => c.key === task.primaryMetric);
  return submissionStanding(db, {
    id: submissionId,
    releaseId,
    teamId: r.team_id,
    model: r.model,
    primary: r.primary_value,
    partial: r.partial,
    better: column?.better ?? "higher",
  });
}

/** The standing of a scored submission on a public release (null on a hidden one, or without a value). */
export async function submissionStanding(db: PrismaClient, s: Subject): Promise<Standing | null> {
  if (s.primary === null) return null;
  const release = await db.release.findUnique({
    where: { id: s.releaseId },
    select: { id: true, boardVersion: true, hidden: true },
  });
  // a hidden release: the Ladder decides what is shown (its own note says it)
  if (!release || release.hidden) return null;
  const [board, own] = await Promise.all([getBoard(db, release), systemValues(db, s)]);
  const beats = (a: number, b: number) => (s.better === "higher" ? a > b : a < b);
  const value = s.primary;
  const ranked = board.best.filter((r) => r.rank !== null);
  const mine = ranked.find((r) => r.submissionId === s.id) ?? null;
  const others = ranked.filter((r) => r.submissionId !== s.id && !sameSystem(r, s, own.teamSlug));
  const ahead = others.filter((r) => r.primary !== null && beats(r.primary, value)).length;
  const values = own.values.length ? own.values : [value];
  return {
    value,
    rank: s.partial ? null : ahead + 1,
    of: others.length + 1,
    shown: mine !== null,
    interval: mine?.rankIntervalSimultaneous ?? null,
    ownInterval: mine?.rankInterval ?? null,
    intervalPending: mine?.significancePending ?? false,
    baselines: board.best
      .filter((r) => r.baseline && r.primary !== null)
      .map((r) => ({ model: r.model, value: r.primary!, beats: beats(value, r.primary!) })),
    system: { position: 1 + values.filter((v) => beats(v, value)).length, of: values.length },
    leader: leaderOf(others, value, s.better),
  };
}

/** The best of the other ranked systems, and the gap to it (positive: ahead of it). */
function leaderOf(
  others: { submissionId: string; model: string; team: string | null; primary: number | null }[],
  value: number,
  better: "higher" | "lower",
): Standing["leader"] {
  const sign = better === "higher" ? 1 : -1;
  let best: (typeof others)[number] | null = null;
  for (const r of others) if (r.primary !== null && (best === null || sign * (r.primary - best.primary!) > 0)) best = r;
  if (!best) return null;
  const v = best.primary!;
  return { submissionId: best.submissionId, model: best.model, team: best.team, value: v, gap: sign * (value - v) };
}

const sameSystem = (r: { model: string; teamSlug: string | null }, s: Subject, teamSlug: string | null) =>
  r.model === s.model && teamSlug !== null && r.teamSlug === teamSlug;

/** The primary values of the system's complete scored submissions on the release, and its team's slug. */
async function systemValues(db: PrismaClient, s: Subject) {
  const sql = sqlOf(db);
  const [rows, team] = await Promise.all([
    systemPrimaryValues(sql, s.releaseId, s.model, s.teamId),
    s.teamId ? teamSlug(sql, s.teamId) : [],
  ]);
  return {
    values: rows.flatMap((r) => (r.v === null ? [] : [r.v])),
    teamSlug: team[0]?.slug ?? null,
  };
}
