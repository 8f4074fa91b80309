import { assertNonEmpty } from "./assert";

/**
 * First Wasserstein distance between two empirical distributions,
 * ∫ |F_u(x) − F_v(x)| dx (`scipy.stats.wasserstein_distance`, unweighted).
 * @example wasserstein([0.1,0.5,0.5,0.9], [0,0.05,0.05,0.1,0.3]) // 0.4
 * @throws RangeError on empty input or non-finite values
 */
export function wasserstein(u: ArrayLike<number>, v: ArrayLike<number>): number {
  assertNonEmpty("wasserstein u", u);
  assertNonEmpty("wasserstein v", v);
  const us = Array.from(u).sort((a, b) => a - b);
  const vs = Array.from(v).sort((a, b) => a - b);
  if ([...us, ...vs].some((x) => !Number.isFinite(x))) throw new RangeError("wasserstein: non-finite value");
  const all = [...us, ...vs].sort((a, b) => a - b);
  let iu = 0;
  let iv = 0;
  let total = 0;
  for (let i = 0; i < all.length - 1; i++) {
    const x = all[i];
    while (iu < us.length && us[iu] <= x) iu++;
    while (iv < vs.length && vs[iv] <= x) iv++;
    total += Math.abs(iu / us.length - iv / vs.length) * (all[i + 1] - x);
  }
  return total;
}
