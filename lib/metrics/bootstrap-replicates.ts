import { seededRandom } from "./bootstrap-ci";
import { percentile } from "./percentile";
import type { PairedDifference } from "./paired-bootstrap";

/** Seed and count of the bootstrap that `bootstrapInterval` and `pairedBootstrapDifference` use by default. */
export const BOOTSTRAP_SEED = 20240601;
export const BOOTSTRAP_RESAMPLES = 1000;

/**
 * The fixed resampling indices of a release: `resamples` draws of n instance indices with
 * replacement, in exactly the order `bootstrapInterval` draws them (mulberry32, same seed), laid
 * out row-major: resample r is indices[r·n … r·n + n).
 * @example bootstrapIndices(3, 2, 1).length // 6
 * @throws RangeError when n < 1
 */
export function bootstrapIndices(n: number, resamples = BOOTSTRAP_RESAMPLES, seed = BOOTSTRAP_SEED): Int32Array {
  if (!(n >= 1)) throw new RangeError("bootstrapIndices: n must be ≥ 1");
  const rand = seededRandom(seed);
  const out = new Int32Array(n * resamples);
  for (let k = 0; k < out.length; k++) out[k] = Math.floor(rand() * n);
  return out;
}

/**
 * A statistic on each resample of fixed indices: replicate r = statistic(indices of resample r),
 * NaN where it is undefined (null or not finite). Stored per score, so that the paired bootstrap
 * of any two complete submissions is a difference of two vectors (pairedIntervalFromReplicates).
 * @throws RangeError when the indices are not a whole number of resamples of n
 */
export function bootstrapReplicates(
  n: number,
  statistic: (ix: Int32Array) => number | null,
  indices: Int32Array,
): Float64Array {
  if (!(n >= 1) || indices.length % n !== 0)
    throw new RangeError("bootstrapReplicates: indices must hold whole resamples of n");
  const resamples = indices.length / n;
  const out = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    const v = statistic(indices.subarray(r * n, r * n + n));
    out[r] = v === null || !Number.isFinite(v) ? NaN : v;
  }
  return out;
}

/**
 * Percentile interval of bootstrap replicates (NaN = undefined, skipped): the same numbers as
 * `bootstrapInterval` on the same indices and statistic (tested).
 * @throws RangeError when no replicate is defined
 */
export function intervalFromReplicates(
  replicates: ArrayLike<number>,
  level = 0.95,
): { low: number; high: number; resamples: number } {
  const values: number[] = [];
  for (let r = 0; r < replicates.length; r++) if (Number.isFinite(replicates[r])) values.push(replicates[r]);
  if (!values.length) throw new RangeError("intervalFromReplicates: no replicate is defined");
  return {
    low: percentile(values, ((1 - level) / 2) * 100),
    high: percentile(values, ((1 + level) / 2) * 100),
    resamples: values.length,
  };
}

/**
 * Paired bootstrap interval of statistic(A) − statistic(B) from their replicates on the same
 * indices: the percentile interval of a[r] − b[r] over resamples where both are defined. Equal to
 * `pairedBootstrapDifference` on the same instances, seed and resample count (tested).
 * @param difference statistic(A) − statistic(B) on all instances
 * @throws RangeError when the vectors differ in length or no resample is defined for both
 */
export function pairedIntervalFromReplicates(
  a: Float64Array,
  b: Float64Array,
  difference: number,
  level = 0.95,
): PairedDifference {
  if (a.length !== b.length) throw new RangeError("pairedIntervalFromReplicates: replicate vectors differ in length");
  const d = new Float64Array(a.length);
  for (let r = 0; r < a.length; r++) d[r] = a[r] - b[r];
  const { low, high } = intervalFromReplicates(d, level);
  return { difference, low, high, significant: low > 0 || high < 0 };
}

// The fixed indices depend only on (n, seed): this per-process memo is a cache, not state.
const indexMemo = new Map<string, Int32Array>();

/**
 * `bootstrapIndices(n, BOOTSTRAP_RESAMPLES, seed)`, memoised per (n, seed) (at most 256 kept):
 * a release's scores, and every slice of the same size, draw the same resamples.
 */
export function sharedBootstrapIndices(n: number, seed = BOOTSTRAP_SEED): Int32Array {
  const key = `${n}:${seed}`;
  let ix = indexMemo.get(key);
  if (!ix) {
    ix = bootstrapIndices(n, BOOTSTRAP_RESAMPLES, seed);
    indexMemo.set(key, ix);
    if (indexMemo.size > 256) indexMemo.delete(indexMemo.keys().next().value as string);
  }
  return ix;
}

/**
 * Replicates of a statistic built from per-row statistics (a task's `primaryStats`), on the shared
 * resamples of (rows.length, seed): resample r is fromStats(the rows it draws).
 * @throws RangeError when there are no rows
 */
export function statsReplicates(
  rows: number[][],
  fromStats: (picked: number[][]) => number | null,
  seed = BOOTSTRAP_SEED,
): Float64Array {
  const picked: number[][] = new Array(rows.length);
  return bootstrapReplicates(
    rows.length,
    (ix) => {
      for (let k = 0; k < ix.length; k++) picked[k] = rows[ix[k]];
      return fromStats(picked);
    },
    sharedBootstrapIndices(rows.length, seed),
  );
}
