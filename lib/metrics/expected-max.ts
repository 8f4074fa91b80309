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

/** Φ, the standard normal CDF (erfc by Numerical Recipes' Chebyshev fit: |error| < 1.2e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * e_n = E[max of n i.i.d. standard normals] = ∫ x · n φ(x) Φ(x)^(n−1) dx (midpoint rule on [−9, 9]).
 * @example normalMaxMean(2) // 0.5641896 (1/√π); normalMaxMean(3) // 0.8462844 (1.5/√π)
 * @throws RangeError unless n is a whole number ≥ 1
 */
export function normalMaxMean(n: number): number {
  if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError("normalMaxMean: n must be a whole number ≥ 1");
  if (n === 1) return 0;
  const h = 0.002;
  let e = 0;
  for (let x = -9 + h / 2; x < 9; x += h) {
    const phi = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
    e += x * n * phi * normalCdf(x) ** (n - 1) * h;
  }
  return e;
}

/**
 * What `n` attempts of one unchanged system add to its best score, estimated from its attempts on
 * the same release (issue 50, item 2). Attempts share the release's instances, so their scores
 * differ only by run-to-run noise on those instances, whose variance is σ²_run = ½ Var_r(X_ar − X_br):
 * half the variance of two attempts' paired replicate difference on the release's shared resamples
 * (the instances they disagree on), averaged over the pairs of attempts. The gain is
 * E[max of n] − E[one] = e_n · σ̂_run (normalMaxMean). Attempts that truly differ disagree more, so
 * for a changed system this still overstates what tries alone add. Null with fewer than two
 * attempts or no finite paired replicate (then selectionInflation is an upper bound: the instance
 * bootstrap holds the instance sample's variance, which attempts on one release share).
 * @example attemptsInflation([Float64Array.of(0.5, 0.7), Float64Array.of(0.6, 0.6)], 2) // 0.5642 · √(½ · 0.02)
 * @throws RangeError when the vectors differ in length or n is not a whole number ≥ 1
 */
export function attemptsInflation(attempts: readonly ArrayLike<number>[], n: number): number | null {
  const e = normalMaxMean(n);
  if (attempts.length < 2) return null;
  const B = attempts[0].length;
  if (attempts.some((v) => v.length !== B))
    throw new RangeError("attemptsInflation: replicate vectors differ in length");
  let sum = 0;
  let pairs = 0;
  for (let a = 0; a < attempts.length; a++)
    for (let b = a + 1; b < attempts.length; b++) {
      const d: number[] = [];
      for (let r = 0; r < B; r++) {
        const x = attempts[a][r] - attempts[b][r];
        if (Number.isFinite(x)) d.push(x);
      }
      if (d.length < 2) continue;
      const m = d.reduce((s, x) => s + x, 0) / d.length;
      sum += d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1) / 2;
      pairs++;
    }
  return pairs ? e * Math.sqrt(sum / pairs) : null;
}
