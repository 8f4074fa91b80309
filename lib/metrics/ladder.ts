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
 * - Released values are shown rounded to the margin, and the margin itself is coarsened to one
 *   significant digit, rounded up, and never below 1/n (`quantizeMargin`), so that it does not
 *   move when a single prediction does.
 * A submission that is not released shows nothing new: the adaptive loop a team could run
 * against the hidden labels gets at most one bit per submission, and only for real improvements.
 *
 * Against many accounts (issue 16): deterministic rounding on one grid for everyone lets fresh
 * accounts, each with a first submission one instance larger than the last, find where the
 * rounded value steps and so read labels. So, after the Shaky Ladder (Hardt 2017), a released
 * value is `releaseValue`: the value plus Laplace noise (scale NOISE_SCALE steps, cut at
 * NOISE_CUTOFF steps) drawn per submission, rounded to a grid shifted by a secret offset per team;
 * and the improvement test's threshold is raised by a random share (up to JITTER) of its margin.
 * The draws come from the caller (lib/server/scoring/ladder.ts: HMAC-SHA256 under a server secret), so
 * this module stays pure and a test can switch them off.
 */

export interface LadderEntry {
  /** the primary metric on every hidden instance (null: undefined) */
  primary: number | null;
  /** its replicates on the release's fixed bootstrap resamples */
  replicates: Float64Array | null;
  /**
   * in [0, 1): raises this entry's improvement threshold from the margin m to m·(1 + jitter·JITTER)
   * (0 or absent: no noise; values outside [0, 1] are clamped). Only ever stricter: a threshold
   * lowered below a one-instance gain would release one-instance improvements and never
   * one-instance regressions, and so certify the label of the instance that changed.
   */
  jitter?: number;
}

/** How far (as a share of the margin) the improvement threshold may be raised. */
export const JITTER = 0.5;

/** The Laplace noise's scale b, in steps (margins): |noise| has median ≈ 0.32 steps (b·ln 2, a little less for the cut). */
export const NOISE_SCALE = 0.5;

/** Where the Laplace noise is cut, in steps (= 6b: the cut removes e⁻⁶ ≈ 0.25% of its mass). */
export const NOISE_CUTOFF = 3;

/** The largest |released − true| value: the noise's cut plus half a step of rounding. */
export const MAX_RELEASE_ERROR = NOISE_CUTOFF + 0.5;

/** The secret inputs of one released value. */
export interface ReleaseNoise {
  /** in [0, 1): the team's grid offset u — the grid is (k + u)·step; the same for all its submissions */
  offset: number;
  /** in [0, 1): the submission's draw for the noise (the quantile of a truncated Laplace) */
  draw: number;
}

/**
 * Laplace noise of scale b cut at ±cutoff, from a uniform draw u in [0, 1): the inverse of its
 * distribution function (the Laplace's, restricted to [−cutoff, cutoff]).
 * @example truncatedLaplace(0.5, 1, 3) // 0
 * @throws RangeError when b or cutoff is not positive
 */
export function truncatedLaplace(u: number, b: number, cutoff: number): number {
  if (!(b > 0) || !(cutoff > 0)) throw new RangeError("truncatedLaplace: scale and cutoff must be positive");
  const tail = 0.5 * Math.exp(-cutoff / b); // F(−cutoff)
  const p = tail + (1 - 2 * tail) * Math.min(Math.max(u, 0), 1);
  const z = p < 0.5 ? b * Math.log(2 * p) : -b * Math.log(2 * (1 - p));
  return Math.max(-cutoff, Math.min(cutoff, z)) + 0; // + 0: never −0
}

/**
 * What the Ladder shows of a value: value + z rounded to the grid (k + offset)·step, where z is
 * truncated Laplace noise of scale NOISE_SCALE·step (|z| ≤ NOISE_CUTOFF·step) — so the result is
 * within MAX_RELEASE_ERROR (3.5) steps of the value, within 2 steps at least 95% of the time
 * (|z| ≤ 1.5 steps: 1 − e⁻³), and unbiased over the draws (a uniform offset makes the rounding
 * unbiased; the noise is symmetric). Without noise (null) it is plain
 * rounding to the margin (`roundToMargin`), as before issue 16. Then clamped to [min, max] and,
 * for counts, to a whole number; printed to 1/100 of a step (both after the noise: they tell
 * nothing more).
 * @example releaseValue(0.6123, 0.04, null) // 0.6
 * @example releaseValue(0.6123, 0.04, { offset: 0.25, draw: 0.5 }) // 0.61 (z = 0: grid 0.01 + 0.04k)
 */
export function releaseValue(
  value: number,
  step: number,
  noise: ReleaseNoise | null,
  opts: { min?: number; max?: number; integer?: boolean } = {},
): number {
  if (!(step > 0) || !Number.isFinite(value)) return value;
  let v: number;
  if (!noise) v = roundToMargin(value, step);
  else {
    const z = truncatedLaplace(noise.draw, NOISE_SCALE * step, NOISE_CUTOFF * step);
    const u = noise.offset - Math.floor(noise.offset);
    v = (Math.round((value + z) / step - u) + u) * step;
    v = Number(v.toFixed(marginDecimals(step) + 2));
  }
  if (opts.min !== undefined) v = Math.max(opts.min, v);
  if (opts.max !== undefined) v = Math.min(opts.max, v);
  return opts.integer ? Math.round(v) : v;
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
export function ladderDecisions(
  entries: LadderEntry[],
  opts: { n: number; better: "higher" | "lower"; level?: number },
): LadderDecision[] {
  const level = opts.level ?? 0.95;
  const sign = opts.better === "lower" ? -1 : 1;
  let best: LadderEntry | null = null;
  return entries.map((e) => {
    if (e.primary === null || !Number.isFinite(e.primary) || !e.replicates)
      return { released: false, margin: null, reason: "undefined" as const };
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
    const threshold = half * (1 + JITTER * Math.max(0, Math.min(1, e.jitter ?? 0)));
    if (gain > threshold && gain > 0) {
      best = e;
      return { released: true, margin: quantizeMargin(half, opts.n), reason: "improved" as const };
    }
    return { released: false, margin: null, reason: "not_improved" as const };
  });
}
