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
