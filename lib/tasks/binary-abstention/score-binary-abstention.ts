import {
  averagePrecision,
  bouncingMetrics,
  cohenKappa,
  iScore,
  oScore,
  precisionRecallCurve,
  spearman,
} from "@/lib/metrics";
import type { ScoreResult } from "@/lib/tasks/types";
import { labelIndex, labelsFor, type Side } from "./labels";

interface Pair {
  truth: Record<string, unknown>;
  prediction: Record<string, unknown>;
}

/**
 * Scores a bouncer on the covered instances of a release (METRICS.md §1): the two-class
 * metrics, I-Score or O-Score, label agreement when every prediction has a label (input),
 * bounce AP when every prediction has a score. (The 95% interval of F_m is bootstrapped by the
 * server from primaryStats, with every other kind's.)
 * @throws RangeError when pairs is empty
 */
export function scoreBinaryAbstention(pairs: Pair[], side: Side): ScoreResult {
  if (pairs.length === 0) throw new RangeError("scoreBinaryAbstention: no instances to score");
  const n = pairs.length;
  const t = new Int8Array(n);
  const b = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = pairs[i].truth.bounce ? 1 : 0;
    b[i] = pairs[i].prediction.bounce ? 1 : 0;
  }
  const m = bouncingMetrics(t, b);
  const metrics: Record<string, number | null> = {
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
  const details: Record<string, unknown> = { counts: m.counts, n };

  if (side === "input") {
    const labels = pairs.map((p) => p.truth.label as number);
    metrics.I_Score = iScore(b, labels);
    if (pairs.every((p) => typeof p.prediction.label === "string")) {
      const predLabels = pairs.map((p) => labelIndex("input", p.prediction.label as string));
      let same = 0;
      for (let i = 0; i < n; i++) if (predLabels[i] === labels[i]) same++;
      metrics.agreement = same / n;
      metrics.kappa = cohenKappa(labels, predLabels);
      metrics.spearman_rho = spearman(labels, predLabels);
      // 4×4 agreement table: rows human label, columns predicted label
      const table = labelsFor("input").map(() => [0, 0, 0, 0]);
      for (let i = 0; i < n; i++) table[labels[i]][predLabels[i]]++;
      details.labelTable = table;
    }
  } else {
    const pass = pairs.map((p) => p.truth.pass as number);
    metrics.O_Score = oScore(b, t, pass);
  }

  if (pairs.every((p) => typeof p.prediction.score === "number")) {
    const s = pairs.map((p) => p.prediction.score as number);
    metrics.bounce_ap = averagePrecision(t, s);
    details.prCurve = precisionRecallCurve(t, s);
  }

  details.perClass = [
    { cls: "accept", precision: m.P_a, recall: m.R_a, f1: m.F_a, support: m.counts.tn + m.counts.fp },
    { cls: "bounce", precision: m.P_b, recall: m.R_b, f1: m.F_b, support: m.counts.tp + m.counts.fn },
  ];
  return { metrics, primaryValue: m.F_m, details };
}
