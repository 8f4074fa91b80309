// The Abstain-and-Validate additions of issue 33: trajectories without a validation (rejected),
// the FPR at the percentile cutoffs (§6.2), Table 4's classes, (validation recall)@k (Figure 14)
// and success@k at every k — by hand and against numpy / scikit-learn and the paper's formula.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { evaluateAbstainValidate, evaluatePolicyAt, maxKOf, passAtK, seededRandom, type AvBug } from "./index";

const PY = [process.env.PYTHON, "python3", "/usr/bin/python3"].find(
  (p) => p && spawnSync(p, ["-c", "import sklearn, numpy"], { encoding: "utf8" }).status === 0,
);
if (!PY && process.env.SKLEARN_REQUIRED === "1") throw new Error("scikit-learn is not importable");

type Traj = AvBug["trajectories"][number];
const T = (success: boolean, judgment: boolean, score: number, passesRegression = true): Traj => ({
  success,
  judgment,
  score,
  passesRegression,
});
/** a trajectory the upload has no validation for (as toBug builds it) */
const U = (success: boolean, passesRegression = true): Traj => ({
  ...T(success, false, 0, passesRegression),
  judged: false,
});

describe("trajectories without a validation count as rejected", () => {
  // the paper's shape: judgments only where the regression check passed (and one that passed but
  // was removed by the final-test heuristic, b2's U(false))
  const bugs: AvBug[] = [
    { abstentionScore: 0.8, trajectories: [T(true, true, 0.9), T(false, true, 0.6), U(true, false), U(false, false)] },
    { abstentionScore: 0.6, trajectories: [T(false, true, 0.7), T(true, false, 0), U(false)] },
    { abstentionScore: 0.2, trajectories: [T(true, true, 0.5), U(false, false)] },
  ];
  const explicit = bugs.map((b) => ({
    ...b,
    trajectories: b.trajectories.map((t) => ({ ...t, judged: undefined })),
  }));
  const r = evaluateAbstainValidate(bugs, { maxK: 4 });

  it("score exactly like an explicit rejection (judgment false, score 0)", () => {
    const e = evaluateAbstainValidate(explicit, { maxK: 4 });
    for (const k of [
      "validation_ap",
      "pass_at_1",
      "validation_binary_success_at_1",
      "combined_binary_success_at_1",
      "combined_p75_success_at_1",
      "combined_p90_success_at_1",
    ] as const)
      expect(r[k]).toBe(e[k]);
    expect(r.cutoffs).toEqual(e.cutoffs);
    expect(r.validation_at_p75).toEqual(e.validation_at_p75);
    expect(r.validationRecallAtK).toEqual(e.validationRecallAtK);
  });
  it("are counted: 4 in all, 1 of them passing the filter", () => {
    expect(r.unjudged).toEqual({ total: 4, passingFilter: 1 });
  });
  it("FPR at p75 and p90 by hand", () => {
    // filtered (passes regression): b1 0.9 ✓, 0.6 ✗; b2 0.7 ✗, 0 ✓(success, rejected), 0 ✗(unjudged); b3 0.5 ✓
    // sorted scores 0, 0, 0.5, 0.6, 0.7, 0.9: p75 at position 3.75 → 0.6 + 0.1·0.75 = 0.675; p90 at 4.5 → 0.8
    expect(r.cutoffs.p75).toBeCloseTo(0.675, 12);
    expect(r.cutoffs.p90).toBeCloseTo(0.8, 12);
    // p75 accepts 0.9 (✓) and 0.7 (✗): TP 1, FP 1, FN 2 (0 ✓ and 0.5 ✓), TN 2 (0.6, the unjudged)
    expect(r.validationCounts.p75.filtered).toEqual({ tp: 1, fp: 1, fn: 2, tn: 2 });
    expect(r.validation_at_p75).toEqual({ precision: 0.5, recall: 1 / 3, fpr: 1 / 3 });
    // p90 accepts 0.9 only
    expect(r.validation_at_p90).toEqual({ precision: 1, recall: 1 / 3, fpr: 0 });
    // binary accepts 0.9 ✓, 0.6 ✗, 0.7 ✗, 0.5 ✓
    expect(r.validationCounts.binary.filtered).toEqual({ tp: 2, fp: 2, fn: 1, tn: 1 });
    expect(r.validation_at_binary.fpr).toBeCloseTo(2 / 3, 12);
    // Table 4 over the judged ones only: the unjudged rejection leaves TN
    expect(r.validationCounts.binary.judged).toEqual({ tp: 2, fp: 2, fn: 1, tn: 0 });
  });
  it("(validation recall)@k over each bug's successful trajectories (Figure 14)", () => {
    // successful trajectories: b1 0.9 (shown by binary), U(true, fails regression: never shown) → n 2, c 1;
    // b2: T(true, false, 0) → n 1, c 0; b3: 0.5 → n 1, c 1 (binary), 0 at p75/p90
    for (let k = 1; k <= 4; k++) {
      expect(r.validationRecallAtK.binary[k - 1].value).toBeCloseTo((passAtK(2, 1, k) + 0 + 1) / 3, 12);
      expect(r.validationRecallAtK.p75[k - 1].value).toBeCloseTo((passAtK(2, 1, k) + 0 + 0) / 3, 12);
    }
    expect(r.validationRecallAtK.binary[0]).toEqual({ value: (0.5 + 0 + 1) / 3, bugs: 3 });
    // no decision shows more good patches than binary-or-better: p90 ≤ p75 ≤ binary here
    expect(r.validationRecallAtK.p90[0].value).toBeLessThanOrEqual(r.validationRecallAtK.p75[0].value);
  });
});

describe("success@k at every k", () => {
  const bugs: AvBug[] = [
    { abstentionScore: 0.9, trajectories: Array.from({ length: 7 }, (_, i) => T(i < 2, i < 3, 0.5 + i / 20)) },
    { abstentionScore: 0.4, trajectories: [T(true, true, 0.9), T(false, false, 0)] },
  ];
  it("maxKOf: the most trajectories a bug has, at most 50", () => {
    expect(maxKOf(bugs)).toBe(7);
    expect(maxKOf([{ trajectories: new Array(80).fill(0) }])).toBe(50);
  });
  it("the explorer reports every k the bugs support, and agrees with the scorer", () => {
    const p = evaluatePolicyAt(bugs, 0.5, 75);
    expect(p.successAtK).toHaveLength(7);
    const full = evaluateAbstainValidate(bugs, { maxK: 7 });
    p.successAtK.forEach((s, i) => expect(s.value).toBeCloseTo(full.successAtK.combined_p75[i].value, 12));
    expect(evaluatePolicyAt(bugs, 0.5, 75, 3).successAtK).toHaveLength(3);
    expect(() => evaluatePolicyAt(bugs, 0.5, 75, 0)).toThrow(RangeError);
  });
});

/** Seeded bugs with regression failures, patch-less and unjudged trajectories, scores on a 0.05 grid (ties). */
function makeBugs(seed: number): AvBug[] {
  const rand = seededRandom(seed);
  return Array.from({ length: 12 + Math.floor(rand() * 40) }, () => {
    const p = rand() < 0.35 ? rand() * 0.8 : 0;
    const n = 1 + Math.floor(rand() * 12);
    return {
      abstentionScore: Math.round(rand() * 20) / 20,
      trajectories: Array.from({ length: n }, () => {
        const success = rand() < p;
        const passesRegression = rand() < (success ? 0.9 : 0.6);
        const judged = passesRegression && rand() < 0.85;
        const judgment = judged && rand() < (success ? 0.7 : 0.35);
        return {
          success,
          passesRegression,
          judgment,
          score: judgment ? Math.round((0.4 + rand() * 0.6) * 20) / 20 : 0,
          ...(rand() < 0.05 ? { hasPatch: false } : {}),
          ...(judged ? {} : { judged: false }),
        };
      }),
    };
  });
}

const REFERENCE = `
import json, sys
from math import comb
import numpy as np
from sklearn.metrics import confusion_matrix

def pass_at_k(n, c, k):
    # METRICS.md §4 / the paper's §5.2: 1 - C(n-c, k) / C(n, k); 0 when c = 0, 1 when n - c < k
    if c == 0:
        return 0.0
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)

def mean_at_k(groups, k):
    kept = [(n, c) for n, c in groups if n > 0]
    return sum(pass_at_k(n, c, k) for n, c in kept) / len(kept) if kept else 0.0

out = []
for case in json.load(sys.stdin):
    bugs, K = case["bugs"], case["K"]
    passes = lambda t: t["passesRegression"] and t.get("hasPatch", True)
    ps = lambda t: t["score"] if t["judgment"] else 0.0
    flt = [t for b in bugs for t in b["trajectories"] if passes(t)]
    s = np.array([ps(t) for t in flt])
    cut = {"p75": float(np.percentile(s, 75)), "p90": float(np.percentile(s, 90))}
    dec = {"binary": lambda t: t["judgment"], "p75": lambda t: ps(t) >= cut["p75"], "p90": lambda t: ps(t) >= cut["p90"]}
    y = [int(t["success"]) for t in flt]
    rates = {}
    for d, f in dec.items():
        tn, fp, fn, tp = confusion_matrix(y, [int(f(t)) for t in flt], labels=[0, 1]).ravel()
        rates[d] = {"fpr": fp / (fp + tn) if fp + tn else 0.0, "precision": tp / (tp + fp) if tp + fp else 0.0,
                    "recall": tp / (tp + fn) if tp + fn else 0.0}
    att = lambda b: b["abstentionScore"] >= 0.5
    pol = {
        "no_filter": (lambda b: True, lambda t: True),
        "regression": (lambda b: True, passes),
        "validation_binary": (lambda b: True, lambda t: passes(t) and dec["binary"](t)),
        "combined_p75": (att, lambda t: passes(t) and dec["p75"](t)),
        "combined_p90": (att, lambda t: passes(t) and dec["p90"](t)),
    }
    sak = {}
    for p, (kb, kt) in pol.items():
        groups = []
        for b in bugs:
            if not kb(b):
                continue
            left = [t for t in b["trajectories"] if kt(t)]
            groups.append((len(left), sum(t["success"] for t in left)))
        sak[p] = [mean_at_k(groups, k) for k in range(1, K + 1)]
    vr = {}
    for d, f in dec.items():
        groups = []
        for b in bugs:
            good = [t for t in b["trajectories"] if t["success"]]
            groups.append((len(good), sum(1 for t in good if passes(t) and f(t))))
        vr[d] = [mean_at_k(groups, k) for k in range(1, K + 1)]
    out.append({"cut": cut, "rates": rates, "sak": sak, "vr": vr})
print(json.dumps(out))
`;

describe.skipIf(!PY)("against numpy / scikit-learn and the paper's success@k formula", () => {
  const cases = Array.from({ length: 12 }, (_, i) => {
    const bugs = makeBugs(100 + i);
    return { bugs, K: maxKOf(bugs) };
  });
  const run = spawnSync(PY!, ["-c", REFERENCE], { input: JSON.stringify(cases), encoding: "utf8" });
  const ref = run.status === 0 ? JSON.parse(run.stdout) : [];
  it("reference ran", () => expect(run.stderr).toBe(""));
  const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9);

  it.each(cases.map((c, i) => [i, c] as const))("case %i", (i, c) => {
    const want = ref[i];
    const r = evaluateAbstainValidate(c.bugs, { maxK: c.K });
    near(r.cutoffs.p75, want.cut.p75);
    near(r.cutoffs.p90, want.cut.p90);
    for (const [d, got] of [
      ["binary", r.validation_at_binary],
      ["p75", r.validation_at_p75],
      ["p90", r.validation_at_p90],
    ] as const) {
      near(got.fpr, want.rates[d].fpr);
      near(got.precision, want.rates[d].precision);
      near(got.recall, want.rates[d].recall);
    }
    for (const p of ["no_filter", "regression", "validation_binary", "combined_p75", "combined_p90"] as const) {
      expect(r.successAtK[p]).toHaveLength(c.K);
      r.successAtK[p].forEach((s, k) => near(s.value, want.sak[p][k]));
    }
    for (const d of ["binary", "p75", "p90"] as const)
      r.validationRecallAtK[d].forEach((s, k) => near(s.value, want.vr[d][k]));
    // the explorer at τ = 0.5, p75 is the combined-p75 policy at every k
    evaluatePolicyAt(c.bugs, 0.5, 75).successAtK.forEach((s, k) => near(s.value, want.sak.combined_p75[k]));
  });
});
