import { assertNonEmpty, assertSameLength } from "./assert";

/**
 * Pearson correlation r = cov(x, y) / (σ_x σ_y). Null when either side is constant.
 * @example pearson([1,2,3], [2,4,7]) // 0.993399
 * @throws RangeError on empty or mismatched input
 */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  assertNonEmpty("pearson", x);
  assertSameLength("pearson", x, y);
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}
