/**
 * Unbiased pass@k of Chen et al. (Abstain-and-Validate §3): for n samples with c correct,
 * 0 when c = 0; 1 when n − c < k; else 1 − C(n−c, k)/C(n, k), computed as a stable product.
 * @example passAtK(20, 3, 5) // 0.600877
 * @throws RangeError when n, c, k are not integers with 0 ≤ c ≤ n and k ≥ 1
 */
export function passAtK(n: number, c: number, k: number): number {
  if (![n, c, k].every(Number.isInteger) || c < 0 || c > n || k < 1 || n < 1) {
    throw new RangeError(`passAtK: invalid (n=${n}, c=${c}, k=${k})`);
  }
  if (c === 0) return 0;
  if (n - c < k) return 1;
  // C(n−c, k)/C(n, k) = Π_{i=n−c+1}^{n} (1 − k/i)
  let prod = 1;
  for (let i = n - c + 1; i <= n; i++) prod *= 1 - k / i;
  return 1 - prod;
}
