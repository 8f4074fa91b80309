import { passAtK } from "./pass-at-k";

export interface SuccessAtK {
  /** mean pass@k over the bugs that kept at least one trajectory; 0 when none did */
  value: number;
  /** bugs with at least one trajectory left */
  bugs: number;
}

/**
 * Filtered success@k (Abstain-and-Validate §4.2): the mean of the unbiased pass@k estimator over
 * the bugs with at least one trajectory left after the filters, using n' (trajectories left)
 * and c' (successful ones left). With no filter this is plain pass@k.
 * @example filteredSuccessAtK([{ n: 20, c: 3 }, { n: 0, c: 0 }, { n: 4, c: 1 }], 1) // { value: 0.2, bugs: 2 }
 * @throws RangeError on invalid counts (c > n, negative) or k < 1
 */
export function filteredSuccessAtK(groups: { n: number; c: number }[], k: number): SuccessAtK {
  let sum = 0;
  let bugs = 0;
  for (const g of groups) {
    if (g.n === 0) {
      if (g.c !== 0) throw new RangeError("filteredSuccessAtK: c > n");
      continue;
    }
    sum += passAtK(g.n, g.c, k);
    bugs++;
  }
  return { value: bugs === 0 ? 0 : sum / bugs, bugs };
}
