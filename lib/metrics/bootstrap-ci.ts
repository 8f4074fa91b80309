import { assertNonEmpty } from "./assert";
import { percentile } from "./percentile";

/** mulberry32: a small, fast, seeded PRNG so intervals are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BootstrapInterval {
  low: number;
  high: number;
  resamples: number;
}

/**
 * Percentile bootstrap confidence interval of a statistic over instances: draw n indices with
 * replacement `resamples` times (seeded), evaluate `statistic(indices)`, take the
 * (1−level)/2 and (1+level)/2 percentiles. Resamples where the statistic is null are skipped.
 * @example bootstrapInterval(100, (ix) => ix.length, { seed: 1 }) // { low: 100, high: 100, … }
 * @throws RangeError when n < 1 or every resample is undefined
 */
export function bootstrapInterval(
  n: number,
  statistic: (indices: Int32Array) => number | null,
  opts: { resamples?: number; seed?: number; level?: number } = {},
): BootstrapInterval {
  if (!(n >= 1)) throw new RangeError("bootstrapInterval: n must be ≥ 1");
  const resamples = opts.resamples ?? 1000;
  const level = opts.level ?? 0.95;
  const rand = seededRandom(opts.seed ?? 20240601);
  const values: number[] = [];
  const idx = new Int32Array(n);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) idx[i] = Math.floor(rand() * n);
    const v = statistic(idx);
    if (v !== null && Number.isFinite(v)) values.push(v);
  }
  assertNonEmpty("bootstrapInterval values", values);
  return {
    low: percentile(values, ((1 - level) / 2) * 100),
    high: percentile(values, ((1 + level) / 2) * 100),
    resamples: values.length,
  };
}
