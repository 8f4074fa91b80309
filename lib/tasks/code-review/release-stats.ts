// CR-Bench's Table 3 for a release: the mean per PR of the lines its fix changes, of the comments
// on its pull request, and of the length of its description, from what the release rows carry.
import { parsePatch } from "diff";
import type { ReleaseStatistics } from "@/lib/tasks/types";
import type { ReviewMetadata, ReviewTruth } from "./schemas";

/**
 * The lines a unified diff changes: its added plus its removed lines, hunk by hunk (file headers,
 * context lines and "\ No newline" markers are not counted) — SWE-bench's "lines edited" of a patch.
 * @example linesChanged("--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n") // 2
 * @throws Error when the diff is malformed
 */
export function linesChanged(diff: string): number {
  let n = 0;
  for (const file of parsePatch(diff.replace(/\r\n/g, "\n")))
    for (const h of file.hunks) for (const l of h.lines) if (l[0] === "+" || l[0] === "-") n++;
  return n;
}

/** A description's length as the paper's Python would count it: Unicode code points (`len(s)`). */
export function descriptionLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/**
 * Table 3 of CR-Bench ("average statistics per instance") over a release's PRs: `# Lines fixed`
 * (lines the fix changes, `truth.lines_fixed`; not shown when the reader may not see the truth),
 * `# PR Comments` (comments on the pull request's discussion, `metadata.pr_comments`) and
 * `PR Description Length` (characters of its description, `metadata.description`; a PR whose
 * release row gives an empty or null description counts 0). Each mean is over the PRs that carry
 * the value (n says how many); a statistic no PR carries is null. The paper's values: CR-Bench
 * 10.28 / 41.03 / 906.63, CR-Bench-verified 8.69 / 35.83 / 893.59.
 * @example reviewReleaseStatistics({ truth: true, instances: [...] }).rows[0].mean
 */
export function reviewReleaseStatistics(input: {
  instances: { truth: ReviewTruth | null; metadata: ReviewMetadata }[];
  truth: boolean;
}): ReleaseStatistics {
  const verified = input.instances.filter((i) => i.metadata.verified);
  return {
    title: "Average statistics per PR (CR-Bench Table 3)",
    prs: input.instances.length,
    rows: statisticRows(input.instances, input.truth),
    ...(verified.length
      ? { subset: { label: "CR-Bench-verified", prs: verified.length, rows: statisticRows(verified, input.truth) } }
      : {}),
    paper: [
      { label: "CR-Bench (584 PRs)", values: { lines_fixed: 10.28, pr_comments: 41.03, description_length: 906.63 } },
      {
        label: "CR-Bench-verified (174 PRs)",
        values: { lines_fixed: 8.69, pr_comments: 35.83, description_length: 893.59 },
      },
    ],
  };
}

/** Table 3's three rows over some of the release's PRs. */
function statisticRows(
  instances: { truth: ReviewTruth | null; metadata: ReviewMetadata }[],
  truth: boolean,
): ReleaseStatistics["rows"] {
  const lines = truth
    ? instances.flatMap((i) => (i.truth?.lines_fixed === undefined ? [] : [i.truth.lines_fixed]))
    : [];
  const comments = instances.flatMap((i) => (i.metadata.pr_comments === undefined ? [] : [i.metadata.pr_comments]));
  const lengths = instances.flatMap((i) =>
    i.metadata.description === undefined ? [] : [descriptionLength(i.metadata.description)],
  );
  return [
    {
      key: "lines_fixed",
      label: "# Lines fixed",
      description: "Lines the fix of the PR's bug changes (added + removed), as the release gives them.",
      mean: mean(lines),
      n: lines.length,
      ...(truth ? {} : { hidden: true as const }),
    },
    {
      key: "pr_comments",
      label: "# PR Comments",
      description: "Comments on the pull request's discussion, as the release gives them.",
      mean: mean(comments),
      n: comments.length,
    },
    {
      key: "description_length",
      label: "PR Description Length",
      description: "Characters (Unicode code points) of the pull request's description; an empty one counts 0.",
      mean: mean(lengths),
      n: lengths.length,
    },
  ];
}
