// CR-Bench's leaderboard columns (METRICS.md §6, INTERFACE.md: keys are a public contract).
import type { BoardSubset, MetricColumn } from "@/lib/tasks/types";

// The first four are the board's default columns (lib/leaderboard-columns.ts): both F1s side by side.
export const REVIEW_COLUMNS: MetricColumn[] = [
  {
    key: "f1",
    label: "F1 (per PR)",
    description:
      "Harmonic mean of precision and recall per PR (each gold bug counted once; METRICS.md §6). The ranking metric.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "f1_hits",
    label: "F1 (Eq. 2)",
    description:
      "CR-Bench's F1 as the paper defines it: harmonic mean of precision (Eq. 3) and Eq. 2's recall, bug-hit comments / bugs. Equals F1 (per PR) when no review hits its bug twice; above it otherwise, and may exceed 100 %.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "recall",
    label: "Recall (per PR)",
    description: "PRs with at least one bug-hit comment / PRs (each gold bug counted once).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "precision",
    label: "Precision",
    description: "Bug-hit comments / all comments (Eq. 3).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "recall_hits",
    label: "Recall (Eq. 2)",
    description:
      "CR-Bench Eq. 2 as written: total bug-hit comments / total bugs. Equals Recall (per PR) when no review hits its bug twice; above it otherwise.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "usefulness",
    label: "Usefulness",
    description: "(Bug hits + valid suggestions) / all comments.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "snr",
    label: "SNR",
    description: "Signal-to-noise: (bug hits + valid suggestions) / noise comments; ∞ when there is no noise.",
    better: "higher",
    format: "ratio",
  },
  {
    key: "noise_unclassified",
    label: "Unclassified",
    description:
      "Comments the server's judge gave no class for after its retries (no BUG_HIT, VALID_SUGGESTION or NOISE in its answers): counted as noise by the host's rule, so they lower SNR and Usefulness. 0 for a file that carried its own verdicts.",
    better: "lower",
    format: "count",
  },
  {
    key: "comments",
    label: "Comments",
    description: "Review comments posted in all.",
    better: "lower",
    format: "count",
  },
  // the release's CR-Bench-verified subset, when it declares one (the board's "verified" switch)
  {
    key: "verified_f1",
    // over a subset of the PRs: a hidden release never releases it (its Ladder margin is the whole release's)
    subset: true,
    label: "F1 (verified)",
    description:
      "F1 (per PR) over the release's CR-Bench-verified PRs only (the paper's 174 of 584; its results are on them). — when the release declares no subset.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "verified_recall",
    // over a subset of the PRs: a hidden release never releases it (its Ladder margin is the whole release's)
    subset: true,
    label: "Recall (verified)",
    description: "Recall (per PR) over the CR-Bench-verified PRs only.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "verified_precision",
    // over a subset of the PRs: a hidden release never releases it (its Ladder margin is the whole release's)
    subset: true,
    label: "Precision (verified)",
    description: "Bug-hit comments / all comments, over the CR-Bench-verified PRs only.",
    better: "higher",
    format: "percent1",
  },
];

/** The subset a CR-Bench release may declare, and the columns a board shows when it switches to it. */
export const VERIFIED_SUBSET: BoardSubset = {
  label: "CR-Bench-verified",
  short: "verified",
  sort: "verified_f1",
  cols: ["verified_f1", "verified_recall", "verified_precision", "f1"],
  size: "verified_prs",
};
