// CR-Bench's kind (issue 33): Eq. 2's F1 beside the per-PR one, Table 3's statistics from the
// release rows, Table 4 as chart data, the slice headline, and the taxonomy as breakdown slices.
import { describe, expect, it } from "vitest";
import { BREAKDOWN_ATTRIBUTES, computeBreakdowns, offeredAttributes } from "@/lib/tasks/shared/breakdowns";
import type { ChartSeries } from "@/lib/tasks/define";
import { reviewTable4 } from "./chart-data";
import { codeReview, type ReviewMetadata, type ReviewTruth } from "./index";
import { descriptionLength, linesChanged, reviewReleaseStatistics } from "./release-stats";

const base = {
  repo: "o/r",
  pr_number: 7,
  title: "t",
  diff: "d",
  bug_description: "b",
  fix_files: ["a.py"],
  category: "Structural",
  impact: "Reliability",
  severity: "High",
};
const parse = (row: Record<string, unknown>) =>
  codeReview.parseReleaseRow({ instance_id: "pr-1", ...base, ...row }, {});
const ok = (row: Record<string, unknown>) => {
  const r = parse(row);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value as { externalId: string; truth: ReviewTruth; metadata: ReviewMetadata };
};

// a removed line that itself starts with "--" (an SQL comment) is a changed line, not a header
const FIX = [
  "diff --git a/q.sql b/q.sql",
  "--- a/q.sql",
  "+++ b/q.sql",
  "@@ -1,3 +1,4 @@",
  " select 1;",
  "--- old comment",
  "+-- new comment",
  "+select 3;",
  " select 2;",
  "",
].join("\n");

describe("release rows: Table 3's inputs", () => {
  it("counts the fix patch's added + removed lines (lines_fixed, truth)", () => {
    expect(linesChanged(FIX)).toBe(3);
    expect(ok({ fix_patch: FIX }).truth.lines_fixed).toBe(3);
    expect(ok({ patch: FIX }).truth.lines_fixed).toBe(3);
    // an explicit count wins over the patch; CSV strings are read
    expect(ok({ lines_fixed: 12, patch: FIX }).truth.lines_fixed).toBe(12);
    expect(ok({ lines_fixed: "5" }).truth.lines_fixed).toBe(5);
    expect(ok({}).truth.lines_fixed).toBeUndefined();
    expect("lines_fixed" in ok({}).metadata).toBe(false);
  });
  it("reads pr_comments as a count or a list (metadata)", () => {
    expect(ok({ pr_comments: 41 }).metadata.pr_comments).toBe(41);
    expect(ok({ pr_comments: "3" }).metadata.pr_comments).toBe(3);
    expect(ok({ pr_comments: [{ body: "a" }, { body: "b" }] }).metadata.pr_comments).toBe(2);
    expect(ok({}).metadata.pr_comments).toBeUndefined();
  });
  it("keeps the description as given; an empty or null one as '' (length 0), none when absent", () => {
    expect(ok({ description: "Fixes #1" }).metadata.description).toBe("Fixes #1");
    expect(ok({ pr_description: "body" }).metadata.description).toBe("body");
    expect(ok({ description: null }).metadata.description).toBe("");
    expect(ok({ description: null, pr_description: "body" }).metadata.description).toBe("body");
    expect(ok({ description: "" }).metadata.description).toBe("");
    expect(ok({}).metadata.description).toBeUndefined();
  });
  it("names what is wrong", () => {
    const fields = (row: Record<string, unknown>) => {
      const r = parse(row);
      return r.ok ? [] : r.problems.map((p) => `${p.field}: ${p.message}`);
    };
    expect(fields({ pr_comments: -1 })).toEqual(["pr_comments: is -1"]);
    expect(fields({ lines_fixed: 2.5 })).toEqual(["lines_fixed: is 2.5"]);
    expect(fields({ fix_patch: "--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n x\n" })).toEqual(["fix_patch: changes no line"]);
    expect(fields({ fix_patch: "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n" })).toEqual([
      "fix_patch: is not a unified diff",
    ]);
    expect(fields({ description: 42 })).toEqual(["description: is 42"]);
  });
});

describe("Table 3 (average statistics per PR)", () => {
  const instances = [
    ok({ lines_fixed: 4, pr_comments: 10, description: "abc" }),
    ok({ lines_fixed: 9, pr_comments: 0, description: null }),
    // "é" and "😀" are one character each, as Python's len counts them
    ok({ patch: FIX, description: "é😀" }),
  ];
  it("means over the PRs that carry each value, n saying how many", () => {
    const t = reviewReleaseStatistics({ instances, truth: true });
    expect(t.prs).toBe(3);
    const by = Object.fromEntries(t.rows.map((r) => [r.key, r]));
    // lines (4 + 9 + 3) / 3; comments (10 + 0) / 2; description (3 + 0 + 2) / 3
    expect(by.lines_fixed).toMatchObject({ mean: 16 / 3, n: 3 });
    expect(by.pr_comments).toMatchObject({ mean: 5, n: 2 });
    expect(by.description_length).toMatchObject({ mean: 5 / 3, n: 3 });
    expect(t.rows.map((r) => r.label)).toEqual(["# Lines fixed", "# PR Comments", "PR Description Length"]);
    expect(descriptionLength("é😀")).toBe(2);
  });
  it("leaves out the lines fixed where the reader may not see the truth", () => {
    const t = reviewReleaseStatistics({ instances: instances.map((i) => ({ ...i, truth: null })), truth: false });
    expect(t.rows[0]).toMatchObject({ key: "lines_fixed", mean: null, n: 0, hidden: true });
    expect(t.rows[1].mean).toBe(5);
  });
  it("is null for a statistic no PR carries", () => {
    const t = reviewReleaseStatistics({ instances: [ok({})], truth: true });
    expect(t.rows.map((r) => r.mean)).toEqual([null, null, null]);
  });
});

// four PRs: PR 1 hit twice, PR 2 once, PRs 3 and 4 missed; 10 comments, 3 bug hits
const taxonomy = [
  { category: "Structural", impact: "Reliability", severity: "High" },
  { category: "Structural", impact: "Functional Suitability", severity: "Medium" },
  { category: "Data", impact: "Reliability", severity: "High" },
  { category: "Data", impact: "Functional Suitability", severity: "Low" },
];
const judgments = [
  ["bug_hit", "bug_hit", "noise"],
  ["bug_hit", "valid_suggestion", "valid_suggestion"],
  ["noise", "valid_suggestion"],
  ["noise", "noise"],
];
const prs = taxonomy.map((t, k) =>
  codeReview.parseReleaseRow({ instance_id: `pr-${k + 1}`, ...base, ...t, repo: k < 2 ? "o/a" : "o/b" }, {}),
);
const instances = prs.map((r) => {
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.value;
});
const predictions = new Map(
  instances.map((inst, k) => [
    inst.externalId,
    {
      comments: judgments[k].map((judgment, j) => ({ file: "a.py", line: j, comment: "c", severity: null, judgment })),
    },
  ]),
);
const pairs = instances.map((i) => ({
  truth: i.truth,
  metadata: i.metadata,
  prediction: predictions.get(i.externalId)!,
}));

describe("score: F1 (per PR) and F1 (Eq. 2)", () => {
  it("stores both; the per-PR F1 stays the primary value", () => {
    const { metrics, primaryValue } = codeReview.score(pairs, {});
    // precision 3/10; recall per PR 2/4 → F1 0.375; Eq. 2 recall 3/4 → F1 3/7
    expect(metrics.precision).toBeCloseTo(0.3, 12);
    expect(metrics.recall).toBeCloseTo(0.5, 12);
    expect(metrics.f1).toBeCloseTo(0.375, 12);
    expect(metrics.recall_hits).toBeCloseTo(0.75, 12);
    expect(metrics.f1_hits).toBeCloseTo(3 / 7, 12);
    expect(primaryValue).toBe(metrics.f1);
    const rows = instances.map((i) => codeReview.primaryStats(i, predictions.get(i.externalId)!, {}));
    expect(codeReview.primaryFromStats(rows, {})).toBeCloseTo(0.375, 12);
  });
  it("keeps every published key and shows both F1s first (the board's default columns)", () => {
    const keys = codeReview.columns({}).map((c) => c.key);
    for (const k of ["recall", "precision", "f1", "usefulness", "snr", "recall_hits", "f1_hits"])
      expect(keys).toContain(k);
    expect(keys.slice(0, 4)).toEqual(["f1", "f1_hits", "recall", "precision"]);
    const label = (k: string) => codeReview.columns({}).find((c) => c.key === k)!.label;
    expect([label("f1"), label("f1_hits")]).toEqual(["F1 (per PR)", "F1 (Eq. 2)"]);
  });
});

describe("Table 4 as the task page's chart data", () => {
  it("one row per board row, the paper's columns with both readings of recall and F1", () => {
    const { metrics } = codeReview.score(pairs, {});
    const series: ChartSeries<Record<string, unknown>>[] = [
      { id: "s1", name: "Reflexion", baseline: false, primary: 0.375, ci: null, metrics, details: null },
      {
        id: "s2",
        name: "Old score",
        baseline: false,
        primary: 0.1,
        ci: null,
        metrics: { f1: 0.1, snr: null },
        details: null,
      },
    ];
    const charts = codeReview.taskCharts!({
      series,
      overlay: [],
      hidden: false,
      lengths: null,
      options: {},
      thin: (c) => c,
    }) as {
      table4: {
        columns: { key: string; label: string; format: string }[];
        rows: { name: string; values: Record<string, number | null> }[];
      };
    };
    const t = charts.table4;
    expect(t.columns.map((c) => c.key)).toEqual([
      "recall",
      "recall_hits",
      "precision",
      "f1",
      "f1_hits",
      "usefulness",
      "snr",
    ]);
    expect(t.columns.find((c) => c.key === "snr")!.format).toBe("ratio");
    expect(t.rows[0]).toMatchObject({ name: "Reflexion", values: { recall_hits: 0.75 } });
    expect(t.rows[0].values.f1).toBeCloseTo(0.375, 12);
    expect(t.rows[0].values.f1_hits).toBeCloseTo(3 / 7, 12);
    // a score stored before f1_hits existed: null until re-scored
    expect(t.rows[1].values).toMatchObject({ f1: 0.1, f1_hits: null, snr: null });
  });
  it("carries the paper's Agent and Model columns when the system states them", () => {
    const t = reviewTable4([
      { id: "a", name: "r1", baseline: false, metrics: {}, meta: { agent: "Reflexion", base_model: "gpt-5.2" } },
      { id: "b", name: "r2", baseline: false, metrics: {} },
    ]);
    expect(t.rows.map((r) => [r.agent, r.model])).toEqual([
      ["Reflexion", "gpt-5.2"],
      [null, null],
    ]);
  });
});

describe("slices: the paper's Figure 4 reads PR bug recall", () => {
  it("the slice headline is per-PR recall", () => {
    const h = codeReview.sliceHeadline!(pairs.slice(0, 3), {});
    expect(h).toMatchObject({ key: "recall", values: [1, 1, 0] });
    expect(codeReview.sliceHeadline!([], {})).toBeNull();
  });
  it("slices by repository carry it", () => {
    const b = computeBreakdowns(codeReview, {}, instances, predictions).repository;
    expect(b.map((s) => [s.value, s.n, s.metrics.recall, s.headline?.value])).toEqual([
      ["o/a", 2, 1, 1],
      ["o/b", 2, 0, 0],
    ]);
  });
  // BREAKDOWN_ATTRIBUTES (lib/tasks/shared/breakdowns.ts) gains entries reading truth.category,
  // truth.impact and truth.severity: this checks them as soon as they are there
  const has = (k: string) => BREAKDOWN_ATTRIBUTES.some((a) => a.key === k);
  it.skipIf(!(has("impact") && has("severity")))("category, impact and severity are breakdown attributes", () => {
    const offered = offeredAttributes(codeReview, {}, instances).map((a) => a.key);
    expect(offered).toEqual(expect.arrayContaining(["category", "impact", "severity"]));
    const b = computeBreakdowns(codeReview, {}, instances, predictions);
    const recall = (k: string) => Object.fromEntries(b[k].map((s) => [s.value, s.metrics.recall]));
    expect(recall("category")).toEqual({ Structural: 1, Data: 0 });
    expect(recall("impact")).toEqual({ Reliability: 0.5, "Functional Suitability": 0.5 });
    expect(recall("severity")).toEqual({ High: 0.5, Medium: 1, Low: 0 });
  });
});

describe("CR-Bench-verified: a subset the release declares (issue 50 item 5)", () => {
  // PRs 1 and 3 verified: PR 1 hit (3 comments, 2 bug hits), PR 3 missed (2 comments)
  const marked = taxonomy.map((t, k) =>
    codeReview.parseReleaseRow(
      { instance_id: `pr-${k + 1}`, ...base, ...t, ...(k % 2 === 0 ? { verified: k === 0 ? true : "true" } : {}) },
      {},
    ),
  );
  const inst = marked.map((r) => {
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    return r.value;
  });
  const subPairs = inst.map((i) => ({
    truth: i.truth,
    metadata: i.metadata,
    prediction: predictions.get(i.externalId)!,
  }));
  it("reads `verified` per row and scores the subset beside the whole release", () => {
    expect(inst.map((i) => (i.metadata as { verified?: true }).verified ?? false)).toEqual([true, false, true, false]);
    const { metrics } = codeReview.score(subPairs, {});
    // the whole release unchanged
    expect(metrics.f1).toBeCloseTo(0.375, 12);
    // the subset: recall 1/2, precision 2/5 → F1 2·0.4·0.5/0.9
    expect(metrics.verified_prs).toBe(2);
    expect(metrics.verified_recall).toBeCloseTo(0.5, 12);
    expect(metrics.verified_precision).toBeCloseTo(0.4, 12);
    expect(metrics.verified_f1).toBeCloseTo(0.4 / 0.9, 12);
    // no subset declared: no subset metric
    expect(codeReview.score(pairs, {}).metrics.verified_f1).toBeUndefined();
    expect(codeReview.subset).toMatchObject({ sort: "verified_f1", size: "verified_prs" });
  });
  it("names a value that is not a yes or no", () => {
    const r = codeReview.parseReleaseRow({ instance_id: "x", ...base, verified: "maybe" }, {});
    expect(r.ok ? [] : r.problems.map((p) => `${p.field}: ${p.message}`)).toEqual(['verified: is "maybe"']);
  });
  it("gives Table 3 for the subset too, beside the paper's values of both sets", () => {
    const t = reviewReleaseStatistics({
      instances: [
        ok({ pr_comments: 10, verified: true }),
        ok({ pr_comments: 2 }),
        ok({ pr_comments: 4, verified: true }),
      ],
      truth: true,
    });
    expect(t.rows[1]).toMatchObject({ key: "pr_comments", mean: 16 / 3, n: 3 });
    expect(t.subset).toMatchObject({ label: "CR-Bench-verified", prs: 2 });
    expect(t.subset!.rows[1]).toMatchObject({ key: "pr_comments", mean: 7, n: 2 });
    expect(t.paper!.map((p) => p.values.pr_comments)).toEqual([41.03, 35.83]);
    expect(reviewReleaseStatistics({ instances: [ok({})], truth: true }).subset).toBeUndefined();
  });
});
