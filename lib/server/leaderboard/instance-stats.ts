// Per-instance aggregates of a release — how many systems covered each instance and how many got
// it right, and the board's top systems' outcomes — added up from the outcome bitsets written
// with each score (lib/server/scoring/outcomes.ts). Cached per (release, board_version), like
// the board: the triggers that move board_version on every score, visibility or moderation
// change make a stale entry unreachable in every process. No prediction is read.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { Lru } from "@/lib/server/cache";
import { sqlOf } from "@/lib/server/db";
import { outcomeAt, sumOutcomes } from "@/lib/server/scoring";
import { getBoard } from "./leaderboard";
import { countedOutcomes } from "./instance-stats.sql";

/** How many of the board's ranked systems the instance pages show outcomes of. */
export const TOP_SYSTEMS = 10;

export interface CountedSystem {
  submissionId: string;
  model: string;
  team: string | null;
  teamSlug: string | null;
  rank: number | null;
  bits: Uint8Array | null;
}

export interface InstanceStats {
  n: number;
  /** per instance position: systems that predicted it, and that were right */
  covered: Int32Array;
  right: Int32Array;
  /** systems whose outcomes are counted (those still without stored outcomes are not) */
  counted: number;
  /** counted systems still waiting for their outcomes (scores from before they were stored) */
  pending: number;
  /** every counted system in board order (ranked first), with its bitset */
  systems: CountedSystem[];
  top: CountedSystem[];
}

const cache = new Lru<Promise<InstanceStats>>(32);

export function instanceStats(
  db: PrismaClient,
  release: { id: string; boardVersion: bigint; hidden: boolean; instanceCount: number },
): Promise<InstanceStats> {
  const key = `${release.id}:${release.boardVersion}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = build(db, release);
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

async function build(
  db: PrismaClient,
  release: { id: string; boardVersion: bigint; hidden: boolean; instanceCount: number },
): Promise<InstanceStats> {
  const n = release.instanceCount;
  const rows = await countedOutcomes(sqlOf(db), release.id);
  let systems: CountedSystem[];
  if (release.hidden) {
    // a hidden release: every counted system in upload order and without ranks (the board's
    // order and its Ladder releases say nothing here); the bitsets only tell which instances a
    // system predicted — pages never show a hidden release's outcomes or shares
    systems = rows.map((r) => ({
      submissionId: r.submission_id,
      model: r.model,
      team: r.team,
      teamSlug: r.team_slug,
      rank: null,
      bits: r.outcomes ? new Uint8Array(r.outcomes) : null,
    }));
  } else {
    // board order: ranked rows by rank, then the rest as the board lists them (baselines are not counted)
    const bitsOf = new Map(rows.map((r) => [r.submission_id, r]));
    systems = [];
    for (const b of (await getBoard(db, release)).all) {
      const r = bitsOf.get(b.submissionId);
      if (!r) continue;
      systems.push({
        submissionId: b.submissionId,
        model: b.model,
        team: r.team,
        teamSlug: r.team_slug,
        rank: b.rank,
        bits: r.outcomes ? new Uint8Array(r.outcomes) : null,
      });
    }
  }
  const { covered, right, counted } = sumOutcomes(
    systems.map((s) => s.bits),
    n,
  );
  const top = systems.filter((s) => s.rank !== null).slice(0, TOP_SYSTEMS);
  return { n, covered, right, counted, pending: systems.length - counted, systems, top };
}

/** The share of counted systems right on instance `i` (null when none covered it). */
export function shareRight(s: InstanceStats, i: number): number | null {
  return s.covered[i] ? s.right[i] / s.covered[i] : null;
}

/** A system's outcome on instance `i`: true right, false wrong, null not predicted. */
export function systemOutcome(s: InstanceStats, sys: CountedSystem, i: number): boolean | null {
  return outcomeAt(sys.bits, s.n, i);
}
