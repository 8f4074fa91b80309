import { assertBinary, assertNonEmpty, assertSameLength } from "./assert";

/**
 * I-Score (BouncerBench Eq. 1): (2/3)·(1/N)·Σ (-1)^(1-b_i)·(label_i - 1.5),
 * label_i ∈ {0,1,2,3} the human specification label. Range [-1, 1]; 0 is chance.
 * @example iScore([1,0], [3,0]) // 1
 * @throws RangeError on empty/mismatched input, non-binary bounce, or a label outside 0..3
 */
export function iScore(bounce: ArrayLike<number>, label: ArrayLike<number>): number {
  assertNonEmpty("iScore", bounce);
  assertSameLength("iScore", bounce, label);
  assertBinary("iScore bounce", bounce);
  let sum = 0;
  for (let i = 0; i < bounce.length; i++) {
    const l = label[i];
    if (!Number.isInteger(l) || l < 0 || l > 3) throw new RangeError(`iScore: label at ${i} is ${l}, expected 0..3`);
    sum += (bounce[i] === 1 ? 1 : -1) * (l - 1.5);
  }
  return (2 / 3) * (sum / bounce.length);
}
