// CR-Bench's stored shapes (truth, metadata, prediction, score details) and its enumerations,
// apart from the kind so its chart data and release statistics read them without importing it.
import { z } from "zod";
import type { CommentJudgment } from "@/lib/metrics";
import { canonicalEnum } from "../shared/enums";
import { ServerJudgingDetails, StoredNumber } from "../shared/schemas";

export const CATEGORIES = [
  "Structural",
  "IIS",
  "RFF",
  "Data",
  "Concurrency",
  "Memory",
  "Security",
  "Coding",
  // the tagging prompt's sixth category (paper Appendix A, Listing 3), absent from Table 2
  "Test",
] as const;

/**
 * The tagging prompt's own names (paper Appendix A, Listing 3) for the categories Table 2
 * abbreviates: "Requirements, Features, and Functionality Bugs" is RFF, "Interface, Integration,
 * and System Bugs" IIS, "Test and Test Design Bugs" Test, "Memory-related Bugs" Memory,
 * "Concurrent Bugs" Concurrency; any case, with or without "Bugs".
 */
export function canonicalCategory(value: unknown): (typeof CATEGORIES)[number] | undefined {
  const direct = canonicalEnum(value, CATEGORIES);
  if (direct || typeof value !== "string") return direct;
  const key = value
    .toLowerCase()
    .replace(/\bbugs?\b/g, "")
    .replace(/[^a-z]+/g, " ")
    .trim();
  const aliases: Record<string, (typeof CATEGORIES)[number]> = {
    "requirements features and functionality": "RFF",
    "requirements features functionality": "RFF",
    "interface integration and system": "IIS",
    "interface integration system": "IIS",
    "test and test design": "Test",
    "test design": "Test",
    "memory related": "Memory",
    concurrent: "Concurrency",
    structural: "Structural",
    data: "Data",
    coding: "Coding",
    security: "Security",
    memory: "Memory",
    concurrency: "Concurrency",
  };
  return aliases[key];
}
export const IMPACTS = [
  "Functional Suitability",
  "Performance Efficiency",
  "Compatibility",
  "Usability",
  "Reliability",
  "Security",
  "Maintainability",
  "Portability",
] as const;
export const SEVERITIES = ["Low", "Medium", "High", "Critical"] as const;
export const JUDGMENTS = ["bug_hit", "valid_suggestion", "noise"] as const satisfies readonly CommentJudgment[];

/** Stored truth of a PR: the bug it introduced, where it was fixed, and its taxonomy. */
export const ReviewTruth = z.object({
  bug_description: z.string(),
  fix_files: z.array(z.string()),
  category: z.enum(CATEGORIES),
  impact: z.enum(IMPACTS),
  severity: z.enum(SEVERITIES),
  /**
   * lines the fix of the bug changes (added + removed; paper Table 3's "# Lines fixed"): the row's
   * `lines_fixed`, else counted in its fix patch (`fix_patch`, or `patch` as SWE-bench names it).
   * Truth: the size of the fix hints at the bug.
   */
  lines_fixed: z.number().int().nonnegative().optional(),
  /**
   * a sample of review comments a human classified (`human_labels` in the release row): what the
   * server's judge is measured against (κ, sensitivity, specificity; lib/server/judging/labels.ts)
   */
  human_labels: z
    .array(
      z.object({
        file: z.string(),
        line: z.number().int().nullable(),
        comment: z.string(),
        label: z.enum(["bug_hit", "valid_suggestion", "noise"]),
      }),
    )
    .optional(),
});
export type ReviewTruth = z.infer<typeof ReviewTruth>;
/** Public metadata of a PR. */
export const ReviewMetadata = z.object({
  repo: z.string(),
  pr_number: z.number().int(),
  title: z.string(),
  diff: z.string(),
  /**
   * the PR's description: both agent prompts use {{ description }} (paper Listings 4–5); "" when the
   * release row gives an empty or null one (its length, Table 3, is 0), absent when it gives none
   */
  description: z.string().optional(),
  /** comments on the pull request's discussion (paper Table 3's "# PR Comments"), when the release gives them */
  pr_comments: z.number().int().nonnegative().optional(),
  /** in CR-Bench-verified, the paper's 174 PRs of the 584 (a release declares the subset with `verified` on its rows) */
  verified: z.literal(true).optional(),
});
export type ReviewMetadata = z.infer<typeof ReviewMetadata>;
/** A stored review: its comments, each judged. */
export const ReviewPrediction = z.object({
  comments: z.array(
    z.object({
      file: z.string(),
      line: z.number().int().nullable(),
      comment: z.string(),
      severity: z.enum(SEVERITIES).nullable(),
      /** null: not judged in the file (the server's judge decides: lib/server/judging) */
      judgment: z.enum(JUDGMENTS).nullable(),
      /**
       * Never in a file (the parser drops unknown fields); set when the server's verdicts are put in
       * place for scoring: the file's own verdict, kept beside the server's `judgment` (a
       * self-judged file on a public release; issue 47)
       */
      own_judgment: z.enum(JUDGMENTS).nullable().optional(),
      /** …and whether the host's screen found text in it addressed to the judge (./injection.ts) */
      addressed_judge: z.boolean().optional(),
      /** …and whether the judge's answers on it never gave a class (after the retries): counted as noise */
      unclassified: z.boolean().optional(),
    }),
  ),
});
export type ReviewPrediction = z.infer<typeof ReviewPrediction>;
const RecallRows = z.array(
  z.object({ value: z.string(), prs: z.number().int(), hits: z.number().int(), recall: StoredNumber }),
);
/** Score details: comment counts and recall by category, impact and severity. */
export const ReviewDetails = z.object({
  counts: z.object({
    prs: z.number().int(),
    hit: z.number().int(),
    bugHit: z.number().int(),
    validSuggestion: z.number().int(),
    noise: z.number().int(),
    /** of the noise: comments the server's judge gave no class (absent in scores from before issue 50) */
    unclassified: z.number().int().optional(),
  }),
  recallBy: z.object({ category: RecallRows, impact: RecallRows, severity: RecallRows }),
  /** server-judged scores: comments that addressed the judge, and a self-judged file's agreement with the server */
  judging: ServerJudgingDetails.optional(),
});
export type ReviewDetails = z.infer<typeof ReviewDetails>;
