/** log Γ(x) (Lanczos, g = 7), accurate to ~1e-15 for x > 0. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2), summed in log space. */
export function binomialCdfHalf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const lnN = logGamma(n + 1);
  let total = 0;
  for (let i = 0; i <= k; i++) total += Math.exp(lnN - logGamma(i + 1) - logGamma(n - i + 1) - n * Math.LN2);
  return Math.min(1, total);
}

/**
 * Exact McNemar test on the discordant pairs (statsmodels `mcnemar(table, exact=True)`):
 * b = A right & B wrong, c = A wrong & B right; p = min(1, 2·P(X ≤ min(b, c))), X ~ Bin(b + c, ½).
 * @example mcnemarExact(10, 2) // 0.038574
 * @throws RangeError on negative or non-integer counts
 */
export function mcnemarExact(b: number, c: number): { b: number; c: number; pValue: number } {
  if (![b, c].every((x) => Number.isInteger(x) && x >= 0))
    throw new RangeError("mcnemarExact: counts must be non-negative integers");
  const n = b + c;
  const pValue = n === 0 ? 1 : Math.min(1, 2 * binomialCdfHalf(Math.min(b, c), n));
  return { b, c, pValue };
}
