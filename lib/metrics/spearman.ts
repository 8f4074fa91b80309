import { pearson } from "./pearson";
import { rankData } from "./rank-data";
import { assertSameLength } from "./assert";

/**
 * Spearman rank correlation: Pearson's r of the average ranks
 * (`scipy.stats.spearmanr`). Null when either side is constant.
 * @example spearman([1,2,3,4], [1,3,2,4]) // 0.8
 * @throws RangeError on empty or mismatched input
 */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  assertSameLength("spearman", x, y);
  return pearson(rankData(x), rankData(y));
}
