import { assertNonEmpty } from "./assert";

/**
 * q-th percentile with linear interpolation (`numpy.percentile`, method "linear").
 * @example percentile([0,0,0.61,0.62,0.65,0.7,0,0.59,0.66,0], 75) // 0.6425
 * @throws RangeError on empty input, NaN, or q outside [0, 100]
 */
export function percentile(xs: ArrayLike<number>, q: number): number {
  assertNonEmpty("percentile", xs);
  if (!(q >= 0 && q <= 100)) throw new RangeError(`percentile: q=${q} outside [0, 100]`);
  const s = Array.from(xs);
  if (s.some((x) => Number.isNaN(x))) throw new RangeError("percentile: NaN in input");
  s.sort((a, b) => a - b);
  const pos = ((s.length - 1) * q) / 100;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const frac = pos - lo;
  // numpy's _lerp form: a + (b - a) * t, flipped near t=1 for accuracy
  return frac >= 0.5 ? s[hi] - (s[hi] - s[lo]) * (1 - frac) : s[lo] + (s[hi] - s[lo]) * frac;
}
