import { z } from "zod";
import type { Problem } from "@/lib/errors";
import { defineTaskKind, type Instance, type Pair } from "@/lib/tasks/define";
import { shares } from "../shared/distributions";
import { didYouMean } from "../shared/did-you-mean";
import { canonicalEnum } from "../shared/enums";
import { StoredNumber } from "../shared/schemas";
import { bugHitRecall, reviewMetrics, type CommentJudgment } from "@/lib/metrics";
import type { Metrics, MetricColumn, ParseResult } from "@/lib/tasks/types";
import { codeReviewSubmissionCharts, codeReviewTaskCharts } from "./chart-data";
import { buildReviewTemplate } from "./template";

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
const JUDGMENTS = ["bug_hit", "valid_suggestion", "noise"] as const satisfies readonly CommentJudgment[];

/** Stored truth of a PR: the bug it introduced, where it was fixed, and its taxonomy. */
export const ReviewTruth = z.object({
  bug_description: z.string(),
  fix_files: z.array(z.string()),
  category: z.enum(CATEGORIES),
  impact: z.enum(IMPACTS),
  severity: z.enum(SEVERITIES),
});
export type ReviewTruth = z.infer<typeof ReviewTruth>;
/** Public metadata of a PR. */
export const ReviewMetadata = z.object({
  repo: z.string(),
  pr_number: z.number().int(),
  title: z.string(),
  diff: z.string(),
  /** the PR's description: both agent prompts use {{ description }} (paper Table 3, Listings 4–5) */
  description: z.string().optional(),
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
      judgment: z.enum(JUDGMENTS),
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
  }),
  recallBy: z.object({ category: RecallRows, impact: RecallRows, severity: RecallRows }),
});
export type ReviewDetails = z.infer<typeof ReviewDetails>;

const COLUMNS: MetricColumn[] = [
  {
    key: "f1",
    label: "F1",
    description: "Harmonic mean of precision and recall (the ranking metric).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "recall",
    label: "Recall",
    description: "PRs with at least one bug-hit comment / PRs (each gold bug counted once).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "recall_hits",
    label: "Recall (Eq. 2)",
    description:
      "CR-Bench Eq. 2 as written: total bug-hit comments / total bugs. Equals Recall when no review hits its bug twice; above it otherwise.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "precision",
    label: "Precision",
    description: "Bug-hit comments / all comments.",
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
    key: "comments",
    label: "Comments",
    description: "Review comments posted in all.",
    better: "lower",
    format: "count",
  },
];

function parseRelease(row: Record<string, unknown>): ParseResult<Instance<ReviewTruth, ReviewMetadata>> {
  const id = typeof row.instance_id === "string" ? row.instance_id.trim() : "";
  if (!id)
    return { ok: false, problems: [{ field: "instance_id", message: "missing instance_id", expected: "a string" }] };
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  for (const f of ["repo", "title", "diff", "bug_description"])
    if (typeof row[f] !== "string" || !String(row[f]).trim()) at(f, "missing", "a string");
  const pr = typeof row.pr_number === "number" ? row.pr_number : Number(row.pr_number);
  if (!Number.isInteger(pr) || pr <= 0)
    at("pr_number", `is ${JSON.stringify(row.pr_number ?? null)}`, "a positive integer");
  let fix = row.fix_files;
  if (typeof fix === "string") {
    try {
      fix = JSON.parse(fix);
    } catch {
      fix = (fix as string)
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    }
  }
  if (!Array.isArray(fix) || !fix.every((f) => typeof f === "string")) at("fix_files", "missing", "a list of paths");
  // enumerations match whatever the case and separators; stored in their canonical spelling
  const oneOf = <E extends string>(f: string, set: readonly E[]) => {
    const c = canonicalEnum(row[f], set);
    if (c === undefined)
      at(f, `is ${JSON.stringify(row[f] ?? null)}${didYouMean(row[f], set)}`, `one of ${set.join(", ")} (any case)`);
    return c;
  };
  const category = canonicalCategory(row.category);
  if (category === undefined)
    at(
      "category",
      `is ${JSON.stringify(row.category ?? null)}${didYouMean(row.category, CATEGORIES)}`,
      `one of ${CATEGORIES.join(", ")} or the tagging prompt's names (e.g. "Interface, Integration, and System Bugs")`,
    );
  const impact = oneOf("impact", IMPACTS);
  const severity = oneOf("severity", SEVERITIES);
  if (problems.length || !category || !impact || !severity) return { ok: false, problems };
  return {
    ok: true,
    value: {
      externalId: id,
      truth: { bug_description: String(row.bug_description), fix_files: fix as string[], category, impact, severity },
      metadata: {
        repo: String(row.repo),
        pr_number: pr,
        title: String(row.title),
        diff: String(row.diff),
        ...(typeof (row.description ?? row.pr_description) === "string" &&
        String(row.description ?? row.pr_description).trim()
          ? { description: String(row.description ?? row.pr_description) }
          : {}),
      },
    },
  };
}

/** A comment's line: a whole number, or a string holding one ("42", "~42", "L42", "42-45", "L42-L45": the first). undefined: not a line. */
function lineOf(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : undefined;
  if (typeof v !== "string") return undefined;
  const m = /^\s*(?:~|≈|about\s+|approx\.?\s*|line\s*|L)?\s*(\d{1,9})(?:\s*[-–:]\s*L?\d{1,9})?\s*$/i.exec(v);
  return m ? Number(m[1]) : undefined;
}

function parsePrediction(id: string, value: unknown): ParseResult<ReviewPrediction> {
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string, path?: string) =>
    problems.push({ instanceId: id, field, message, expected, ...(path ? { path } : {}) });
  // CR-Bench's review prompt (paper Listing 5) answers with a bare array of comments: read as { comments }
  const v = (Array.isArray(value) ? { comments: value } : value) as Record<string, unknown> | null;
  // …and a bare array's paths (relative to the entry, lib/errors.ts Problem.path) say so: $[0].file
  const base = Array.isArray(value) ? "$" : "$.comments";
  const atComment = (k: number, name: string, message: string, expected?: string) =>
    at(`comments[${k}].${name}`, message, expected, `${base}[${k}].${name}`);
  if (typeof v !== "object" || v === null || !Array.isArray(v.comments)) {
    at("comments", "missing", "an array of { file, line, comment, severity?, judgment } (or the array itself)");
    return { ok: false, problems };
  }
  const comments = v.comments.map((c, k) => {
    const o = (c ?? {}) as Record<string, unknown>;
    if (typeof o.file !== "string" || !o.file) atComment(k, "file", "missing", "a path");
    // the review prompt asks for "the line number (approximate)": "42", "~42", "L42", "42-45" read as 42
    const line = lineOf(o.line);
    if (line === undefined)
      atComment(k, "line", `is ${JSON.stringify(o.line)}`, 'a line number (42, "42", "~42", "L42-45")');
    if (typeof o.comment !== "string") atComment(k, "comment", "missing", "the comment text");
    // CR-Bench's own prompts ask for "high" | "medium" | "low": any case is accepted, stored canonically
    // the CR-Evaluator (paper Listing 6) answers { "classification": "BUG_HIT|VALID_SUGGESTION|NOISE" }: the same judgment
    const jf = o.judgment === undefined && o.classification !== undefined ? "classification" : "judgment";
    const judgment = canonicalEnum(o[jf], JUDGMENTS);
    if (judgment === undefined)
      atComment(
        k,
        jf,
        `is ${JSON.stringify(o[jf] ?? null)}${didYouMean(o[jf], JUDGMENTS)}`,
        `${JUDGMENTS.join(", ")} (any case; "classification" is read the same)`,
      );
    const severity = o.severity === undefined || o.severity === null ? null : canonicalEnum(o.severity, SEVERITIES);
    if (severity === undefined)
      atComment(
        k,
        "severity",
        `is ${JSON.stringify(o.severity)}${didYouMean(o.severity, SEVERITIES)}`,
        `${SEVERITIES.join(", ")} (any case)`,
      );
    return {
      file: String(o.file),
      line: line ?? null,
      comment: String(o.comment),
      severity: severity ?? null,
      judgment: judgment ?? "noise",
    };
  });
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: { comments } };
}

type Comment = ReviewPrediction["comments"][number];

function countsOf(preds: ReviewPrediction[]) {
  let hit = 0;
  let bugHit = 0;
  let validSuggestion = 0;
  let noise = 0;
  for (const p of preds) {
    const cs: Comment[] = p.comments;
    if (cs.some((c) => c.judgment === "bug_hit")) hit++;
    for (const c of cs) {
      if (c.judgment === "bug_hit") bugHit++;
      else if (c.judgment === "valid_suggestion") validSuggestion++;
      else noise++;
    }
  }
  return { prs: preds.length, hit, bugHit, validSuggestion, noise };
}

function score(pairs: Pair<ReviewTruth, ReviewPrediction, ReviewMetadata>[]): {
  metrics: Metrics;
  primaryValue: number | null;
  details: ReviewDetails;
} {
  const c = countsOf(pairs.map((p) => p.prediction));
  const m = reviewMetrics(c);
  const breakdown = (key: "category" | "impact" | "severity", values: readonly string[]) =>
    values
      .map((value) => {
        const sub = pairs.filter((p) => p.truth[key] === value);
        const hits = sub.filter((p) => p.prediction.comments.some((x) => x.judgment === "bug_hit")).length;
        return { value, prs: sub.length, hits, recall: sub.length ? hits / sub.length : null };
      })
      .filter((r) => r.prs > 0);
  return {
    metrics: {
      ...m,
      // Eq. 2 of the paper as written (bug-hit comments / bugs); `recall` stays PR-level
      recall_hits: bugHitRecall(c),
      comments: c.bugHit + c.validSuggestion + c.noise,
      bug_hit: c.bugHit,
      valid_suggestion: c.validSuggestion,
      noise: c.noise,
      prs_hit: c.hit,
    },
    primaryValue: m.f1,
    details: {
      counts: c,
      recallBy: {
        category: breakdown("category", CATEGORIES),
        impact: breakdown("impact", IMPACTS),
        severity: breakdown("severity", SEVERITIES),
      },
    },
  };
}

/** CR-Bench: review PRs that introduced a known bug; comments judged bug_hit / valid / noise. */
export const codeReview = defineTaskKind({
  kind: "code_review",
  title: "Code review",
  // each comment's verdict comes from an LLM judge (§5, CR-Evaluator): uploads name it
  judge: {
    decides: "each review comment's verdict (bug_hit, valid_suggestion, noise)",
    paper: [
      {
        label: "Claude Sonnet 4.5 with the CR-Evaluator prompt (§6, Listing 6)",
        model: /^(anthropic\/)?claude[-_ ]?sonnet[-_ ]?4[.-]5\b/i,
        prompts: ["cr-evaluator", "cr-evaluator@listing-6"],
      },
    ],
  },
  schemas: { truth: ReviewTruth, metadata: ReviewMetadata, prediction: ReviewPrediction, details: ReviewDetails },
  columns: () => COLUMNS,
  parseReleaseRow: (row) => parseRelease(row),
  parsePrediction: (id, value) => parsePrediction(id, value),
  releaseDistributions: ({ instances, truth }) =>
    truth
      ? (["category", "impact", "severity"] as const).map((k) => ({
          title: `Bug ${k} (CR-Bench Fig. 3)`,
          rows: shares(instances.flatMap((i) => (i.truth ? [i.truth[k]] : []))),
        }))
      : [],
  score: (pairs) => score(pairs),
  outcome(_instance, prediction) {
    const cs = prediction.comments;
    const hit = cs.some((c) => c.judgment === "bug_hit");
    const noise = cs.filter((c) => c.judgment === "noise").length;
    return {
      correct: hit,
      outcome: hit ? "bug_found" : "bug_missed",
      predicted: `${cs.length} comments, ${noise} noise`,
      expected: "a comment that hits the gold bug",
    };
  },
  primaryStats(_instance, prediction) {
    const cs = prediction.comments;
    const n = (j: CommentJudgment) => cs.filter((c) => c.judgment === j).length;
    return [n("bug_hit") > 0 ? 1 : 0, n("bug_hit"), n("valid_suggestion"), n("noise")];
  },
  primaryFromStats(rows) {
    if (!rows.length) return null;
    const sum = (k: number) => rows.reduce((s, r) => s + r[k], 0);
    return reviewMetrics({ prs: rows.length, hit: sum(0), bugHit: sum(1), validSuggestion: sum(2), noise: sum(3) }).f1;
  },
  outcomeFilters: [
    { key: "bug_found", label: "Bug found" },
    { key: "bug_missed", label: "Bug missed" },
  ],
  predictionFormat: () => ({
    summary:
      'Per PR: { "comments": [{ "file", "line", "comment", "severity"?: Low|Medium|High|Critical (any case), "judgment": "bug_hit" | "valid_suggestion" | "noise" (any case) }] }, or the array of comments itself as CR-Bench\'s review prompt writes it; the CR-Evaluator\'s "classification" (BUG_HIT, VALID_SUGGESTION, NOISE) is read as the judgment. An empty list is a valid review.',
    example:
      '{ "pr-0001": { "comments": [{ "file": "src/a.py", "line": 42, "comment": "off-by-one", "judgment": "bug_hit" }] } }',
  }),
  releaseFormat: () => ({
    summary:
      "JSON array or JSONL, one PR per row: instance_id, repo, pr_number, title, diff, bug_description, fix_files: [..], category, impact, severity.",
    example:
      '{"instance_id": "pr-0001", "repo": "org/repo", "pr_number": 12, "title": "…", "diff": "…", "bug_description": "…", "fix_files": ["a.py"], "category": "Data", "impact": "Reliability", "severity": "High"}',
  }),
  template: buildReviewTemplate,
  taskCharts: codeReviewTaskCharts,
  submissionCharts: codeReviewSubmissionCharts,
});
