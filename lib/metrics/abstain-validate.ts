import { averagePrecision } from "./average-precision";
import { safeDivide } from "./assert";
import { filteredSuccessAtK, type SuccessAtK } from "./filtered-success-at-k";
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
}

/** What the threshold explorer sweeps (evaluatePolicyAt): one scored bug with its trajectories. */
export type ExplorerItem = AvBug;

export interface AvBug {
  /** abstention prediction P_a(b) ∈ [0, 1] */
  abstentionScore: number;
  trajectories: AvTrajectory[];
  category?: string;
}

export type AvPolicy =
  | "no_filter"
  | "abstention"
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
  "regression",
  "validation_binary",
  "validation_p75",
  "validation_p90",
  "combined_binary",
  "combined_p75",
  "combined_p90",
];

export interface AvResult {
  abstention_ap: number;
  validation_ap: number;
  pass_at_1: number;
  abstention_success_at_1: number;
  validation_binary_success_at_1: number;
  combined_binary_success_at_1: number;
  combined_p75_success_at_1: number;
  combined_p90_success_at_1: number;
  wasserstein: number;
  /** abstention decision at τ against fixable */
  abstention_at_tau: { precision: number; recall: number; fpr: number; kept: number };
  /** binary validation against trajectory success, over trajectories passing the regression filter */
  validation_at_binary: { precision: number; recall: number; fpr: number };
  prevalence: { fixable: number; trajectorySuccess: number };
  cutoffs: { p75: number; p90: number };
  /** success@k for k = 1..K under each policy */
  successAtK: Record<AvPolicy, SuccessAtK[]>;
  abstentionCurve: PrCurve;
  validationCurve: PrCurve | null;
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
  const aScores = bugs.map((b) => b.abstentionScore);
  const empirical = bugs.map((b) => b.trajectories.filter((t) => t.success).length / b.trajectories.length);

  const filtered = bugs.flatMap((b) => b.trajectories.filter((t) => t.passesRegression));
  const scores = filtered.map(patchScore);
  const cutoffs = scores.length
    ? { p75: percentile(scores, 75), p90: percentile(scores, 90) }
    : { p75: Infinity, p90: Infinity };

  const attempt = (b: AvBug) => b.abstentionScore >= tau;
  const decide: Record<"binary" | "p75" | "p90", (t: AvTrajectory) => boolean> = {
    binary: (t) => t.judgment,
    p75: (t) => patchScore(t) >= cutoffs.p75,
    p90: (t) => patchScore(t) >= cutoffs.p90,
  };
  const keep: Record<AvPolicy, { bug: (b: AvBug) => boolean; traj: (t: AvTrajectory) => boolean }> = {
    no_filter: { bug: () => true, traj: () => true },
    abstention: { bug: attempt, traj: () => true },
    regression: { bug: () => true, traj: (t) => t.passesRegression },
    validation_binary: { bug: () => true, traj: (t) => t.passesRegression && decide.binary(t) },
    validation_p75: { bug: () => true, traj: (t) => t.passesRegression && decide.p75(t) },
    validation_p90: { bug: () => true, traj: (t) => t.passesRegression && decide.p90(t) },
    combined_binary: { bug: attempt, traj: (t) => t.passesRegression && decide.binary(t) },
    combined_p75: { bug: attempt, traj: (t) => t.passesRegression && decide.p75(t) },
    combined_p90: { bug: attempt, traj: (t) => t.passesRegression && decide.p90(t) },
  };
  const groupsFor = (p: AvPolicy, subset: AvBug[] = bugs) =>
    subset.filter(keep[p].bug).map((b) => {
      const left = b.trajectories.filter(keep[p].traj);
      return { n: left.length, c: left.filter((t) => t.success).length };
    });
  const successAtK = Object.fromEntries(
    AV_POLICIES.map((p) => {
      const g = groupsFor(p);
      return [p, Array.from({ length: maxK }, (_, i) => filteredSuccessAtK(g, i + 1))];
    }),
  ) as Record<AvPolicy, SuccessAtK[]>;

  // abstention decision at τ
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  bugs.forEach((b, i) => {
    const a = attempt(b);
    if (fixable[i]) a ? tp++ : fn++;
    else a ? fp++ : tn++;
  });
  // binary validation over filtered trajectories
  let vtp = 0;
  let vfp = 0;
  let vfn = 0;
  let vtn = 0;
  for (const t of filtered) {
    if (t.success) t.judgment ? vtp++ : vfn++;
    else t.judgment ? vfp++ : vtn++;
  }
  const vTruth = filtered.map((t) => (t.success ? 1 : 0));

  return {
    abstention_ap: averagePrecision(fixable, aScores),
    validation_ap: filtered.length ? averagePrecision(vTruth, scores) : 0,
    pass_at_1: successAtK.no_filter[0].value,
    abstention_success_at_1: successAtK.abstention[0].value,
    validation_binary_success_at_1: successAtK.validation_binary[0].value,
    combined_binary_success_at_1: successAtK.combined_binary[0].value,
    combined_p75_success_at_1: successAtK.combined_p75[0].value,
    combined_p90_success_at_1: successAtK.combined_p90[0].value,
    wasserstein: wasserstein(aScores, empirical),
    abstention_at_tau: {
      precision: safeDivide(tp, tp + fp),
      recall: safeDivide(tp, tp + fn),
      fpr: safeDivide(fp, fp + tn),
      kept: tp + fp,
    },
    validation_at_binary: {
      precision: safeDivide(vtp, vtp + vfp),
      recall: safeDivide(vtp, vtp + vfn),
      fpr: safeDivide(vfp, vfp + vtn),
    },
    prevalence: {
      fixable: fixable.reduce((a: number, b) => a + b, 0) / bugs.length,
      trajectorySuccess: filtered.length ? vTruth.reduce((a: number, b) => a + b, 0) / filtered.length : 0,
    },
    cutoffs,
    successAtK,
    abstentionCurve: precisionRecallCurve(fixable, aScores),
    validationCurve: filtered.length ? precisionRecallCurve(vTruth, scores) : null,
  };
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

/**
 * One point of the threshold explorer: abstention at τ, validation at the given percentile of
 * patch scores (over trajectories passing the regression filter), and the combined policy's
 * funnel and filtered success@k (k = 1..5). Runs in the browser and on the server alike.
 */
export function evaluatePolicyAt(bugs: AvBug[], tau: number, pct: number): PolicyPoint {
  if (!bugs.length) throw new RangeError("evaluatePolicyAt: no bugs");
  const filtered = bugs.flatMap((b) => b.trajectories.filter((t) => t.passesRegression));
  const cutoff = filtered.length ? percentile(filtered.map(patchScore), pct) : Infinity;
  const accept = (t: AvTrajectory) => t.passesRegression && patchScore(t) >= cutoff;
  let tp = 0,
    fp = 0,
    fn = 0,
    tn = 0;
  for (const b of bugs) {
    const fixable = b.trajectories.some((t) => t.success);
    const a = b.abstentionScore >= tau;
    if (fixable) a ? tp++ : fn++;
    else a ? fp++ : tn++;
  }
  let vtp = 0,
    vfp = 0,
    vfn = 0,
    vtn = 0;
  for (const t of filtered) {
    const a = patchScore(t) >= cutoff;
    if (t.success) a ? vtp++ : vfn++;
    else a ? vfp++ : vtn++;
  }
  const group = (keepBug: (b: AvBug) => boolean, keepT: (t: AvTrajectory) => boolean) =>
    bugs.filter(keepBug).map((b) => {
      const left = b.trajectories.filter(keepT);
      return { n: left.length, c: left.filter((t) => t.success).length };
    });
  const all = group(
    () => true,
    () => true,
  );
  const abst = group(
    (b) => b.abstentionScore >= tau,
    () => true,
  );
  const comb = group((b) => b.abstentionScore >= tau, accept);
  const s1 = (g: { n: number; c: number }[]) => filteredSuccessAtK(g, 1);
  return {
    tau,
    percentile: pct,
    cutoff,
    abstention: { precision: safeDivide(tp, tp + fp), recall: safeDivide(tp, tp + fn), fpr: safeDivide(fp, fp + tn) },
    validation: {
      precision: safeDivide(vtp, vtp + vfp),
      recall: safeDivide(vtp, vtp + vfn),
      fpr: safeDivide(vfp, vfp + vtn),
    },
    funnel: [
      { stage: "all bugs", bugs: s1(all).bugs, success_at_1: s1(all).value },
      { stage: "after abstention", bugs: s1(abst).bugs, success_at_1: s1(abst).value },
      { stage: "after validation", bugs: s1(comb).bugs, success_at_1: s1(comb).value },
    ],
    successAtK: [1, 2, 3, 4, 5].map((k) => filteredSuccessAtK(comb, k)),
  };
}
