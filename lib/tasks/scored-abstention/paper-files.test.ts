// The paper's own output files load and score (issue 33): judgments only where the paper has
// them, the validator's ReviewResponse fields, null scores of rejected patches — and what a
// trajectory without a validation counts as (rejected), read without ever touching the truth.
import { describe, expect, it } from "vitest";
import { AppError, type Problem } from "@/lib/errors";
import { getTaskKind } from "@/lib/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { validatePredictionText, validateReleaseFile, type KindTask } from "@/lib/tasks/validate";
import {
  AV_PAPER_EXPECTED,
  AV_PAPER_PREDICTIONS,
  AV_PAPER_RELEASE,
  explicitRejections,
  toJsonl,
} from "../../../test/fixtures/av-paper-files";
import { scoredAbstention } from "./index";
import { AvDetails } from "./model";
import { avExtraCharts } from "./chart-data";
import { reportTraits } from "@/lib/metrics";

const kind = getTaskKind("scored_abstention");
const task: KindTask = { kind, options: kind.parseOptions({}) };
const release = (rows: unknown[] = AV_PAPER_RELEASE) =>
  validateReleaseFile(task, JSON.stringify(rows), "release.json").instances;

function scoreFile(text: string, instances: StoredInstance[] = release()) {
  const { predictions } = validatePredictionText(task, instances, text, "predictions.jsonl");
  const pairs = instances
    .filter((i) => predictions.has(i.externalId))
    .map((i) => ({ truth: i.truth, metadata: i.metadata, prediction: predictions.get(i.externalId)! }));
  const s = kind.score(pairs, task.options);
  return { ...s, details: AvDetails.parse(s.details), predictions };
}

function problemsOf(text: string, instances: StoredInstance[] = release()): Problem[] {
  try {
    validatePredictionText(task, instances, text, "predictions.json");
  } catch (e) {
    if (e instanceof AppError) return (e.details as { problems: Problem[] }).problems;
    throw e;
  }
  return [];
}

const withTrajectories = (id: string, trajectories: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ...Object.fromEntries(AV_PAPER_PREDICTIONS.map(({ instance_id, ...p }) => [instance_id, p])),
    [id]: { ...AV_PAPER_PREDICTIONS.find((p) => p.instance_id === id), instance_id: undefined, trajectories, ...extra },
  });

describe("a file in the paper's shape", () => {
  const r = scoreFile(toJsonl(AV_PAPER_PREDICTIONS));

  it("loads: only judged trajectories are stored", () => {
    expect(r.predictions.size).toBe(4);
    expect(r.predictions.get("av-b")).toEqual({
      abstentionScore: 0.6,
      trajectories: [
        { id: "b1", judgment: true, score: 0.7 },
        { id: "b2", judgment: true, score: 0.6 },
      ],
    });
    // a rejected patch's null score is 0
    expect(r.predictions.get("av-a")).toMatchObject({ trajectories: [{ id: "a1" }, { id: "a2", score: 0 }] });
    expect(r.predictions.get("av-c")).toEqual({ abstentionScore: 0.3, trajectories: [] });
  });

  it("scores as worked out by hand", () => {
    for (const [key, want] of Object.entries(AV_PAPER_EXPECTED)) expect(r.metrics[key], key).toBeCloseTo(want, 12);
    expect(r.primaryValue).toBeCloseTo(AV_PAPER_EXPECTED.combined_binary_success_at_1, 12);
    expect(r.details.cutoffs.p75).toBeCloseTo(0.75, 12);
    expect(r.details.cutoffs.p90).toBeCloseTo(0.84, 12);
    expect(r.details.unjudged).toEqual({ total: 5, passingFilter: 1 });
  });

  it("a missing judgment scores exactly like an explicit rejection (Table 4's judged-only rates aside)", () => {
    const explicit = explicitRejections();
    const e = scoreFile(toJsonl(explicit));
    const sixTwo = (m: typeof r.metrics) =>
      Object.fromEntries(Object.entries(m).filter(([k]) => !k.endsWith("_judged")));
    expect(sixTwo(e.metrics)).toEqual(sixTwo(r.metrics));
    // issue 50, item 4: the FALSE row over §6.2's population (the unjudged trajectory passing the
    // filter counted as rejected) and over Table 4's (judged only) — sklearn on the filter-passing
    // trajectories, y_true = success [1,1,1,0,0,0,0], y_pred = accepted [1,1,1,1,0,0,0]:
    // precision_score(pos_label=0) = 1.0, recall_score(pos_label=0) = 0.75; without the unjudged
    // (last) one: 1.0 and 0.6667. Judged explicitly, it is in both populations.
    expect(r.metrics.validation_false_precision).toBe(1);
    expect(r.metrics.validation_false_recall).toBeCloseTo(0.75, 12);
    expect(r.metrics.validation_false_precision_judged).toBe(1);
    expect(r.metrics.validation_false_recall_judged).toBeCloseTo(2 / 3, 12);
    expect(e.metrics.validation_false_recall_judged).toBeCloseTo(0.75, 12);
    expect(e.details.unjudged).toEqual({ total: 0, passingFilter: 0 });
    // …and so does a null judgment (a pandas export of the unjudged rows)
    const nulls = explicit.map((p) => ({
      ...p,
      trajectories: p.trajectories.map((t) =>
        "is_bug_fixed" in t ? t : { trajectory_id: t.trajectory_id, is_bug_fixed: null, internal_score: null },
      ),
    }));
    expect(scoreFile(toJsonl(nulls)).metrics).toEqual(r.metrics);
  });

  it("reads nothing of the truth: the same answer whatever the regression flags", () => {
    // the kind's own parser, given instances whose truth throws when read
    for (const [i, inst] of release().entries()) {
      const sealed = Object.defineProperty({ externalId: inst.externalId, metadata: inst.metadata }, "truth", {
        get: () => {
          throw new Error("the parser read the truth");
        },
      }) as Parameters<typeof scoredAbstention.def.parsePrediction>[3];
      const { instance_id, ...value } = AV_PAPER_PREDICTIONS[i];
      expect(scoredAbstention.def.parsePrediction(instance_id, value, task.options, sealed).ok).toBe(true);
    }
    const flipped = release(
      AV_PAPER_RELEASE.map((b) => ({
        ...b,
        trajectories: b.trajectories.map((t) => ({ ...t, passes_regression: !t.passes_regression })),
      })),
    );
    expect(problemsOf(toJsonl(AV_PAPER_PREDICTIONS), flipped)).toEqual([]);
  });

  it("stores success@k at every k the release has, Table 4 both ways, Figure 14 and Figure 15", () => {
    // the most trajectories of a bug is 4
    for (const v of Object.values(r.details.successAtK)) expect(v).toHaveLength(4);
    expect(r.details.validationRecallAtK!.binary).toHaveLength(4);
    const x = avExtraCharts(r.details);
    const row = (population: string, approach: string, label: string) =>
      x.table4.find((t) => t.population === population && t.approach === approach && t.label === label)!;
    expect(row("filtered", "Validation (binary)", "FALSE")).toEqual({
      population: "filtered",
      approach: "Validation (binary)",
      label: "FALSE",
      precision: 1,
      recall: 0.75,
      support: 4,
    });
    // over the judged ones only (Table 4's own population): b3 is not there
    expect(row("judged", "Validation (binary)", "FALSE")).toMatchObject({ precision: 1, support: 3 });
    expect(row("judged", "Validation (binary)", "FALSE").recall).toBeCloseTo(2 / 3, 12);
    expect(row("filtered", "Prevalence (build/test)", "TRUE").precision).toBeCloseTo(3 / 7, 12);
    expect(x.fpr.find((f) => f.decision === "binary")).toEqual({ decision: "binary", filtered: 0.25, judged: 1 / 3 });
    expect(x.patchText).toBe(true);
    expect(x.patchOps).toEqual({
      decision: "p75",
      accepted: { n: 2, mean: 3, median: 3, bins: [2, 0, 0, 0, 0, 0] },
      rejected: { n: 4, mean: 9, median: 9, bins: [0, 3, 1, 0, 0, 0] },
    });
    expect(x.policyLabels.regression).toBe("build-and-test");
  });

  it("a release without patch text has no Figure 15 (and says so)", () => {
    const bare = release(
      AV_PAPER_RELEASE.map((b) => ({
        ...b,
        trajectories: b.trajectories.map(({ patch, ...t }) => ({ ...t, has_patch: patch !== "" })),
      })),
    );
    const s = scoreFile(toJsonl(AV_PAPER_PREDICTIONS), bare);
    expect(s.details.patchOps).toBeNull();
    expect(avExtraCharts(s.details).patchText).toBe(false);
    expect(s.metrics).toEqual(r.metrics);
  });
});

describe("Table 3 / Figure 12: the bug reports attempted vs abstained on", () => {
  it("reads each report's traits and splits them by the upload's abstention (τ = 0.5)", () => {
    // av-a (0.8) and av-b (0.6) are attempted, av-c (0.3) and av-d (0.1) abstained on
    const withText = release(
      AV_PAPER_RELEASE.map((b) =>
        b.instance_id === "av-a"
          ? { ...b, description: "In google3/pay/amount.cc, toDouble_v2 fails:\n```\nparseAmount(x)\n```" }
          : b.instance_id === "av-d"
            ? { ...b, description: "Build //sync/tasks:child_test breaks" }
            : b,
      ),
    );
    const s = scoreFile(toJsonl(AV_PAPER_PREDICTIONS), withText);
    const a = reportTraits(
      "Crash when the amount is integral",
      "In google3/pay/amount.cc, toDouble_v2 fails:\n```\nparseAmount(x)\n```",
    );
    // by hand: toDouble_v2 and parseAmount are code-like; the titles have none
    expect(a.identifiers).toBe(2);
    expect(s.details.reportTraits).toEqual({
      attempt: {
        bugs: 2,
        identifiers: 1,
        chars: (a.chars + "Wrong link for sequencer runs".length) / 2,
        repoRoot: 0.5,
        buildRule: 0,
        codeTicks: 0.5,
      },
      abstain: {
        bugs: 2,
        // child_test
        identifiers: 0.5,
        chars: ("Flaky storage estimate".length + "Empty child task list fails the sync".length + 36) / 2,
        repoRoot: 0,
        buildRule: 0.5,
        codeTicks: 0,
      },
    });
    expect(avExtraCharts(s.details).reportTraits).toEqual(s.details.reportTraits);
    // the metrics do not move with the text
    expect(s.metrics).toEqual(scoreFile(toJsonl(AV_PAPER_PREDICTIONS)).metrics);
  });
});

describe("what stays strict", () => {
  it("an accepted patch needs its score; a score needs its judgment; a judgment is a boolean", () => {
    const cases: [unknown[], RegExp][] = [
      [[{ trajectory_id: "b1", validation_judgment: true, validation_score: null }], /validation_score/],
      [[{ trajectory_id: "b1", is_bug_fixed: true }], /internal_score/],
      [[{ trajectory_id: "b1", validation_judgment: null, validation_score: 0.4 }], /validation_judgment/],
      [[{ trajectory_id: "b1", validation_judgment: "yes", validation_score: 0.4 }], /validation_judgment/],
      [[{ trajectory_id: "b1", validation_judgment: false, validation_score: 1.5 }], /validation_score/],
      [
        [
          { trajectory_id: "b1", validation_judgment: false },
          { trajectory_id: "b1", validation_judgment: false },
        ],
        /duplicate/,
      ],
    ];
    for (const [trajectories, field] of cases) {
      const p = problemsOf(withTrajectories("av-b", trajectories));
      expect(p, JSON.stringify(trajectories)).toHaveLength(1);
      expect(`${p[0].field} ${p[0].message}`).toMatch(field);
      expect(p[0].instanceId).toBe("av-b");
    }
  });

  it("a missing trajectories key is a problem; null and [] say nothing was judged", () => {
    expect(problemsOf(withTrajectories("av-b", [], { trajectories: undefined }))[0]).toMatchObject({
      field: "trajectories",
      message: "missing",
    });
    expect(problemsOf(withTrajectories("av-b", [], { trajectories: null }))).toEqual([]);
    expect(problemsOf(withTrajectories("av-b", []))).toEqual([]);
    expect(problemsOf(withTrajectories("av-b", [], { trajectories: "b1" }))[0].field).toBe("trajectories");
  });

  it("an unknown id names the trajectories still without a validation (probably one of them misspelled)", () => {
    const p = problemsOf(withTrajectories("av-b", [{ trajectory_id: "b9", validation_judgment: false }]));
    expect(p).toHaveLength(1);
    expect(p[0].message).toBe("unknown trajectory id b9");
    expect(p[0].expected).toMatch(/no validation for trajectory b1, b2, b3/);
  });

  it("an untouched template entry names its blanks; once anything is filled, a null judgment is 'not judged'", () => {
    const blank = { trajectory_id: "b1", validation_judgment: null, validation_score: null };
    const p = problemsOf(withTrajectories("av-b", [blank], { abstention_score: null }));
    expect(p.map((x) => x.field).sort()).toEqual(["abstention_score", "trajectories[0].validation_judgment"]);
    expect(problemsOf(withTrajectories("av-b", [blank]))).toEqual([]);
    // a validation-only bug needs no abstention score: all-null is still an unfilled entry, [] is an answer
    const vOnly = release(AV_PAPER_RELEASE.map((b) => ({ ...b, validation_only: b.instance_id === "av-b" })));
    expect(problemsOf(withTrajectories("av-b", [blank], { abstention_score: null }), vOnly)).toHaveLength(1);
    expect(problemsOf(withTrajectories("av-b", [], { abstention_score: null }), vOnly)).toEqual([]);
  });
});
