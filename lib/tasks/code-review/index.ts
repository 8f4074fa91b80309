import { reviewReleaseStatistics } from "./release-stats";
import type { Problem } from "@/lib/errors";
import { defineTaskKind, type Instance, type Pair } from "@/lib/tasks/define";
import { shares } from "../shared/distributions";
import { didYouMean } from "../shared/did-you-mean";
import { canonicalEnum } from "../shared/enums";
import { readBoolean } from "../shared/coerce";
import { bugHitF1, bugHitRecall, judgeAgreement, reviewMetrics, type CommentJudgment } from "@/lib/metrics";
import type { ServerJudgingDetails } from "../shared/schemas";
import type { Metrics, ParseResult } from "@/lib/tasks/types";
import { codeReviewSubmissionCharts, codeReviewTaskCharts } from "./chart-data";
import { REVIEW_COLUMNS, VERIFIED_SUBSET } from "./columns";
import { linesChanged } from "./release-stats";
import { buildReviewTemplate } from "./template";
import {
  canonicalCategory,
  CATEGORIES,
  IMPACTS,
  JUDGMENTS,
  ReviewDetails,
  ReviewMetadata,
  ReviewPrediction,
  ReviewTruth,
  SEVERITIES,
} from "./schemas";
import { crEvaluator, CR_EVALUATOR_VERSION } from "./judge";
import { syntheticReviewTask } from "./synthetic";

// the kind's shapes and enumerations, for the code that imports the kind
export * from "./schemas";

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
  const table3 = table3Fields(row, at);
  // the paper's verified subset (174 of 584 PRs): a release declares it row by row
  const verified = given(row.verified) ? readBoolean(row.verified) : false;
  if (verified === undefined)
    at(
      "verified",
      `is ${JSON.stringify(row.verified)}`,
      "true for a PR of CR-Bench-verified, false (or absent) otherwise",
    );
  const humanLabels = humanLabelsOf(row.human_labels, at);
  if (problems.length || !category || !impact || !severity) return { ok: false, problems };
  return {
    ok: true,
    value: {
      externalId: id,
      truth: {
        bug_description: String(row.bug_description),
        fix_files: fix as string[],
        category,
        impact,
        severity,
        ...(table3.linesFixed === undefined ? {} : { lines_fixed: table3.linesFixed }),
        ...(humanLabels ? { human_labels: humanLabels } : {}),
      },
      metadata: {
        repo: String(row.repo),
        pr_number: pr,
        title: String(row.title),
        diff: String(row.diff),
        ...(table3.description === undefined ? {} : { description: table3.description }),
        ...(table3.prComments === undefined ? {} : { pr_comments: table3.prComments }),
        ...(verified ? { verified: true as const } : {}),
      },
    },
  };
}

/**
 * A release row's `human_labels`: review comments a human classified, each `{ file, line?, comment,
 * label }` (the label as the judge answers: bug_hit, valid_suggestion, noise, any case;
 * "classification" is read the same). Absent or empty: none.
 */
function humanLabelsOf(v: unknown, at: (field: string, message: string, expected?: string) => void) {
  if (v === undefined || v === null || v === "") return undefined;
  if (!Array.isArray(v)) {
    at("human_labels", `is ${JSON.stringify(v).slice(0, 80)}`, "a list of { file, line?, comment, label }");
    return undefined;
  }
  const out: NonNullable<ReviewTruth["human_labels"]> = [];
  v.forEach((x, k) => {
    const o = (x ?? {}) as Record<string, unknown>;
    const label = canonicalEnum(o.label ?? o.classification, JUDGMENTS);
    const line = lineOf(o.line);
    if (typeof o.file !== "string" || typeof o.comment !== "string" || !label || line === undefined)
      at(
        `human_labels[${k}]`,
        `is ${JSON.stringify(x).slice(0, 120)}`,
        `{ file, line?, comment, label: ${JUDGMENTS.join(" | ")} }`,
      );
    else out.push({ file: o.file, line: line ?? null, comment: o.comment, label });
  });
  return out.length ? out : undefined;
}

/** A count: a whole number ≥ 0, or a string holding one (CSV). undefined: not a count. */
function countOf(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : undefined;
  if (typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v)) return Number(v);
  return undefined;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * What a release row carries for CR-Bench's Table 3 (all optional): the PR's description (an
 * empty or null one is kept as "", its length being 0), the comments on its discussion
 * (`pr_comments`: a count, or the list of them), and the lines its fix changes (`lines_fixed`, else
 * counted in `fix_patch` / `patch`, the fix's unified diff). Problems are reported through `at`.
 */
function table3Fields(row: Record<string, unknown>, at: (field: string, message: string, expected?: string) => void) {
  const out: { description?: string; prComments?: number; linesFixed?: number } = {};
  // the first of the two names that holds a value, else either one present (empty: length 0)
  const descKey =
    (["description", "pr_description"] as const).find((k) => row[k] !== undefined && row[k] !== null) ??
    (["description", "pr_description"] as const).find((k) => k in row);
  if (descKey) {
    const d = row[descKey];
    if (d === null || d === undefined) out.description = "";
    else if (typeof d === "string") out.description = d;
    else at(descKey, `is ${JSON.stringify(d)}`, "the PR's description (a string; empty or null for none)");
  }
  if (given(row.pr_comments)) {
    const n = Array.isArray(row.pr_comments) ? row.pr_comments.length : countOf(row.pr_comments);
    if (n === undefined)
      at("pr_comments", `is ${JSON.stringify(row.pr_comments)}`, "the number of comments on the PR (or their list)");
    else out.prComments = n;
  }
  if (given(row.lines_fixed)) {
    const n = countOf(row.lines_fixed);
    if (n === undefined)
      at("lines_fixed", `is ${JSON.stringify(row.lines_fixed)}`, "the number of lines the fix changes");
    else out.linesFixed = n;
  } else {
    const patchKey = given(row.fix_patch) ? "fix_patch" : given(row.patch) ? "patch" : null;
    if (patchKey) {
      const patch = row[patchKey];
      let n: number | undefined;
      try {
        n = typeof patch === "string" ? linesChanged(patch) : undefined;
      } catch {
        n = undefined;
      }
      if (!n) at(patchKey, n === 0 ? "changes no line" : "is not a unified diff", "the fix as a unified diff");
      else out.linesFixed = n;
    }
  }
  return out;
}

/** A comment's line: a whole number, or a string holding one ("42", "~42", "L42", "42-45", "L42-L45": the first). undefined: not a line. */
function lineOf(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : undefined;
  if (typeof v !== "string") return undefined;
  const m = /^\s*(?:~|≈|about\s+|approx\.?\s*|line\s*|L)?\s*(\d{1,9})(?:\s*[-–:]\s*L?\d{1,9})?\s*$/i.exec(v);
  return m ? Number(m[1]) : undefined;
}

/** Comments per pull request, and characters per comment: a review, not a flood of paid judge requests. */
export const MAX_COMMENTS = 200;
export const MAX_COMMENT_CHARS = 20_000;

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
  // each comment may be one request to the server's judge: a review has a bounded number of them
  if (v.comments.length > MAX_COMMENTS) {
    at("comments", `has ${v.comments.length} comments`, `at most ${MAX_COMMENTS} per pull request`);
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
    else if (o.comment.length > MAX_COMMENT_CHARS)
      atComment(k, "comment", `is ${o.comment.length} characters long`, `at most ${MAX_COMMENT_CHARS}`);
    // CR-Bench's own prompts ask for "high" | "medium" | "low": any case is accepted, stored canonically
    // the CR-Evaluator (paper Listing 6) answers { "classification": "BUG_HIT|VALID_SUGGESTION|NOISE" }: the same judgment
    const jf = o.judgment === undefined && o.classification !== undefined ? "classification" : "judgment";
    // no judgment (absent or null): the server's judge decides (lib/server/judging)
    const unjudged = o[jf] === undefined || o[jf] === null;
    const judgment = unjudged ? null : canonicalEnum(o[jf], JUDGMENTS);
    if (judgment === undefined)
      atComment(
        k,
        jf,
        `is ${JSON.stringify(o[jf] ?? null)}${didYouMean(o[jf], JUDGMENTS)}`,
        `${JUDGMENTS.join(", ")} (any case; "classification" is read the same), or none for the server's judge`,
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
      judgment: judgment ?? null,
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
  let unclassified = 0;
  for (const p of preds) {
    const cs: Comment[] = p.comments;
    if (cs.some((c) => c.judgment === "bug_hit")) hit++;
    for (const c of cs) {
      if (c.judgment === "bug_hit") bugHit++;
      else if (c.judgment === "valid_suggestion") validSuggestion++;
      else noise++;
      if (c.unclassified) unclassified++;
    }
  }
  return { prs: preds.length, hit, bugHit, validSuggestion, noise, unclassified };
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
  const judging = judgingDetails(pairs);
  return {
    metrics: {
      ...m,
      ...verifiedMetrics(pairs),
      // Eq. 2 of the paper as written (bug-hit comments / bugs) and the F1 the paper builds on it
      // (Eq. 4); `recall` and `f1` stay PR-level (METRICS.md §6), `f1` the ranking metric
      recall_hits: bugHitRecall(c),
      f1_hits: bugHitF1(c),
      comments: c.bugHit + c.validSuggestion + c.noise,
      bug_hit: c.bugHit,
      valid_suggestion: c.validSuggestion,
      noise: c.noise,
      // of the noise: comments the server's judge gave no class (after its retries), counted as noise
      // by the host's rule — said beside SNR, which they lower (issue 50)
      noise_unclassified: c.unclassified,
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
      ...(judging ? { judging } : {}),
    },
  };
}

/**
 * The same measures over the release's CR-Bench-verified subset (the rows it marks `verified`;
 * the paper's results, Table 4, are on it): `verified_prs`, `verified_recall`, `verified_precision`,
 * `verified_f1`. Nothing when the release declares no subset.
 */
function verifiedMetrics(pairs: Pair<ReviewTruth, ReviewPrediction, ReviewMetadata>[]): Metrics {
  const sub = pairs.filter((p) => p.metadata.verified);
  if (!sub.length) return {};
  const m = reviewMetrics(countsOf(sub.map((p) => p.prediction)));
  return { verified_prs: sub.length, verified_recall: m.recall, verified_precision: m.precision, verified_f1: m.f1 };
}

/**
 * What a server-judged score says of its judging (issue 47): the comments the host's screen found
 * addressing the judge, and a self-judged file's own verdicts against the server's (κ over the
 * three classes). Null: nothing to say (a team-judged score, or a server-judged one with neither).
 */
function judgingDetails(pairs: { prediction: ReviewPrediction }[]): ServerJudgingDetails | null {
  let addressedJudge = 0;
  const both: { human: string; judge: string }[] = [];
  let ownHit = 0;
  let serverHit = 0;
  for (const { prediction } of pairs) {
    let own = false;
    let server = false;
    for (const c of prediction.comments) {
      if (c.addressed_judge) addressedJudge++;
      if (c.own_judgment === null || c.own_judgment === undefined || c.judgment === null) continue;
      both.push({ human: c.own_judgment, judge: c.judgment });
      own ||= c.own_judgment === "bug_hit";
      server ||= c.judgment === "bug_hit";
    }
    if (own) ownHit++;
    if (server) serverHit++;
  }
  if (!addressedJudge && !both.length) return null;
  const a = both.length ? judgeAgreement(both, "bug_hit") : null;
  return {
    addressedJudge,
    self: a
      ? {
          items: a.n,
          agreement: a.agreement,
          kappa: a.kappa,
          ownPositives: both.filter((x) => x.human === "bug_hit").length,
          serverPositives: both.filter((x) => x.judge === "bug_hit").length,
          ownInstancesHit: ownHit,
          serverInstancesHit: serverHit,
        }
      : null,
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
        // the server's own templates: Listing 6 verbatim (v1), and with the comment as delimited
        // data (v2, issue 47: the classes and answer format unchanged; docs/metrics-notes.md)
        prompts: ["cr-evaluator", "cr-evaluator@listing-6", "cr-evaluator@v1", CR_EVALUATOR_VERSION],
      },
    ],
  },
  serverJudge: crEvaluator<ReviewTruth, ReviewPrediction>(),
  schemas: { truth: ReviewTruth, metadata: ReviewMetadata, prediction: ReviewPrediction, details: ReviewDetails },
  columns: () => REVIEW_COLUMNS,
  subset: VERIFIED_SUBSET,
  parseReleaseRow: (row) => parseRelease(row),
  parsePrediction: (id, value) => parsePrediction(id, value),
  releaseStatistics: (input) => reviewReleaseStatistics(input),
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
  // a slice (a category, impact, severity, repository) is read as the paper's Figure 4 reads its
  // taxonomy: by PR bug recall, the share of its PRs with a bug-hit comment
  sliceHeadline: (pairs) =>
    pairs.length
      ? {
          key: "recall",
          label: "Recall (per PR; the paper's Fig. 4)",
          values: pairs.map((p) => (p.prediction.comments.some((c) => c.judgment === "bug_hit") ? 1 : 0)),
        }
      : null,
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
      "JSON array or JSONL, one PR per row: instance_id, repo, pr_number, title, diff, bug_description, fix_files: [..], category, impact, severity; optional, for the paper's Table 3: description (the PR's; empty or null for none), pr_comments (a count, or the list), lines_fixed (a count) or fix_patch / patch (the fix's unified diff, its added + removed lines counted); human_labels: [{ file, line?, comment, label: bug_hit | valid_suggestion | noise }] (comments a human classified, to measure the server's judge against).",
    example:
      '{"instance_id": "pr-0001", "repo": "org/repo", "pr_number": 12, "title": "…", "diff": "…", "bug_description": "…", "fix_files": ["a.py"], "category": "Data", "impact": "Reliability", "severity": "High"}',
  }),
  template: buildReviewTemplate,
  taskCharts: codeReviewTaskCharts,
  submissionCharts: codeReviewSubmissionCharts,
  synthetic: (seed) => syntheticReviewTask(seed),
});
