import { describe, expect, it } from "vitest";
import { biasCorrected, judgeAgreement } from "./judge-agreement";

describe("biasCorrected (Lee et al. 2025)", () => {
  // reference: the authors' llm_judge_reporting/calibration.py (point_estimator, confidence_interval)
  // run on these inputs with numpy/scipy
  const cases: [number, number, number, number, number, number, number, number, number][] = [
    [0.3, 0.9, 0.8, 500, 100, 60, 0.2857142857142856, 0.18844259129239183, 0.38041444851619277],
    [0.05, 0.95, 0.7, 900, 150, 40, 0, 0, 0.05301635875612756],
    [0.6, 0.7, 0.75, 200, 30, 25, 0.6666666666666663, 0.364745249658105, 1],
    [0.01, 0.99, 0.9, 1000, 500, 20, 0, 0, 0.0133819259603011],
  ];
  it.each(cases)("p=%s q0=%s q1=%s n=%s m0=%s m1=%s", (p, q0, q1, n, m0, m1, value, low, high) => {
    const r = biasCorrected({ p, n }, { q0, m0, q1, m1 })!;
    expect(r.value).toBeCloseTo(value, 12);
    expect(r.low).toBeCloseTo(low, 12);
    expect(r.high).toBeCloseTo(high, 12);
  });
  it("is undefined for a judge no better than chance, or an empty set", () => {
    expect(biasCorrected({ p: 0.3, n: 100 }, { q0: 0.5, m0: 10, q1: 0.5, m1: 10 })).toBeNull();
    expect(biasCorrected({ p: 0.3, n: 100 }, { q0: 0.9, m0: 0, q1: 0.8, m1: 10 })).toBeNull();
  });
  it("a perfect judge changes nothing", () => {
    expect(biasCorrected({ p: 0.42, n: 100 }, { q0: 1, m0: 50, q1: 1, m1: 50 })!.value).toBeCloseTo(0.42, 12);
  });
});

describe("judgeAgreement", () => {
  it("counts sensitivity and specificity of the positive class, and κ over all", () => {
    const pairs = [
      { human: "bug_hit", judge: "bug_hit" },
      { human: "bug_hit", judge: "noise" },
      { human: "noise", judge: "noise" },
      { human: "valid_suggestion", judge: "bug_hit" },
      { human: "valid_suggestion", judge: "valid_suggestion" },
    ];
    const a = judgeAgreement(pairs, "bug_hit");
    expect(a).toMatchObject({ n: 5, positives: 2, negatives: 3, sensitivity: 0.5, agreement: 0.6 });
    expect(a.specificity).toBeCloseTo(2 / 3, 12);
    // sklearn.metrics.cohen_kappa_score(human, judge) = 0.4117647058823529
    expect(a.kappa).toBeCloseTo(0.4117647058823529, 12);
  });
});
