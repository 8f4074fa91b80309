// Cross-checks lib/metrics against scikit-learn / scipy on seeded random vectors (to 1e-9).
// Needs /usr/bin/python3 with sklearn and scipy (Debian: python3-sklearn); CI installs them and
// sets SKLEARN_REQUIRED=1 so a missing reference is a failure there, not a silent skip.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  averagePrecision,
  bouncingMetrics,
  cohenKappa,
  percentile,
  precisionRecallCurve,
  seededRandom,
  spearman,
  wasserstein,
  weightedKappa,
} from "@/lib/metrics";

const PY = process.env.PYTHON ?? "/usr/bin/python3";
const probe = spawnSync(PY, ["-c", "import sklearn, scipy, numpy"], { encoding: "utf8" });
const available = probe.status === 0;
if (!available && process.env.SKLEARN_REQUIRED === "1") {
  throw new Error(`scikit-learn/scipy not importable with ${PY}: ${probe.stderr}`);
}

const SCRIPT = `
import json, sys, numpy as np
from sklearn.metrics import precision_recall_fscore_support, cohen_kappa_score, average_precision_score, precision_recall_curve
from scipy.stats import spearmanr, wasserstein_distance
out = []
for case in json.load(sys.stdin):
    t, p, lt, lp, s = case["t"], case["p"], case["lt"], case["lp"], case["s"]
    P, R, F, _ = precision_recall_fscore_support(t, p, labels=[0, 1], zero_division=0)
    rho = spearmanr(lt, lp).statistic
    k = cohen_kappa_score(lt, lp)
    with np.errstate(all="ignore"):
        kl = cohen_kappa_score(lt, lp, weights="linear", labels=[0, 1, 2, 3])
        kq = cohen_kappa_score(lt, lp, weights="quadratic", labels=[0, 1, 2, 3])
    pr, rc, th = precision_recall_curve(t, s)
    out.append({
        "P_a": P[0], "R_a": R[0], "F_a": F[0], "P_b": P[1], "R_b": R[1], "F_b": F[1],
        "F_m": (F[0] + F[1]) / 2,
        "kappa": None if np.isnan(k) else k,
        "kappa_linear": None if np.isnan(kl) else kl,
        "kappa_quadratic": None if np.isnan(kq) else kq,
        "rho": None if np.isnan(rho) else rho,
        "ap": average_precision_score(t, s) if sum(t) > 0 else 0.0,
        "pr_p": pr.tolist(), "pr_r": rc.tolist(), "pr_t": th.tolist(),
        "p75": float(np.percentile(s, 75)), "p90": float(np.percentile(s, 90)),
        "w": wasserstein_distance(s, case["s2"]),
    })
print(json.dumps(out))
`;

function makeCases() {
  const rand = seededRandom(42);
  const cases = [];
  for (let c = 0; c < 40; c++) {
    const n = 5 + Math.floor(rand() * 300);
    const lt = Array.from({ length: n }, () => Math.floor(rand() * 4));
    const lp = lt.map((l) => (rand() < 0.4 ? l : Math.floor(rand() * 4)));
    const t = lt.map((l) => (l >= 2 ? 1 : 0));
    const p = lp.map((l) => (l >= 2 ? 1 : 0));
    // coarse scores so ties occur, as in real bouncer confidences
    const s = t.map((y) => Math.round((rand() * 0.7 + y * 0.3) * 20) / 20);
    const s2 = Array.from({ length: 1 + Math.floor(rand() * 50) }, () => rand());
    cases.push({ t, p, lt, lp, s, s2 });
  }
  return cases;
}

describe.skipIf(!available)("agreement with scikit-learn / scipy", () => {
  const cases = makeCases();
  const r = spawnSync(PY, ["-c", SCRIPT], { input: JSON.stringify(cases), encoding: "utf8", maxBuffer: 1 << 26 });
  const ref = r.status === 0 ? JSON.parse(r.stdout) : [];
  it("reference ran", () => expect(r.stderr.includes("Traceback") ? r.stderr : "").toBe(""));

  const near = (a: number | null, b: number | null) => {
    if (b === null) return expect(a).toBeNull();
    expect(a).not.toBeNull();
    expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(1e-9);
  };

  it.each(cases.map((c, i) => [i, c] as const))("case %i", (i, c) => {
    const want = ref[i];
    const m = bouncingMetrics(c.t, c.p);
    for (const k of ["P_a", "R_a", "F_a", "P_b", "R_b", "F_b", "F_m"] as const) near(m[k], want[k]);
    near(cohenKappa(c.lt, c.lp), want.kappa);
    near(weightedKappa(c.lt, c.lp, "linear"), want.kappa_linear);
    near(weightedKappa(c.lt, c.lp, "quadratic"), want.kappa_quadratic);
    near(spearman(c.lt, c.lp), want.rho);
    near(averagePrecision(c.t, c.s), want.ap);
    const curve = precisionRecallCurve(c.t, c.s);
    expect(curve.thresholds.length).toBe(want.pr_t.length);
    curve.thresholds.forEach((v, j) => near(v, want.pr_t[j]));
    curve.precision.forEach((v, j) => near(v, want.pr_p[j]));
    curve.recall.forEach((v, j) => near(v, want.pr_r[j]));
    near(percentile(c.s, 75), want.p75);
    near(percentile(c.s, 90), want.p90);
    near(wasserstein(c.s, c.s2), want.w);
  });
});
