import { assertNonEmpty } from "./assert";
import { percentile } from "./percentile";

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * Line-level operations of a unified diff: added plus deleted lines (Abstain-and-Validate §7 and
 * Figure 15, "the number of line-level operations (addition/deletions) per patch"). Lines are
 * read inside each hunk by its header's counts, so a deleted line whose text starts with "--"
 * is an operation and a file header ("--- a/x", "+++ b/x") never is. Text with no hunk header is
 * read line by line: every line starting with "+" or "-" but not "+++ " / "--- ".
 * @example countPatchLineOps("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n") // 2
 * @throws TypeError when patch is not a string
 */
export function countPatchLineOps(patch: string): number {
  if (typeof patch !== "string") throw new TypeError("countPatchLineOps: patch is not a string");
  const lines = patch.split(/\r?\n/);
  if (!lines.some((l) => HUNK.test(l))) return lines.filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l)).length;
  let ops = 0;
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of lines) {
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith("\\")) continue; // "\ No newline at end of file"
      if (line.startsWith("-")) {
        ops++;
        oldLeft--;
      } else if (line.startsWith("+")) {
        ops++;
        newLeft--;
      } else {
        oldLeft--;
        newLeft--;
      }
      continue;
    }
    const h = HUNK.exec(line);
    if (h) {
      oldLeft = h[1] === undefined ? 1 : Number(h[1]);
      newLeft = h[2] === undefined ? 1 : Number(h[2]);
    }
  }
  return ops;
}

/** Upper edges of the line-operation bins Figure 15 is drawn in (the last bin is open). */
export const LINE_OPS_BINS = [5, 10, 20, 50, 100] as const;

/** How many patches, their mean and median operations, and the count in each bin. */
export interface LineOpsSummary {
  n: number;
  mean: number;
  median: number;
  /** counts per bin: ≤5, 6–10, 11–20, 21–50, 51–100, >100 */
  bins: number[];
}

/**
 * Summarizes line operations of a set of patches (Figure 15: accepted vs rejected patches).
 * @example summarizeLineOps([2, 8, 30]) // { n: 3, mean: 13.333333, median: 8, bins: [1, 1, 0, 1, 0, 0] }
 * @throws RangeError on empty input or a negative or non-integer count
 */
export function summarizeLineOps(ops: number[]): LineOpsSummary {
  assertNonEmpty("summarizeLineOps", ops);
  const bins = new Array<number>(LINE_OPS_BINS.length + 1).fill(0);
  for (const x of ops) {
    if (!Number.isInteger(x) || x < 0) throw new RangeError(`summarizeLineOps: ${x} is not a count`);
    const i = LINE_OPS_BINS.findIndex((edge) => x <= edge);
    bins[i === -1 ? LINE_OPS_BINS.length : i]++;
  }
  return { n: ops.length, mean: ops.reduce((a, b) => a + b, 0) / ops.length, median: percentile(ops, 50), bins };
}
