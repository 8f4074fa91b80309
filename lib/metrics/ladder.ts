import { intervalFromReplicates, pairedIntervalFromReplicates } from "./bootstrap-replicates";

/**
 * The Ladder (Blum & Hardt, "The Ladder: A Reliable Leaderboard for Machine Learning
 * Competitions", ICML 2015), with the paired bootstrap as its significance test: what a
 * leaderboard on a hidden test set may tell a team about each of its submissions, in order.
 *
 * - A team's first submission is released; its margin is the half-width of its own 95% bootstrap
 *   interval.
 * - A later one is released only when its primary metric beats the team's best released one by
 *   more than the margin of the 95% paired bootstrap of the difference (half the width of the
 *   percentile interval of the paired replicate differences); that half-width is its margin.
 * - Released values are shown rounded to the margin (`roundToMargin`), and the margin itself is
 *   coarsened to one significant digit, rounded up, and never below 1/n (`quantizeMargin`), so
 *   that neither moves when a single prediction does, except across a rounding boundary.
 * A submission that is not released shows nothing new: the adaptive loop a team could run
 * against the hidden labels gets at most one bit per submission, and only for real improvements.
 *
 * Against many accounts (issue 16): deterministic rounding on one grid for everyone lets fresh
 * accounts, each with a first submission one instance larger than the last, find where the
 * rounded value steps and so read labels. So, as in the Shaky Ladder (Hardt 2017), released
 * values are rounded with a secret dither (`ditheredRound`: the grid point nearest to
 * value + (u − ½)·3·margin, u drawn per scored prediction set from a server secret) — within two
 * margins of the truth, unbiased, but a one-instance change moves it by a coin flip's worth — and
 * the improvement test's threshold is jittered by up to ±JITTER of the margin (`jitter`).
 */

export interface LadderEntry {
  /** the primary metric on every hidden instance (null: undefined) */
  primary: number | null;
  /** its replicates on the release's fixed bootstrap resamples */
  replicates: Float64Array | null;
  /** in [−1, 1]: moves this entry's improvement threshold by jitter × JITTER × the margin (0: none) */
  jitter?: number;
}

/** How far (as a share of the margin) the improvement threshold is jittered. */
export const JITTER = 0.5;

/**
 * How wide the dither is, in steps. The error of a released value is uniform noise of this width
 * plus the rounding's: at most (DITHER_WIDTH + 1) / 2 steps, standard deviation
 * √(W² + 1)/√12 ≈ 0.91 steps for W = 3. Two released values then differ by noise of standard
 * deviation ≈ 1.29 steps, against which a one-instance change (≈ 1/n; the step is ≳ 2/√n for
 * an accuracy-like metric) is a small fraction: the sign of a difference tells a label with
 * probability ½ + O(1/√n) (0.54 at n = 60, measured in test/integration/ladder-attack.test.ts).
 */
export const DITHER_WIDTH = 3;

/**
 * Rounds with a dither: the multiple of `step` nearest to value + (u − ½)·DITHER_WIDTH·step, for u
 * in [0, 1). The result is within (DITHER_WIDTH + 1)/2 steps of the value; its mean over u is the
 * value (up to the rounding of the grid's ends).
 * @example ditheredRound(0.6123, 0.04, 0.5) // 0.6 (u = ½: plain rounding)
 */
export function ditheredRound(value: number, step: number, u: number): number {
  if (!(step > 0)) return value;
  return roundToMargin(value + (u - 0.5) * DITHER_WIDTH * step, step);
}

export interface LadderDecision {
  released: boolean;
  /** the (quantized) margin a released value is rounded to; null when not released */
  margin: number | null;
  reason: "first" | "improved" | "not_improved" | "undefined";
}

/**
 * A margin coarsened to one significant digit, rounded up, and at least 1/n.
 * @example quantizeMargin(0.0371, 40) // 0.04
 */
export function quantizeMargin(margin: number, n: number): number {
  const x = Math.max(Number.isFinite(margin) ? Math.abs(margin) : 0, n > 0 ? 1 / n : 0.001, 1e-6);
  const e = Math.pow(10, Math.floor(Math.log10(x)));
  const digit = Math.ceil(x / e - 1e-9);
  return Number((digit * e).toPrecision(1));
}

/** Decimals that print a multiple of a one-digit margin exactly. @example marginDecimals(0.04) // 2 */
export function marginDecimals(margin: number): number {
  return margin >= 1 ? 0 : Math.ceil(-Math.log10(margin) - 1e-9);
}

/**
 * The nearest multiple of the margin (the Ladder's [x]_η), printed exactly.
 * @example roundToMargin(0.6123, 0.04) // 0.6
 */
export function roundToMargin(value: number, margin: number): number {
  if (!(margin > 0)) return value;
  return Number((Math.round(value / margin) * margin).toFixed(marginDecimals(margin)));
}

function halfWidth(r: { low: number; high: number }): number {
  return (r.high - r.low) / 2;
}

/**
 * The Ladder's decisions for one team's submissions, in submission order.
 * @param n the number of hidden instances (the floor of every margin is 1/n)
 * @param better whether higher or lower values of the primary metric are better
 */
export function ladderDecisions(entries: LadderEntry[], opts: { n: number; better: "higher" | "lower"; level?: number }): LadderDecision[] {
  const level = opts.level ?? 0.95;
  const sign = opts.better === "lower" ? -1 : 1;
  let best: LadderEntry | null = null;
  return entries.map((e) => {
    if (e.primary === null || !Number.isFinite(e.primary) || !e.replicates) return { released: false, margin: null, reason: "undefined" as const };
    if (!best) {
      let own: number;
      try {
        own = halfWidth(intervalFromReplicates(e.replicates, level));
      } catch {
        own = 0;
      }
      best = e;
      return { released: true, margin: quantizeMargin(own, opts.n), reason: "first" as const };
    }
    let half: number;
    try {
      half = halfWidth(pairedIntervalFromReplicates(e.replicates, best.replicates!, e.primary - best.primary!, level));
    } catch {
      return { released: false, margin: null, reason: "not_improved" as const };
    }
    const gain = sign * (e.primary - best.primary!);
    const threshold = half * (1 + JITTER * Math.max(-1, Math.min(1, e.jitter ?? 0)));
    if (gain > threshold && gain > 0) {
      best = e;
      return { released: true, margin: quantizeMargin(half, opts.n), reason: "improved" as const };
    }
    return { released: false, margin: null, reason: "not_improved" as const };
  });
}
