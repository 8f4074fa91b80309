// How far an LLM judge agrees with human labels, and a proportion it reports corrected for its
// errors (Lee, Zeng, Jeong, Sohn & Lee 2025, "How to Correctly Report LLM-as-a-Judge
// Evaluations", arXiv:2511.21140; their reference code, llm_judge_reporting/calibration.py).
import { cohenKappa } from "./cohen-kappa";

/** z of a two-sided 95% interval (scipy.stats.norm.ppf(0.975)). */
const Z95 = 1.959963984540054;

export interface JudgeAgreement {
  /** labeled items the judge classified */
  n: number;
  /** Cohen's κ over every class (null: undefined, e.g. one class only) */
  kappa: number | null;
  /** items whose human label is `positive`, and the share the judge also called so (q1) */
  positives: number;
  sensitivity: number | null;
  /** items whose human label is another class, and the share the judge did not call positive (q0) */
  negatives: number;
  specificity: number | null;
  /** share of items where judge and human give the same class */
  agreement: number | null;
}

/**
 * The judge against human labels: κ over all classes, and sensitivity / specificity of the
 * `positive` class (CR-Bench: bug_hit) against the rest.
 * @example judgeAgreement([{ human: "bug_hit", judge: "bug_hit" }, { human: "noise", judge: "noise" }], "bug_hit").sensitivity // 1
 */
export function judgeAgreement(pairs: { human: string; judge: string }[], positive: string): JudgeAgreement {
  let tp = 0;
  let fn = 0;
  let tn = 0;
  let fp = 0;
  let same = 0;
  for (const { human, judge } of pairs) {
    if (human === judge) same++;
    const said = judge === positive;
    if (human === positive) {
      if (said) tp++;
      else fn++;
    } else if (said) fp++;
    else tn++;
  }
  const n = pairs.length;
  return {
    n,
    kappa: n
      ? cohenKappa(
          pairs.map((p) => p.human),
          pairs.map((p) => p.judge),
        )
      : null,
    positives: tp + fn,
    sensitivity: tp + fn ? tp / (tp + fn) : null,
    negatives: tn + fp,
    specificity: tn + fp ? tn / (tn + fp) : null,
    agreement: n ? same / n : null,
  };
}

const clip = (x: number) => Math.max(0, Math.min(1, x));

/**
 * A proportion the judge reports (`p` of `n` test items judged positive) corrected for the judge's
 * specificity `q0` (from `m0` human-negative items) and sensitivity `q1` (from `m1` human-positive
 * ones): θ = (p + q0 − 1) / (q0 + q1 − 1), clipped to [0, 1], with the authors' 95% interval that
 * counts the uncertainty of both the test set and the calibration set (their smoothing and bias
 * term included). Null when the judge is no better than chance (q0 + q1 ≤ 1) or a set is empty.
 * @example biasCorrected({ p: 0.3, n: 500 }, { q0: 0.9, m0: 100, q1: 0.8, m1: 60 }).value // 0.2857142857142856
 */
export function biasCorrected(
  { p, n }: { p: number; n: number },
  { q0, m0, q1, m1 }: { q0: number; m0: number; q1: number; m1: number },
): { value: number; low: number; high: number } | null {
  if (!(n > 0 && m0 > 0 && m1 > 0) || !(q0 + q1 > 1)) return null;
  for (const x of [p, q0, q1])
    if (!(x >= 0 && x <= 1)) throw new RangeError("biasCorrected: p, q0, q1 must be in [0, 1]");
  const value = clip((p + q0 - 1) / (q0 + q1 - 1));
  const z = Z95;
  const ps = (n * p + (z * z) / 2) / (n + z * z);
  const q0s = (m0 * q0 + 1) / (m0 + 2);
  const q1s = (m1 * q1 + 1) / (m1 + 2);
  const ns = n + z * z;
  const m0s = m0 + 2;
  const m1s = m1 + 2;
  const th = (ps + q0s - 1) / (q0s + q1s - 1);
  const dth = 2 * z * z * (-(1 - th) * ((q0s * (1 - q0s)) / m0s) + th * ((q1s * (1 - q1s)) / m1s));
  const se =
    Math.sqrt((ps * (1 - ps)) / ns + ((1 - th) ** 2 * q0s * (1 - q0s)) / m0s + (th ** 2 * q1s * (1 - q1s)) / m1s) /
    (q0s + q1s - 1);
  return { value, low: clip(th + dth - z * se), high: clip(th + dth + z * se) };
}
