import { safeDivide } from "./assert";

export type CommentJudgment = "bug_hit" | "valid_suggestion" | "noise";

export interface ReviewCounts {
  /** PRs reviewed */
  prs: number;
  /** PRs with at least one bug_hit comment */
  hit: number;
  bugHit: number;
  validSuggestion: number;
  noise: number;
}

export interface ReviewMetrics {
  recall: number;
  precision: number;
  f1: number;
  usefulness: number;
  /** (bug_hit + valid_suggestion) / noise; null when there is no noise (shown as ∞) */
  snr: number | null;
}

/**
 * CR-Bench metrics (METRICS.md §6; paper §5, Eq. 2–6): recall = PRs with a bug hit / PRs (each gold bug
 * once); precision = bug_hit comments / comments; f1 their harmonic mean; usefulness =
 * (bug_hit + valid_suggestion) / comments; snr = (bug_hit + valid_suggestion) / noise.
 * @example reviewMetrics({ prs: 174, hit: 57, bugHit: 57, validSuggestion: 682, noise: 379 }).f1 // 0.088235
 * @throws RangeError on negative counts, hit > prs, or no PRs
 */
export function reviewMetrics(c: ReviewCounts): ReviewMetrics {
  if (c.prs <= 0) throw new RangeError("reviewMetrics: no PRs");
  if ([c.hit, c.bugHit, c.validSuggestion, c.noise].some((x) => x < 0) || c.hit > c.prs)
    throw new RangeError("reviewMetrics: invalid counts");
  const comments = c.bugHit + c.validSuggestion + c.noise;
  const recall = c.hit / c.prs;
  const precision = safeDivide(c.bugHit, comments);
  const f1 = safeDivide(2 * precision * recall, precision + recall);
  return {
    recall,
    precision,
    f1,
    usefulness: safeDivide(c.bugHit + c.validSuggestion, comments),
    snr: c.noise === 0 ? null : (c.bugHit + c.validSuggestion) / c.noise,
  };
}

/**
 * CR-Bench's Eq. 2 as written: total bug hits / total bugs — bug-hit comments over PRs (one gold
 * bug each). Equals PR-level recall when no review hits its bug more than once; above it otherwise.
 * @example bugHitRecall({ prs: 4, bugHit: 3 }) // 0.75
 * @throws RangeError on no PRs or negative counts
 */
export function bugHitRecall(c: Pick<ReviewCounts, "prs" | "bugHit">): number {
  if (c.prs <= 0) throw new RangeError("bugHitRecall: no PRs");
  if (c.bugHit < 0) throw new RangeError("bugHitRecall: invalid counts");
  return c.bugHit / c.prs;
}

/**
 * CR-Bench's F1 as the paper defines it (§5): Eq. 4's harmonic mean of Eq. 3's precision
 * (bug-hit comments / comments) and Eq. 2's recall (bug-hit comments / bugs, `bugHitRecall`):
 * F1 = 2·P·R / (P + R), 0 when both are 0. Equals `reviewMetrics(c).f1` (recall per PR) when no
 * review hits its bug more than once, and lies above it otherwise; since Eq. 2's recall may exceed
 * 1, so may this F1 (one PR, two bug-hit comments, nothing else: P = 1, R = 2, F1 = 4/3).
 * @example bugHitF1({ prs: 4, bugHit: 3, validSuggestion: 3, noise: 4 }) // 0.428571 (P 0.3, R 0.75)
 * @throws RangeError on no PRs or negative counts
 */
export function bugHitF1(c: Pick<ReviewCounts, "prs" | "bugHit" | "validSuggestion" | "noise">): number {
  if (c.prs <= 0) throw new RangeError("bugHitF1: no PRs");
  if ([c.bugHit, c.validSuggestion, c.noise].some((x) => x < 0)) throw new RangeError("bugHitF1: invalid counts");
  const precision = safeDivide(c.bugHit, c.bugHit + c.validSuggestion + c.noise);
  const recall = bugHitRecall(c);
  return safeDivide(2 * precision * recall, precision + recall);
}
