// CR-Bench's metrics (lib/metrics/code-review.ts): the per-PR F1 of METRICS.md §6 and the paper's
// own F1 on Eq. 2's recall, against hand computations.
import { describe, expect, it } from "vitest";
import { bugHitF1, bugHitRecall, reviewMetrics } from "./code-review";

describe("bugHitF1 (Eq. 4 on Eq. 2's recall and Eq. 3's precision)", () => {
  it.each([
    // prs, hit, bugHit, valid, noise → F1 per PR, F1 (Eq. 2)
    // one review hits its bug twice: P = 3/10, R per PR = 2/4, R (Eq. 2) = 3/4
    { c: { prs: 4, hit: 2, bugHit: 3, validSuggestion: 3, noise: 4 }, f1: 0.375, f1Hits: 3 / 7 },
    // the paper's Table 4 (Reflexion + GPT-5.2): one hit per hit PR, the two agree
    { c: { prs: 174, hit: 57, bugHit: 57, validSuggestion: 682, noise: 379 }, f1: 0.088235, f1Hits: 0.088235 },
    // no bug hit at all: both 0
    { c: { prs: 3, hit: 0, bugHit: 0, validSuggestion: 2, noise: 1 }, f1: 0, f1Hits: 0 },
    // no comments: precision 0 (zero_division=0), both 0
    { c: { prs: 2, hit: 0, bugHit: 0, validSuggestion: 0, noise: 0 }, f1: 0, f1Hits: 0 },
  ])("$c", ({ c, f1, f1Hits }) => {
    expect(reviewMetrics(c).f1).toBeCloseTo(f1, 6);
    expect(bugHitF1(c)).toBeCloseTo(f1Hits, 6);
  });

  it("lies above the per-PR F1 when a review hits its bug more than once", () => {
    // 10 PRs, 4 with a hit, one of them with 3 bug-hit comments: 6 bug hits among 40 comments
    const c = { prs: 10, hit: 4, bugHit: 6, validSuggestion: 20, noise: 14 };
    // per PR: P 0.15, R 0.4 → 0.12 / 0.55; Eq. 2: P 0.15, R 0.6 → 0.18 / 0.75
    expect(reviewMetrics(c).f1).toBeCloseTo(0.12 / 0.55, 12);
    expect(bugHitRecall(c)).toBeCloseTo(0.6, 12);
    expect(bugHitF1(c)).toBeCloseTo(0.24, 12);
  });

  it("may exceed 1, as Eq. 2's recall may", () => {
    expect(bugHitF1({ prs: 1, bugHit: 2, validSuggestion: 0, noise: 0 })).toBeCloseTo(4 / 3, 12);
  });

  it("throws on no PRs or negative counts", () => {
    expect(() => bugHitF1({ prs: 0, bugHit: 0, validSuggestion: 0, noise: 0 })).toThrow(RangeError);
    expect(() => bugHitF1({ prs: 1, bugHit: 0, validSuggestion: -1, noise: 0 })).toThrow(RangeError);
  });
});
