import { averagePrecision } from "./average-precision";
import { safeDivide } from "./assert";
import { filteredSuccessAtK, type SuccessAtK } from "./filtered-success-at-k";
import { passAtK } from "./pass-at-k";
import { countOutcome, type ConfusionCounts } from "./confusion-counts";

/** Precision, recall and false-positive rate of a decision (0 where undefined, as safeDivide). */
function decisionRates(c: ConfusionCounts) {
  return {
    precision: safeDivide(c.tp, c.tp + c.fp),
    recall: safeDivide(c.tp, c.tp + c.fn),
    fpr: safeDivide(c.fp, c.fp + c.tn),
  };
}
import { percentile } from "./percentile";
import { precisionRecallCurve, type PrCurve } from "./precision-recall-curve";
import { wasserstein } from "./wasserstein";

export interface AvTrajectory {
  /** held-out test passes (X_{b,i}) */
  success: boolean;
  /** deterministic build/test regression check; false drops the trajectory before validation */
  passesRegression: boolean;
  /** validation judgment j */
  judgment: boolean;
  /** validation confidence s ∈ [0, 1] */
  score: number;
  /** the trajectory produced a patch (absent: it did); one without is never a candidate to show */
  hasPatch?: boolean;
  /**
   * false: the upload carries no validation for it (the paper judges only trajectories its
   * deterministic checks keep, §3.2.1); it counts as rejected — judgment false, score 0
   */
  judged?: boolean;
}

/** What the threshold explorer sweeps (evaluatePolicyAt): one scored bug with its trajectories. */
export type ExplorerItem = AvBug;

export interface AvBug {
  /** abstention prediction P_a(b) ∈ [0, 1] (ignored on a validation-only bug) */
  abstentionScore: number;
  trajectories: AvTrajectory[];
  category?: string;
  /**
   * a machine-reported bug (the paper's NPE and sanitizer sets, RQ4): eligible for repair by
   * construction — always attempted, left out of the abstention metrics
   */
  validationOnly?: boolean;
}

export type AvPolicy =
  | "no_filter"
  | "abstention"
  | "abstention_patch"
  | "regression"
  | "validation_binary"
  | "validation_p75"
  | "validation_p90"
  | "combined_binary"
  | "combined_p75"
  | "combined_p90";

export const AV_POLICIES: AvPolicy[] = [
  "no_filter",
  "abstention",
  "abstention_patch",
  "regression",
  "validation_binary",
  "validation_p75",
  "validation_p90",
  "combined_binary",
  "combined_p75",
  "combined_p90",
];

/** The validation decisions (§3.2.6): the binary judgment, or the patch score ≥ the 75th / 90th percentile. */
export type AvDecision = "binary" | "p75" | "p90";
export const AV_DECISIONS: AvDecision[] = ["binary", "p75", "p90"];

export interface AvResult {
  /** null when every bug is validation-only */
  abstention_ap: number | null;
  validation_ap: number;
  pass_at_1: number;
  abstention_success_at_1: number;
  /** abstention, trajectories without a patch dropped (Figure 9's abstention stage) */
  abstention_patch_success_at_1: number;
  validation_binary_success_at_1: number;
  combined_binary_success_at_1: number;
  combined_p75_success_at_1: number;
  combined_p90_success_at_1: number;
  /** null when every bug is validation-only */
  wasserstein: number | null;
  /** abstention decision at τ against fixable, over the bugs that are not validation-only */
  abstention_at_tau: { precision: number; recall: number; fpr: number; kept: number };
  /** binary validation against trajectory success, over trajectories passing the regression filter */
  validation_at_binary: { precision: number; recall: number; fpr: number };
  /** validation at the p75 / p90 cutoff, over the same trajectories (§6.2: FPR 0.13 / 0.04) */
  validation_at_p75: { precision: number; recall: number; fpr: number };
  validation_at_p90: { precision: number; recall: number; fpr: number };
  /**
   * Confusion counts of each decision against trajectory success (Table 4's rows): over the
   * trajectories passing the filter (an unjudged one counts as rejected), and over the judged ones only
   */
  validationCounts: Record<AvDecision, { filtered: ConfusionCounts; judged: ConfusionCounts }>;
  /**
   * (validation recall)@k for k = 1..K (Appendix C.1, Figure 14): over the bugs with a successful
   * trajectory, the chance that of k successful ones sampled at least one is accepted (passes the
   * filter and the decision) — pass@k with n the bug's successful trajectories, c the accepted ones
   */
  validationRecallAtK: Record<AvDecision, SuccessAtK[]>;
  /** trajectories the upload has no validation for (counted as rejected): all, and among those passing the filter */
  unjudged: { total: number; passingFilter: number };
  prevalence: { fixable: number; trajectorySuccess: number };
  cutoffs: { p75: number; p90: number };
  /** share of the filtered trajectories whose patch score is 0 (≥ 0.75: p75 keeps every one of them) */
  zeroShare: number;
  /** success@k for k = 1..K under each policy */
  successAtK: Record<AvPolicy, SuccessAtK[]>;
  /**
   * (pass & validation)@k for k = 1..K (Figure 7): mean over all bugs of pass@k with n the bug's
   * trajectories and c those that both succeed and are accepted (filter + that decision)
   */
  passAndValidationAtK: Record<"binary" | "p75" | "p90", number[]>;
  /** null when every bug is validation-only */
  abstentionCurve: PrCurve | null;
  validationCurve: PrCurve | null;
}

/** The deterministic filter: the trajectory passes its regression checks and has a patch to show. */
export function passesFilter(t: AvTrajectory): boolean {
  return t.passesRegression && t.hasPatch !== false;
}

/** Abstention keeps the bug (a validation-only bug always: it is eligible by construction). */
export function isAttempted(b: AvBug, tau: number): boolean {
  return b.validationOnly === true || b.abstentionScore >= tau;
}

/** The patch score: 0 when the judgment is false, else the confidence. */
export function patchScore(t: AvTrajectory): number {
  return t.judgment ? t.score : 0;
}

/**
 * Evaluates the Abstain-and-Validate policies (METRICS.md §4; paper §3–5): abstention keeps a bug
 * iff P_a ≥ τ; the deterministic filter drops trajectories failing regression checks; validation
 * accepts a trajectory by its binary judgment or by its patch score ≥ the 75th/90th percentile of
 * all patch scores that pass the filter (computed once, across bugs, before abstention).
 * @example evaluateAbstainValidate([{ abstentionScore: 0.9, trajectories: [{ success: true, passesRegression: true, judgment: true, score: 0.8 }] }]).pass_at_1 // 1
 * @throws RangeError when bugs is empty or a bug has no trajectory
 */
export function evaluateAbstainValidate(bugs: AvBug[], opts: { tau?: number; maxK?: number } = {}): AvResult {
  if (bugs.length === 0) throw new RangeError("evaluateAbstainValidate: no bugs");
  const tau = opts.tau ?? 0.5;
  const maxK = opts.maxK ?? 5;
  for (const [i, b] of bugs.entries())
    if (!b.trajectories.length) throw new RangeError(`evaluateAbstainValidate: bug ${i} has no trajectory`);

  const fixable = bugs.map((b) => (b.trajectories.some((t) => t.success) ? 1 : 0));
  const empirical = bugs.map((b) => b.trajectories.filter((t) => t.success).length / b.trajectories.length);
  // the abstention metrics are over the bugs abstention applies to (not validation-only ones)
  const judged = bugs.flatMap((b, i) => (b.validationOnly ? [] : [i]));
  const aScores = judged.map((i) => bugs[i].abstentionScore);
  const aFixable = judged.map((i) => fixable[i]);

  const passes = passesFilter;
  const filtered = bugs.flatMap((b) => b.trajectories.filter(passes));
  const scores = filtered.map(patchScore);
  const cutoffs = scores.length
    ? { p75: percentile(scores, 75), p90: percentile(scores, 90) }
    : { p75: Infinity, p90: Infinity };

  const attempt = (b: AvBug) => isAttempted(b, tau);
  const decide = validationDecisions(cutoffs);
  const keep = policyFilters(attempt, decide);
  const passAndValidationAtK = passAndValidationCurves(bugs, decide, maxK);
  const successAtK = Object.fromEntries(
    AV_POLICIES.map((p) => {
      const g = bugs.filter(keep[p].bug).map((b) => {
        const left = b.trajectories.filter(keep[p].traj);
        return { n: left.length, c: left.filter((t) => t.success).length };
      });
      return [p, Array.from({ length: maxK }, (_, i) => filteredSuccessAtK(g, i + 1))];
    }),
  ) as Record<AvPolicy, SuccessAtK[]>;

  // abstention decision at τ (validation-only bugs are not abstention's to decide)
  const ab = { tp: 0, fp: 0, fn: 0, tn: 0 };
  bugs.forEach((b, i) => {
    if (!b.validationOnly) countOutcome(ab, fixable[i] === 1, attempt(b));
  });
  const validationCounts = validationConfusions(filtered, decide);
  const va = validationCounts.binary.filtered;
  const vTruth = filtered.map((t) => (t.success ? 1 : 0));
  const validationRecallAtK = validationRecallCurves(bugs, decide, maxK);

  return {
    abstention_ap: judged.length ? averagePrecision(aFixable, aScores) : null,
    validation_ap: filtered.length ? averagePrecision(vTruth, scores) : 0,
    pass_at_1: successAtK.no_filter[0].value,
    abstention_success_at_1: successAtK.abstention[0].value,
    abstention_patch_success_at_1: successAtK.abstention_patch[0].value,
    validation_binary_success_at_1: successAtK.validation_binary[0].value,
    combined_binary_success_at_1: successAtK.combined_binary[0].value,
    combined_p75_success_at_1: successAtK.combined_p75[0].value,
    combined_p90_success_at_1: successAtK.combined_p90[0].value,
    wasserstein: judged.length
      ? wasserstein(
          aScores,
          judged.map((i) => empirical[i]),
        )
      : null,
    abstention_at_tau: { ...decisionRates(ab), kept: ab.tp + ab.fp },
    validation_at_binary: decisionRates(va),
    validation_at_p75: decisionRates(validationCounts.p75.filtered),
    validation_at_p90: decisionRates(validationCounts.p90.filtered),
    validationCounts,
    validationRecallAtK,
    unjudged: {
      total: bugs.reduce((s, b) => s + b.trajectories.filter((t) => t.judged === false).length, 0),
      passingFilter: filtered.filter((t) => t.judged === false).length,
    },
    prevalence: {
      fixable: fixable.reduce((a: number, b) => a + b, 0) / bugs.length,
      trajectorySuccess: filtered.length ? vTruth.reduce((a: number, b) => a + b, 0) / filtered.length : 0,
    },
    cutoffs,
    zeroShare: filtered.length ? scores.filter((s) => s === 0).length / filtered.length : 0,
    successAtK,
    passAndValidationAtK,
    abstentionCurve: judged.length ? precisionRecallCurve(aFixable, aScores) : null,
    validationCurve: filtered.length ? precisionRecallCurve(vTruth, scores) : null,
  };
}

type Decide = Record<AvDecision, (t: AvTrajectory) => boolean>;

/** Validation's decisions: the binary judgment, or the patch score at least the p75 / p90 cutoff. */
function validationDecisions(cutoffs: { p75: number; p90: number }): Decide {
  return {
    binary: (t) => t.judgment,
    p75: (t) => patchScore(t) >= cutoffs.p75,
    p90: (t) => patchScore(t) >= cutoffs.p90,
  };
}

/** What each policy keeps: which bugs (abstention), and of them which trajectories (filter, validation). */
function policyFilters(
  attempt: (b: AvBug) => boolean,
  decide: Decide,
): Record<AvPolicy, { bug: (b: AvBug) => boolean; traj: (t: AvTrajectory) => boolean }> {
  const passes = passesFilter;
  return {
    no_filter: { bug: () => true, traj: () => true },
    abstention: { bug: attempt, traj: () => true },
    abstention_patch: { bug: attempt, traj: (t) => t.hasPatch !== false },
    regression: { bug: () => true, traj: passes },
    validation_binary: { bug: () => true, traj: (t) => passes(t) && decide.binary(t) },
    validation_p75: { bug: () => true, traj: (t) => passes(t) && decide.p75(t) },
    validation_p90: { bug: () => true, traj: (t) => passes(t) && decide.p90(t) },
    combined_binary: { bug: attempt, traj: (t) => passes(t) && decide.binary(t) },
    combined_p75: { bug: attempt, traj: (t) => passes(t) && decide.p75(t) },
    combined_p90: { bug: attempt, traj: (t) => passes(t) && decide.p90(t) },
  };
}

/** (pass & validation)@k for k = 1..maxK under each decision (Figure 7). */
function passAndValidationCurves(bugs: AvBug[], decide: Decide, maxK: number): AvResult["passAndValidationAtK"] {
  return Object.fromEntries(
    AV_DECISIONS.map((d) => {
      const counts = bugs.map((b) => ({
        n: b.trajectories.length,
        c: b.trajectories.filter((t) => t.success && passesFilter(t) && decide[d](t)).length,
      }));
      return [
        d,
        Array.from({ length: maxK }, (_, i) => counts.reduce((s, g) => s + passAtK(g.n, g.c, i + 1), 0) / bugs.length),
      ];
    }),
  ) as AvResult["passAndValidationAtK"];
}

/** Each validation decision over the filtered trajectories (and over the judged ones: Table 4). */
function validationConfusions(filtered: AvTrajectory[], decide: Decide): AvResult["validationCounts"] {
  return Object.fromEntries(
    AV_DECISIONS.map((d) => {
      const all = { tp: 0, fp: 0, fn: 0, tn: 0 };
      const judgedOnly = { tp: 0, fp: 0, fn: 0, tn: 0 };
      for (const t of filtered) {
        countOutcome(all, t.success, decide[d](t));
        if (t.judged !== false) countOutcome(judgedOnly, t.success, decide[d](t));
      }
      return [d, { filtered: all, judged: judgedOnly }];
    }),
  ) as AvResult["validationCounts"];
}

/** Figure 14: k of a bug's successful trajectories sampled; is one of them shown? */
function validationRecallCurves(bugs: AvBug[], decide: Decide, maxK: number): AvResult["validationRecallAtK"] {
  return Object.fromEntries(
    AV_DECISIONS.map((d) => {
      const groups = bugs.map((b) => {
        const good = b.trajectories.filter((t) => t.success);
        return { n: good.length, c: good.filter((t) => passesFilter(t) && decide[d](t)).length };
      });
      return [d, Array.from({ length: maxK }, (_, i) => filteredSuccessAtK(groups, i + 1))];
    }),
  ) as AvResult["validationRecallAtK"];
}

/**
 * Lift of a policy on a subset of bugs (paper Table 2): its filtered success@1 over the subset
 * divided by the subset's unfiltered pass@1. Null when the policy keeps none of the subset's
 * trajectories or none of them succeeds.
 */
export function liftOf(groupsKept: { n: number; c: number }[], groupsAll: { n: number; c: number }[]): number | null {
  const kept = filteredSuccessAtK(groupsKept, 1);
  const base = filteredSuccessAtK(groupsAll, 1);
  if (kept.bugs === 0 || base.value === 0) return null;
  return kept.value / base.value;
}

export interface PolicyPoint {
  tau: number;
  percentile: number;
  cutoff: number;
  abstention: { precision: number; recall: number; fpr: number };
  validation: { precision: number; recall: number; fpr: number };
  funnel: { stage: string; bugs: number; success_at_1: number }[];
  successAtK: SuccessAtK[];
}

/** success@k is reported up to the most trajectories a bug has (the paper's Figure 4: k = 20), at most 50. */
export const AV_MAX_K = 50;

/** The largest k the bugs support: their most trajectories, at most AV_MAX_K. */
export function maxKOf(bugs: { trajectories: unknown[] }[]): number {
  return Math.min(
    AV_MAX_K,
    bugs.reduce((m, b) => Math.max(m, b.trajectories.length), 1),
  );
}

/**
 * One point of the threshold explorer: abstention at τ, validation at the given percentile of
 * patch scores (over trajectories passing the regression filter), and the combined policy's
 * funnel and filtered success@k for k = 1..maxK (default: every k the bugs support, maxKOf).
 * Runs in the browser and on the server alike.
 * @example evaluatePolicyAt(bugs, 0.5, 75).successAtK[0].value // the combined-p75 filtered success@1
 * @throws RangeError when bugs is empty or maxK < 1
 */
export function evaluatePolicyAt(bugs: AvBug[], tau: number, pct: number, maxK = maxKOf(bugs)): PolicyPoint {
  if (!bugs.length) throw new RangeError("evaluatePolicyAt: no bugs");
  if (!(Number.isInteger(maxK) && maxK >= 1)) throw new RangeError(`evaluatePolicyAt: maxK = ${maxK}`);
  const passes = passesFilter;
  const attempt = (b: AvBug) => isAttempted(b, tau);
  const filtered = bugs.flatMap((b) => b.trajectories.filter(passes));
  const cutoff = filtered.length ? percentile(filtered.map(patchScore), pct) : Infinity;
  const accept = (t: AvTrajectory) => passes(t) && patchScore(t) >= cutoff;
  const ab = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const b of bugs)
    if (!b.validationOnly)
      countOutcome(
        ab,
        b.trajectories.some((t) => t.success),
        b.abstentionScore >= tau,
      );
  const va = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const t of filtered) countOutcome(va, t.success, patchScore(t) >= cutoff);
  const group = (keepBug: (b: AvBug) => boolean, keepT: (t: AvTrajectory) => boolean) =>
    bugs.filter(keepBug).map((b) => {
      const left = b.trajectories.filter(keepT);
      return { n: left.length, c: left.filter((t) => t.success).length };
    });
  const all = group(
    () => true,
    () => true,
  );
  const abst = group(attempt, (t) => t.hasPatch !== false);
  const comb = group(attempt, accept);
  const s1 = (g: { n: number; c: number }[]) => filteredSuccessAtK(g, 1);
  return {
    tau,
    percentile: pct,
    cutoff,
    abstention: decisionRates(ab),
    validation: decisionRates(va),
    funnel: [
      { stage: "all bugs", bugs: s1(all).bugs, success_at_1: s1(all).value },
      { stage: "after abstention", bugs: s1(abst).bugs, success_at_1: s1(abst).value },
      { stage: "after validation", bugs: s1(comb).bugs, success_at_1: s1(comb).value },
    ],
    successAtK: Array.from({ length: maxK }, (_, i) => filteredSuccessAtK(comb, i + 1)),
  };
}
