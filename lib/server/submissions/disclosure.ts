import type { Metrics } from "@/lib/tasks/types";
import type { Actor } from "@/lib/server/auth";

// What a score may tell whom (docs/security.md). On a release with public truth: everything. On a
// hidden release, everyone but admins sees only what the Ladder released (lib/server/scoring/ladder.ts):
// a released score's leaderboard metrics rounded to its margin, and nothing of one that was not —
// no interval, no per-instance detail, no chart built from instances.

export interface DisclosableScore {
  metrics: unknown;
  primaryValue: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  ladderReleased: boolean | null;
  ladderMargin: number | null;
  ladderPrimary: number | null;
  ladderMetrics: unknown;
}

export interface DisclosedScore {
  metrics: Metrics;
  primary: number | null;
  ci: { low: number; high: number } | null;
  /** hidden releases: what the Ladder decided (null on public releases) */
  ladder: { released: boolean; margin: number | null } | null;
  /** per-instance details, curves and charts may be shown */
  details: boolean;
  /** a hidden-release score whose numbers are withheld from this viewer */
  withheld: boolean;
}

export const NOT_RELEASED =
  "not a significant improvement over your best released submission: nothing new is shown (the Ladder)";

export function isAdmin(actor: Actor | null | undefined): boolean {
  return Boolean(actor?.isAdmin);
}

/** A score as this viewer may see it. */
export function discloseScore(
  score: DisclosableScore,
  release: { hidden: boolean },
  actor: Actor | null | undefined,
): DisclosedScore {
  const full = {
    metrics: (score.metrics ?? {}) as Metrics,
    primary: score.primaryValue,
    ci: score.ciLow !== null && score.ciHigh !== null ? { low: score.ciLow, high: score.ciHigh } : null,
  };
  if (!release.hidden) return { ...full, ladder: null, details: true, withheld: false };
  const ladder = { released: score.ladderReleased === true, margin: score.ladderMargin };
  if (isAdmin(actor)) return { ...full, ladder, details: true, withheld: false };
  if (ladder.released) {
    return {
      metrics: (score.ladderMetrics ?? {}) as Metrics,
      primary: score.ladderPrimary,
      ci: null,
      ladder,
      details: false,
      withheld: false,
    };
  }
  return { metrics: {}, primary: null, ci: null, ladder, details: false, withheld: true };
}

/** The metrics an upload's response carries: on a hidden release, what the Ladder released (admins: all). */
export function disclosedUpload(
  r: {
    hidden: boolean;
    metrics: Metrics;
    ladder: { released: boolean; margin: number | null; metrics: Metrics } | null;
  },
  actor: Actor | null | undefined,
): { metrics: Metrics; ladder?: { released: boolean; margin: number | null; message?: string } } {
  if (!r.hidden) return { metrics: r.metrics };
  if (!r.ladder) return { metrics: isAdmin(actor) ? r.metrics : {} }; // a dry run: validation only
  const ladder = {
    released: r.ladder.released,
    margin: r.ladder.margin,
    ...(r.ladder.released ? {} : { message: NOT_RELEASED }),
  };
  if (isAdmin(actor)) return { metrics: r.metrics, ladder };
  return { metrics: r.ladder.released ? r.ladder.metrics : {}, ladder };
}
