import { assertNonEmpty, assertSameLength } from "./assert";

/**
 * Cohen's kappa, unweighted, as `sklearn.metrics.cohen_kappa_score`:
 * κ = (p_o − p_e) / (1 − p_e) over the union of both raters' labels.
 * Returns null when undefined (p_e = 1, e.g. both raters constant and equal).
 * @example cohenKappa([0,1,2,3], [0,1,2,3]) // 1
 * @throws RangeError on empty or mismatched input
 */
export function cohenKappa(a: ArrayLike<number | string>, b: ArrayLike<number | string>): number | null {
  assertNonEmpty("cohenKappa", a);
  assertSameLength("cohenKappa", a, b);
  const n = a.length;
  const countA = new Map<number | string, number>();
  const countB = new Map<number | string, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    countA.set(a[i], (countA.get(a[i]) ?? 0) + 1);
    countB.set(b[i], (countB.get(b[i]) ?? 0) + 1);
  }
  let pe = 0;
  for (const [k, ca] of countA) pe += (ca / n) * ((countB.get(k) ?? 0) / n);
  const po = agree / n;
  if (1 - pe === 0) return null;
  return (po - pe) / (1 - pe);
}

/**
 * Cohen's weighted kappa for ordinal labels, as `sklearn.metrics.cohen_kappa_score(a, b,
 * weights="linear" | "quadratic", labels=[0, 1, …, K])`: κ_w = 1 − Σ w·O / Σ w·E with
 * w_ij = |i − j| (linear) or (i − j)² (quadratic), O the observed and E the expected (outer
 * product of the marginals, over n) confusion counts. Null when undefined (Σ w·E = 0).
 *
 * The weights follow the labels' places on their scale: by default the label's own value (the
 * scale 0, 1, 2, … — BouncerBench's 0–3 specification labels), or its index in `labels` when given
 * (scikit-learn's `labels=`). A label neither rater used adds nothing to either sum, so any scale
 * 0..K that holds the labels gives the same value. scikit-learn's default (no `labels=`) instead
 * weights by the index among the labels the two raters happened to use: on a subset missing a
 * middle label (no 1 among 0, 2, 3) it counts 0 vs 2 as one step, not two, and gives another value
 * — e.g. quadratic κ_w of [0,0,0,2,2,2,3,3,3,0] vs [0,2,0,2,3,2,3,0,3,2] is 0.419355 on the 0–3
 * scale, 0.461538 by sklearn's default. That is never what an ordinal scale means, so it is not ours.
 *
 * @example weightedKappa([0,1,2,3], [0,1,2,3], "quadratic") // 1
 * @example weightedKappa([0,0,0,2,2,2,3,3,3,0], [0,2,0,2,3,2,3,0,3,2], "quadratic") // 0.419355
 * @throws RangeError on empty or mismatched input; without `labels`, a label that is not a
 *   non-negative integer; with `labels`, repeated labels or a label missing from them
 */
export function weightedKappa(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  weights: "linear" | "quadratic",
  labels?: readonly number[],
): number | null {
  assertNonEmpty("weightedKappa", a);
  assertSameLength("weightedKappa", a, b);
  const n = a.length;
  const seen = [...new Set([...Array.from(a), ...Array.from(b)])].sort((x, y) => x - y);
  // a label's place on the scale: its value, or its index in `labels`
  let place: (l: number) => number;
  if (labels) {
    const at = new Map(labels.map((l, i) => [l, i]));
    if (at.size !== labels.length) throw new RangeError("weightedKappa: repeated labels");
    for (const l of seen) if (!at.has(l)) throw new RangeError(`weightedKappa: label ${l} is not among the labels`);
    place = (l) => at.get(l)!;
  } else {
    for (const l of seen)
      if (!Number.isInteger(l) || l < 0) throw new RangeError("weightedKappa: labels are non-negative integers");
    place = (l) => l;
  }
  // the confusion counts over the labels seen (an unseen label's row and column are all 0)
  const index = new Map(seen.map((l, i) => [l, i]));
  const k = seen.length;
  const observed = Array.from({ length: k }, () => new Float64Array(k));
  const rowSum = new Float64Array(k);
  const colSum = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const x = index.get(a[i])!;
    const y = index.get(b[i])!;
    observed[x][y]++;
    rowSum[x]++;
    colSum[y]++;
  }
  const w = (i: number, j: number) => {
    const d = place(seen[i]) - place(seen[j]);
    return weights === "linear" ? Math.abs(d) : d * d;
  };
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const wij = w(i, j);
      num += wij * observed[i][j];
      den += (wij * rowSum[i] * colSum[j]) / n;
    }
  if (den === 0) return null;
  return 1 - num / den;
}
