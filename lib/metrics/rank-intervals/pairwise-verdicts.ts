/**
 * Who beats whom among a few systems, with a critical value already computed over a larger set
 * (the board's max-T `critical`): cell [i][j] is "win" when |θi − θj| > c · se(θ*i − θ*j) and
 * θi > θj, "loss" the other way round, "tie" otherwise, null on the diagonal. The same test as
 * the simultaneous intervals, so a reader's picks agree with the board's brackets.
 * @example pairwiseVerdicts([0.9, 0.1], [Float64Array.of(0.9, 0.8), Float64Array.of(0.1, 0.2)], 2)[0][1] // "win"
 */
export function pairwiseVerdicts(
  points: ArrayLike<number>,
  replicates: Float64Array[],
  critical: number,
): ("win" | "loss" | "tie" | null)[][] {
  const n = replicates.length;
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (__, j) => {
      if (i === j) return null;
      const d = points[i] - points[j];
      const s = diffSe(replicates[i], replicates[j]);
      if (!(s > 0) || !Number.isFinite(d) || !Number.isFinite(critical) || !(Math.abs(d) > critical * s)) return "tie";
      return d > 0 ? "win" : "loss";
    }),
  );
}

/** The standard deviation of a − b over the resamples where both are defined (sample variance, m − 1). */
function diffSe(a: Float64Array, b: Float64Array): number {
  let s1 = 0;
  let s2 = 0;
  let m = 0;
  for (let r = 0; r < Math.min(a.length, b.length); r++) {
    const x = a[r] - b[r];
    if (x === x) {
      s1 += x;
      s2 += x * x;
      m++;
    }
  }
  if (m < 2) return 0;
  const mean = s1 / m;
  const v = (s2 - m * mean * mean) / (m - 1);
  return v > 1e-24 ? Math.sqrt(v) : 0;
}
