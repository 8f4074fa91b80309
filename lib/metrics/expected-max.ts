// Selection made visible (issue 34, part 4): a board that shows each system's best of N uploads
// shows the maximum of N noisy measurements, which exceeds a typical one even when nothing
// improved. From a score's bootstrap replicates (its sampling distribution over instances), the
// expected maximum of N independent draws says how much N attempts alone would add.

/**
 * E[max of `n` i.i.d. draws] from the empirical distribution of `replicates` (NaN ignored):
 * Σ_k x_(k) · ((k/B)^n − ((k−1)/B)^n) over the sorted values. Null without a finite replicate.
 * @example expectedMax(Float64Array.of(0, 1), 2) // 0.75
 */
export function expectedMax(replicates: ArrayLike<number>, n: number): number | null {
  if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError("expectedMax: n must be a whole number ≥ 1");
  const x = Float64Array.from(Array.prototype.filter.call(replicates, Number.isFinite) as number[]).sort();
  const B = x.length;
  if (!B) return null;
  let e = 0;
  let prev = 0;
  for (let k = 1; k <= B; k++) {
    const cur = (k / B) ** n;
    e += x[k - 1] * (cur - prev);
    prev = cur;
  }
  return e;
}

/**
 * What best-of-`n` selection alone adds to a score: E[max of n draws] − E[one draw] from its
 * replicates (≥ 0; 0 for n = 1). Null without a finite replicate.
 * @example selectionInflation(Float64Array.of(0, 1), 2) // 0.25
 */
export function selectionInflation(replicates: ArrayLike<number>, n: number): number | null {
  const max = expectedMax(replicates, n);
  const one = expectedMax(replicates, 1);
  return max === null || one === null ? null : Math.max(0, max - one);
}
