import { bootstrapInterval } from "./bootstrap-ci";

export interface PairedDifference {
  /** statistic(A) − statistic(B) on all instances */
  difference: number;
  low: number;
  high: number;
  /** the 95% interval excludes 0 */
  significant: boolean;
}

/**
 * Paired bootstrap of the difference of a statistic between two systems on the same instances:
 * each resample draws instance indices once and evaluates both systems on them (seeded).
 * @example pairedBootstrapDifference(100, (ix) => 0.6, (ix) => 0.5).difference // 0.1
 * @throws RangeError when n < 1 or every resample is undefined
 */
export function pairedBootstrapDifference(
  n: number,
  statA: (ix: Int32Array) => number | null,
  statB: (ix: Int32Array) => number | null,
  opts: { resamples?: number; seed?: number } = {},
): PairedDifference {
  const all = Int32Array.from({ length: n }, (_, i) => i);
  const a = statA(all);
  const b = statB(all);
  const ci = bootstrapInterval(
    n,
    (ix) => {
      const x = statA(ix);
      const y = statB(ix);
      return x === null || y === null ? null : x - y;
    },
    opts,
  );
  return { difference: (a ?? NaN) - (b ?? NaN), low: ci.low, high: ci.high, significant: ci.low > 0 || ci.high < 0 };
}
