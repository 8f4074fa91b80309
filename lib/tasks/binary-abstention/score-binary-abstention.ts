import {
  averagePrecision,
  bouncingMetrics,
  cohenKappa,
  weightedKappa,
  iScore,
  oScore,
  precisionRecallCurve,
  spearman,
} from "@/lib/metrics";
import type { Metrics } from "@/lib/tasks/types";
import { labelIndex, labelsFor, type Side } from "./labels";
import { FAILURE_TYPES, type BounceDetails, type BounceTruth, type StoredPrediction } from "./schemas";

interface Pair {
  truth: BounceTruth;
  prediction: StoredPrediction;
}

/**
 * Scores a bouncer on the covered instances of a release (METRICS.md §1): the two-class
 * metrics, I-Score or O-Score, label agreement when every prediction has a label (input),
 * bounce AP when every prediction has a score. (The 95% interval of F_m is bootstrapped by the
 * server from primaryStats, with every other kind's.)
 * @throws RangeError when pairs is empty
 */
export function scoreBinaryAbstention(
  pairs: Pair[],
  side: Side,
): { metrics: Metrics & Record<"F_m", number>; primaryValue: number; details: BounceDetails } {
  if (pairs.length === 0) throw new RangeError("scoreBinaryAbstention: no instances to score");
  const n = pairs.length;
  const t = new Int8Array(n);
  const b = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = pairs[i].truth.bounce ? 1 : 0;
    b[i] = pairs[i].prediction.bounce ? 1 : 0;
  }
  const m = bouncingMetrics(t, b);
  const metrics: Record<string, number | null> & Record<"F_m", number> = {
    F_m: m.F_m,
    R_b: m.R_b,
    FNR_a: m.FNR_a,
    FPR_a: m.FPR_a,
    P_a: m.P_a,
    R_a: m.R_a,
    F_a: m.F_a,
    P_b: m.P_b,
    F_b: m.F_b,
  };
  const details: BounceDetails = { counts: m.counts, n, perClass: [] };

  if (side === "input") {
    const labels = pairs.map((p) => p.truth.label ?? 0);
    metrics.I_Score = iScore(b, labels);
    const predicted = pairs.map((p) => p.prediction.label);
    if (predicted.every((l): l is string => typeof l === "string")) {
      const predLabels = predicted.map((l) => labelIndex("input", l));
      let same = 0;
      for (let i = 0; i < n; i++) if (predLabels[i] === labels[i]) same++;
      metrics.agreement = same / n;
      metrics.kappa = cohenKappa(labels, predLabels);
      // the labels are ordinal (clear < minor < vague < impossible): weighted κ beside κ
      metrics.kappa_linear = weightedKappa(labels, predLabels, "linear");
      metrics.kappa_quadratic = weightedKappa(labels, predLabels, "quadratic");
      metrics.spearman_rho = spearman(labels, predLabels);
      // 4×4 agreement table: rows human label, columns predicted label
      const table = labelsFor("input").map(() => [0, 0, 0, 0]);
      for (let i = 0; i < n; i++) table[labels[i]][predLabels[i]]++;
      details.labelTable = table;
    }
  } else {
    const pass = pairs.map((p) => p.truth.pass ?? 0);
    metrics.O_Score = oScore(b, t, pass);
    // R_b by failure type (§II-A2): of the incorrect patches failing both test sets, only the
    // fail-to-pass ones, only pass-to-pass ones (regressions), the share bounced; null without any
    if (pairs.some((p) => p.truth.failure)) {
      for (const type of FAILURE_TYPES) {
        let all = 0;
        let bounced = 0;
        for (let i = 0; i < n; i++)
          if (pairs[i].truth.failure === type) {
            all++;
            bounced += b[i];
          }
        metrics[`R_b_${type}`] = all ? bounced / all : null;
      }
    }
  }

  const scores = pairs.map((p) => p.prediction.score);
  if (scores.every((x): x is number => typeof x === "number")) {
    const s = scores;
    metrics.bounce_ap = averagePrecision(t, s);
    details.prCurve = precisionRecallCurve(t, s);
  }

  details.perClass = [
    { cls: "accept", precision: m.P_a, recall: m.R_a, f1: m.F_a, support: m.counts.tn + m.counts.fp },
    { cls: "bounce", precision: m.P_b, recall: m.R_b, f1: m.F_b, support: m.counts.tp + m.counts.fn },
  ];
  return { metrics, primaryValue: m.F_m, details };
}
