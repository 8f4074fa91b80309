import { assertBinary, assertNonEmpty, assertSameLength } from "./assert";

/**
 * O-Score (BouncerBench Eq. 2): (1/N)·Σ (-1)^(b_i + c_i)·pass_i, where c_i = 1 if the
 * patch is incorrect and pass_i = passed / all F→P and P→P tests (0 when it has none).
 * @example oScore([1,0,1,0,0,1], [1,0,0,1,1,1], [0.5,1,1,0.9,0,0.75]) // 0.058333
 * @throws RangeError on empty/mismatched input, non-binary flags or pass outside [0,1]
 */
export function oScore(bounce: ArrayLike<number>, incorrect: ArrayLike<number>, pass: ArrayLike<number>): number {
  assertNonEmpty("oScore", bounce);
  assertSameLength("oScore", bounce, incorrect);
  assertSameLength("oScore", bounce, pass);
  assertBinary("oScore bounce", bounce);
  assertBinary("oScore incorrect", incorrect);
  let sum = 0;
  for (let i = 0; i < bounce.length; i++) {
    const p = pass[i];
    if (!(p >= 0 && p <= 1)) throw new RangeError(`oScore: pass at ${i} is ${p}, expected [0, 1]`);
    sum += ((bounce[i] + incorrect[i]) % 2 === 0 ? 1 : -1) * p;
  }
  return sum / bounce.length;
}
