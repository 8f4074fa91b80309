import { describe, expect, it } from "vitest";
import { evaluateAbstainValidate, filteredSuccessAtK, liftOf, passAtK, reviewMetrics, type AvBug } from "./index";

const T = (success: boolean, judgment: boolean, score: number, passesRegression = true) => ({
  success,
  judgment,
  score,
  passesRegression,
});

describe("filteredSuccessAtK", () => {
  it("averages pass@k over bugs that kept a trajectory", () => {
    const r = filteredSuccessAtK(
      [
        { n: 20, c: 3 },
        { n: 0, c: 0 },
        { n: 4, c: 1 },
      ],
      1,
    );
    expect(r.bugs).toBe(2);
    expect(r.value).toBeCloseTo((0.15 + 0.25) / 2, 12);
  });
  it("is 0 over no bugs", () => expect(filteredSuccessAtK([], 1)).toEqual({ value: 0, bugs: 0 }));
});

describe("evaluateAbstainValidate", () => {
  const bugs: AvBug[] = [
    {
      abstentionScore: 0.9,
      category: "a",
      trajectories: [T(true, true, 0.9), T(false, true, 0.6), T(false, false, 0.7), T(true, true, 0.2, false)],
    },
    { abstentionScore: 0.7, category: "a", trajectories: [T(false, true, 0.65), T(false, false, 0.1)] },
    { abstentionScore: 0.3, category: "b", trajectories: [T(true, true, 0.8), T(false, false, 0.0)] },
    { abstentionScore: 0.1, category: "b", trajectories: [T(false, false, 0.3), T(false, false, 0.2)] },
  ];
  const r = evaluateAbstainValidate(bugs);

  it("pass@1 without filters", () => {
    // bug pass@1 = c/n: 2/4, 0/2, 1/2, 0/2
    expect(r.pass_at_1).toBeCloseTo((0.5 + 0 + 0.5 + 0) / 4, 12);
  });
  it("abstention keeps bugs with score ≥ τ and all their trajectories", () => {
    expect(r.abstention_success_at_1).toBeCloseTo((0.5 + 0) / 2, 12);
    expect(r.abstention_at_tau).toEqual({ precision: 0.5, recall: 0.5, fpr: 0.5, kept: 2 });
  });
  it("validation drops regression failures first, then applies the judgment", () => {
    // bug1 keeps t1 (success), t2 → 1/2; bug2 keeps t1 → 0/1; bug3 keeps t1 → 1/1; bug4 none
    expect(r.validation_binary_success_at_1).toBeCloseTo((0.5 + 0 + 1) / 3, 12);
    expect(r.successAtK.validation_binary[0].bugs).toBe(3);
    expect(r.combined_binary_success_at_1).toBeCloseTo((0.5 + 0) / 2, 12);
  });
  it("percentile cutoffs over patch scores that pass the filter (0 when judged false)", () => {
    // filtered patch scores: 0.9, 0.6, 0, 0.65, 0, 0.8, 0, 0, 0
    const s = [0.9, 0.6, 0, 0.65, 0, 0.8, 0, 0, 0].sort((a, b) => a - b);
    const p75 = s[6] + (s[7] - s[6]) * 0;
    expect(r.cutoffs.p75).toBeCloseTo(p75, 12);
    // p75 = 0.65 → keeps 0.9, 0.65, 0.8 ; combined: bug1 (0.9 ✓ success), bug2 (0.65 ✗)
    expect(r.combined_p75_success_at_1).toBeCloseTo((1 + 0) / 2, 12);
  });
  it("wasserstein between abstention scores and empirical success", () => {
    expect(r.wasserstein).toBeGreaterThan(0);
    expect(r.prevalence.fixable).toBe(0.5);
  });
  it("pass@k for k up to 5 uses n' and c'", () => {
    expect(r.successAtK.no_filter[1].value).toBeCloseTo((passAtK(4, 2, 2) + 0 + passAtK(2, 1, 2) + 0) / 4, 12);
    expect(r.successAtK.no_filter).toHaveLength(5);
  });
  it("lift is null when nothing is kept or nothing succeeds", () => {
    expect(liftOf([], [{ n: 2, c: 1 }])).toBeNull();
    expect(liftOf([{ n: 1, c: 1 }], [{ n: 2, c: 0 }])).toBeNull();
    expect(liftOf([{ n: 1, c: 1 }], [{ n: 2, c: 1 }])).toBe(2);
  });
  it("throws on no bugs", () => expect(() => evaluateAbstainValidate([])).toThrow(RangeError));
});

describe("reviewMetrics (METRICS.md §6 check vector)", () => {
  it("Reflexion + GPT-5.2", () => {
    const m = reviewMetrics({ prs: 174, hit: 57, bugHit: 57, validSuggestion: 682, noise: 379 });
    expect(m.recall).toBeCloseTo(0.327586, 6);
    expect(m.precision).toBeCloseTo(0.050984, 6);
    expect(m.f1).toBeCloseTo(0.088235, 6);
    expect(m.usefulness).toBeCloseTo(0.661002, 6);
    expect(m.snr).toBeCloseTo(1.949868, 6);
  });
  it("snr is null without noise; zero comments give 0 precision", () => {
    expect(reviewMetrics({ prs: 2, hit: 0, bugHit: 0, validSuggestion: 0, noise: 0 })).toEqual({
      recall: 0,
      precision: 0,
      f1: 0,
      usefulness: 0,
      snr: null,
    });
  });
});

describe("evaluatePolicyAt", () => {
  it("agrees with evaluateAbstainValidate at τ = 0.5 and p75", async () => {
    const { evaluatePolicyAt } = await import("./abstain-validate");
    const bugs: AvBug[] = [
      {
        abstentionScore: 0.9,
        trajectories: [T(true, true, 0.9), T(false, true, 0.6), T(false, false, 0.7), T(true, true, 0.2, false)],
      },
      { abstentionScore: 0.7, trajectories: [T(false, true, 0.65), T(false, false, 0.1)] },
      { abstentionScore: 0.3, trajectories: [T(true, true, 0.8), T(false, false, 0.0)] },
    ];
    const full = evaluateAbstainValidate(bugs);
    const p = evaluatePolicyAt(bugs, 0.5, 75);
    expect(p.cutoff).toBe(full.cutoffs.p75);
    expect(p.funnel[2].success_at_1).toBeCloseTo(full.combined_p75_success_at_1, 12);
    expect(p.funnel[1].success_at_1).toBeCloseTo(full.abstention_success_at_1, 12);
    expect(p.abstention).toEqual({
      precision: full.abstention_at_tau.precision,
      recall: full.abstention_at_tau.recall,
      fpr: full.abstention_at_tau.fpr,
    });
  });
});

describe("the paper's full protocol (issue 20): patches, (pass & validation)@k, validation-only bugs", () => {
  const NP = (success: boolean, judgment: boolean, score: number) => ({
    ...T(success, judgment, score),
    hasPatch: false,
  });
  const bugs: AvBug[] = [
    // two of four trajectories produced no patch (one of them "succeeds" on an empty diff: never shown)
    {
      abstentionScore: 0.9,
      trajectories: [T(true, true, 0.9), T(false, true, 0.6), NP(true, false, 0), NP(false, false, 0)],
    },
    { abstentionScore: 0.7, trajectories: [T(false, true, 0.65), T(true, false, 0.1)] },
    { abstentionScore: 0.2, trajectories: [T(true, true, 0.8), T(false, false, 0)] },
  ];
  const r = evaluateAbstainValidate(bugs, { maxK: 4 });

  it("Figure 9's abstention stage drops trajectories without a patch; the plain abstention keeps them", () => {
    // kept bugs 1, 2: with patches only: 1/2 and 1/2; all trajectories: 2/4 and 1/2
    expect(r.abstention_patch_success_at_1).toBeCloseTo((0.5 + 0.5) / 2, 12);
    expect(r.abstention_success_at_1).toBeCloseTo((0.5 + 0.5) / 2, 12);
    expect(r.successAtK.abstention_patch[0].bugs).toBe(2);
  });
  it("a trajectory without a patch never reaches validation (nor the percentile cutoffs)", () => {
    // filtered patch scores: 0.9, 0.6, 0.65, 0 (rejected), 0.8, 0 (the two patch-less ones left out)
    const s = [0, 0, 0.6, 0.65, 0.8, 0.9];
    const p75 = s[3] + (s[4] - s[3]) * 0.75;
    expect(r.cutoffs.p75).toBeCloseTo(p75, 12);
    expect(r.zeroShare).toBeCloseTo(2 / 6, 12);
    // binary validation: bug1 keeps t1 (✓), t2 (✗) → 1/2; bug2 keeps t1 (✗) → 0; bug3 keeps t1 (✓) → 1
    expect(r.validation_binary_success_at_1).toBeCloseTo((0.5 + 0 + 1) / 3, 12);
  });
  it("(pass & validation)@k counts trajectories that both succeed and are accepted, over all of a bug's trajectories", () => {
    // binary: bug1 c = 1 of n = 4; bug2 c = 0 of 2; bug3 c = 1 of 2
    for (let k = 1; k <= 4; k++)
      expect(r.passAndValidationAtK.binary[k - 1]).toBeCloseTo(
        (passAtK(4, 1, k) + passAtK(2, 0, k) + passAtK(2, 1, k)) / 3,
        12,
      );
    expect(r.passAndValidationAtK.binary[0]).toBeCloseTo((0.25 + 0 + 0.5) / 3, 12);
    // no stricter decision resolves more bugs than pass@k itself
    for (const d of ["binary", "p75", "p90"] as const)
      r.passAndValidationAtK[d].forEach((v, i) =>
        expect(v).toBeLessThanOrEqual(r.successAtK.no_filter[i].value + 1e-12),
      );
  });
  it("validation-only bugs are always attempted and left out of the abstention metrics", () => {
    const mixed = evaluateAbstainValidate([{ ...bugs[0], abstentionScore: 0, validationOnly: true }, bugs[1], bugs[2]]);
    // abstention over bugs 2 and 3 only: fixable both; bug2 attempted (0.7), bug3 not (0.2)
    expect(mixed.abstention_at_tau).toEqual({ precision: 1, recall: 0.5, fpr: 0, kept: 1 });
    // bug1 (validation-only) is kept by the combined policy whatever its score
    expect(mixed.successAtK.combined_binary[0].bugs).toBe(2);
    const only = evaluateAbstainValidate(bugs.map((b) => ({ ...b, validationOnly: true })));
    expect(only.abstention_ap).toBeNull();
    expect(only.wasserstein).toBeNull();
    expect(only.abstentionCurve).toBeNull();
    expect(only.combined_binary_success_at_1).toBe(only.validation_binary_success_at_1);
  });
});
