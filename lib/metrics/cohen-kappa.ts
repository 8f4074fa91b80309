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
 * Cohen's weighted kappa for ordinal labels 0..k−1, as `sklearn.metrics.cohen_kappa_score(a, b,
 * weights="linear" | "quadratic")`: κ_w = 1 − Σ w·O / Σ w·E with w_ij = |i − j| (linear) or
 * (i − j)² (quadratic), O the observed and E the expected (outer product of the marginals)
 * confusion counts over the labels either rater used. Null when undefined (Σ w·E = 0).
 * @example weightedKappa([0,1,2,3], [0,1,2,3], "quadratic") // 1
 * @throws RangeError on empty or mismatched input, or a label that is not a non-negative integer
 */
export function weightedKappa(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  weights: "linear" | "quadratic",
): number | null {
  assertNonEmpty("weightedKappa", a);
  assertSameLength("weightedKappa", a, b);
  const n = a.length;
  const labels = [...new Set([...Array.from(a), ...Array.from(b)])].sort((x, y) => x - y);
  for (const l of labels)
    if (!Number.isInteger(l) || l < 0) throw new RangeError("weightedKappa: labels are non-negative integers");
  const at = new Map(labels.map((l, i) => [l, i]));
  const k = labels.length;
  const observed = Array.from({ length: k }, () => new Float64Array(k));
  const rowSum = new Float64Array(k);
  const colSum = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const x = at.get(a[i])!;
    const y = at.get(b[i])!;
    observed[x][y]++;
    rowSum[x]++;
    colSum[y]++;
  }
  // sklearn weights by the position among the labels seen, not by the label's value
  const w = (i: number, j: number) => (weights === "linear" ? Math.abs(i - j) : (i - j) * (i - j));
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      num += w(i, j) * observed[i][j];
      den += (w(i, j) * rowSum[i] * colSum[j]) / n;
    }
  if (den === 0) return null;
  return 1 - num / den;
}
