import { assertNonEmpty } from "./assert";

/**
 * Ranks 1..n with ties given their average rank (`scipy.stats.rankdata(method="average")`).
 * @example rankData([10, 20, 20, 30]) // [1, 2.5, 2.5, 4]
 * @throws RangeError on empty input or NaN
 */
export function rankData(xs: ArrayLike<number>): number[] {
  assertNonEmpty("rankData", xs);
  const idx = Array.from({ length: xs.length }, (_, i) => i);
  for (const i of idx) if (Number.isNaN(xs[i])) throw new RangeError(`rankData: NaN at ${i}`);
  idx.sort((p, q) => xs[p] - xs[q]);
  const ranks = new Array<number>(xs.length);
  let i = 0;
  while (i < idx.length) {
    let j = i;
    while (j + 1 < idx.length && xs[idx[j + 1]] === xs[idx[i]]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[idx[k]] = avg;
    i = j + 1;
  }
  return ranks;
}
