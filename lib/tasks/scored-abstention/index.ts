import type { Problem } from "@/lib/errors";
import { shares, type Distribution } from "../shared/distributions";
import {
  AV_POLICIES,
  binaryClassReport,
  countPatchLineOps,
  evaluateAbstainValidate,
  maxKOf,
  summarizeLineOps,
  filteredSuccessAtK,
  isAttempted,
  liftOf,
  passesFilter,
  patchScore,
  type AvBug,
  type AvPolicy,
  reportTraits,
  summarizeReportTraits,
  type ReportTraits,
} from "@/lib/metrics";
import { defineTaskKind, type Instance, type Pair } from "@/lib/tasks/define";
import { isBlank, readBoolean } from "@/lib/tasks/shared/coerce";
import { unitHash } from "@/lib/tasks/shared/seeded";
import type { Metrics, MetricColumn, ParseResult } from "@/lib/tasks/types";
import { scoredAbstentionSubmissionCharts, scoredAbstentionTaskCharts } from "./chart-data";

import { AvDetails, AvMetadata, AvPrediction, AvTruth, toBug, type PredTrajectory } from "./model";
import { fixed } from "@/lib/format";
import { buildAvTemplate } from "./template";
import { syntheticRepairTask } from "./synthetic";

export { AvDetails, AvMetadata, AvPrediction, AvTruth, toBug };

const TAU = 0.5;

const COLUMNS: MetricColumn[] = [
  {
    key: "combined_binary_success_at_1",
    label: "Combined fs@1",
    description:
      "Filtered success@1 of the combined policy: abstention at τ = 0.5, regression filter, binary validation (the ranking metric).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "combined_p75_success_at_1",
    label: "p75 fs@1",
    description: "Filtered success@1 with abstention and validation at the 75th percentile of patch scores.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "combined_p90_success_at_1",
    label: "p90 fs@1",
    description: "Filtered success@1 with abstention and validation at the 90th percentile of patch scores.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "abstention_success_at_1",
    label: "Abstention fs@1",
    description: "Filtered success@1 keeping bugs with abstention score ≥ τ and all their trajectories.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "validation_binary_success_at_1",
    label: "Validation fs@1",
    description: "Filtered success@1 after the regression filter and binary validation, all bugs.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "abstention_ap",
    label: "Abstention AP",
    description: "Average precision of the abstention score against 'fixable' (some trajectory succeeds).",
    better: "higher",
    format: "score3",
  },
  {
    key: "validation_ap",
    label: "Validation AP",
    description:
      "Average precision of the patch score against trajectory success, over trajectories passing the regression filter.",
    better: "higher",
    format: "score3",
  },
  {
    key: "wasserstein",
    label: "W₁",
    description:
      "Wasserstein distance between the abstention scores and the bugs' empirical success rates: calibration, lower is better.",
    better: "lower",
    format: "score3",
  },
  {
    key: "pass_at_1",
    label: "pass@1",
    description: "Unfiltered pass@1 of the trajectories (the same for every submission of a release).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "validation_false_precision",
    label: "FALSE precision (§6.2)",
    description:
      "Binary validation's rejections that are failing trajectories, over every trajectory passing the build/test filter; one never judged counts as rejected (§6.2's population).",
    better: "higher",
    format: "score3",
  },
  {
    key: "validation_false_recall",
    label: "FALSE recall (§6.2)",
    description:
      "Failing trajectories binary validation rejects, over every trajectory passing the build/test filter; one never judged counts as rejected (§6.2's population; 1 − validation FPR).",
    better: "higher",
    format: "score3",
  },
  {
    key: "validation_false_precision_judged",
    label: "FALSE precision (Table 4)",
    description:
      "Binary validation's rejections that are failing trajectories, over the judged trajectories only (paper Table 4's population).",
    better: "higher",
    format: "score3",
  },
  {
    key: "validation_false_recall_judged",
    label: "FALSE recall (Table 4)",
    description:
      "Failing trajectories binary validation rejects, over the judged trajectories only (paper Table 4's population).",
    better: "higher",
    format: "score3",
  },
];

/** A trajectory's id as a row gives it (a string or a number), or "" when it gives none. */
const trajectoryId = (o: Record<string, unknown>) =>
  typeof o.trajectory_id === "string" || typeof o.trajectory_id === "number" ? String(o.trajectory_id) : "";

const unit = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1;

function parseRelease(row: Record<string, unknown>): ParseResult<Instance<AvTruth, AvMetadata>> {
  const id = typeof row.instance_id === "string" ? row.instance_id.trim() : "";
  if (!id)
    return {
      ok: false,
      problems: [{ field: "instance_id", message: "missing instance_id", expected: "a non-empty string" }],
    };
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  if (typeof row.title !== "string" || !row.title.trim()) at("title", "missing title", "a string");
  let trajs = row.trajectories;
  if (typeof trajs === "string") {
    try {
      trajs = JSON.parse(trajs);
    } catch {
      at("trajectories", "is not valid JSON", "a JSON array");
    }
  }
  const truth: AvTruth["trajectories"] = [];
  const meta: { id: string; patch?: string }[] = [];
  if (!Array.isArray(trajs) || trajs.length === 0)
    at(
      "trajectories",
      "missing or empty",
      "a non-empty array of { trajectory_id, success, passes_regression?, patch? }",
    );
  else {
    const seen = new Set<string>();
    trajs.forEach((t, k) => {
      const f = `trajectories[${k}]`;
      const o = (t ?? {}) as Record<string, unknown>;
      const tid = trajectoryId(o);
      if (!tid) return at(`${f}.trajectory_id`, "missing", "a string");
      if (seen.has(tid)) return at(`${f}.trajectory_id`, `duplicate trajectory id ${tid}`);
      seen.add(tid);
      const success = readBoolean(o.success);
      if (success === undefined) return at(`${f}.success`, `is ${JSON.stringify(o.success)}`, "true or false");
      const reg = isBlank(o.passes_regression) ? true : readBoolean(o.passes_regression);
      if (reg === undefined)
        return at(`${f}.passes_regression`, `is ${JSON.stringify(o.passes_regression)}`, "true or false");
      // has_patch (Figure 9's abstention stage drops trajectories without one); an empty patch says it too
      const hasPatch = isBlank(o.has_patch)
        ? !(typeof o.patch === "string" && !o.patch.trim())
        : readBoolean(o.has_patch);
      if (hasPatch === undefined) return at(`${f}.has_patch`, `is ${JSON.stringify(o.has_patch)}`, "true or false");
      truth.push({ id: tid, success, passesRegression: reg });
      meta.push({
        id: tid,
        ...(typeof o.patch === "string" ? { patch: o.patch } : {}),
        ...(hasPatch ? {} : { hasPatch: false }),
      });
    });
  }
  if (problems.length) return { ok: false, problems };
  const metadata: AvMetadata = { title: String(row.title).trim(), trajectories: meta };
  if (typeof row.description === "string") metadata.description = row.description;
  if (typeof row.category === "string" && row.category.trim()) metadata.category = row.category.trim();
  const vOnly = isBlank(row.validation_only) ? false : readBoolean(row.validation_only);
  if (vOnly === undefined)
    return {
      ok: false,
      problems: [
        {
          instanceId: id,
          field: "validation_only",
          message: `is ${JSON.stringify(row.validation_only)}`,
          expected: "true or false",
        },
      ],
    };
  if (vOnly) metadata.validationOnly = true;
  return { ok: true, value: { externalId: id, truth: { trajectories: truth }, metadata } };
}

/**
 * Reads a bug's judged trajectories into `out` (problems through `at`): an unknown id names the
 * trajectories still without a validation, a blank judgment of an unfilled template entry is named.
 */
function readJudgments(
  trajs: unknown[],
  known: Set<string>,
  noScore: boolean,
  out: PredTrajectory[],
  at: (field: string, message: string, expected?: string) => void,
): void {
  const seen = new Set<string>();
  const unknown: { field: string; tid: string }[] = [];
  // null judgments: no validation (counted as rejected) — unless the bug is an unfilled template entry
  const blanks: string[] = [];
  trajs.forEach((t, k) => {
    const f = `trajectories[${k}]`;
    const o = (t ?? {}) as Record<string, unknown>;
    const tid = trajectoryId(o);
    if (!tid) return at(`${f}.trajectory_id`, "missing", "a trajectory id of this bug");
    if (!known.has(tid)) return void unknown.push({ field: `${f}.trajectory_id`, tid });
    if (seen.has(tid)) return at(`${f}.trajectory_id`, `duplicate trajectory id ${tid}`);
    seen.add(tid);
    // the validator's own answer as the paper's prompt asks for it (Appendix C, Listing 4's
    // ReviewResponse: { is_bug_fixed, explanation, internal_score }) is read as it is
    const judgmentKey =
      o.validation_judgment === undefined && "is_bug_fixed" in o ? "is_bug_fixed" : "validation_judgment";
    const scoreKey =
      o.validation_score === undefined && ("internal_score" in o || judgmentKey === "is_bug_fixed")
        ? "internal_score"
        : "validation_score";
    const judgment = o[judgmentKey];
    const sc = o[scoreKey];
    if (judgment === undefined || judgment === null) {
      // no judgment: the pipeline never judged it (§3.2.1) — but a score with no judgment is a mistake
      if (sc !== undefined && sc !== null)
        return at(`${f}.${judgmentKey}`, `is ${JSON.stringify(judgment ?? null)} beside a score`, "true or false");
      return void blanks.push(`${f}.${judgmentKey}`);
    }
    if (typeof judgment !== "boolean")
      return at(`${f}.${judgmentKey}`, `is ${JSON.stringify(judgment)}`, "true or false");
    // a rejected patch needs no score: it ranks below every scored one (0); an accepted one
    // needs the confidence the percentile decisions rank it by
    if ((sc === undefined || sc === null) && judgment === false) {
      out.push({ id: tid, judgment, score: 0 });
      return;
    }
    if (!unit(sc)) return at(`${f}.${scoreKey}`, `is ${JSON.stringify(sc ?? null)}`, "a number in [0, 1]");
    out.push({ id: tid, judgment, score: sc as number });
  });
  // an unknown id is likely one of the bug's trajectories misnamed: name those still without a validation
  const left = [...known].filter((t) => !seen.has(t));
  const hint = left.length
    ? ` (no validation for trajectory ${left.slice(0, 5).join(", ")}${left.length > 5 ? ` and ${left.length - 5} more` : ""})`
    : "";
  for (const u of unknown)
    at(u.field, `unknown trajectory id ${u.tid}`, `one of this bug's ${known.size} trajectories${hint}`);
  // an unfilled template entry (no abstention score, every validation null) names its blanks
  if (noScore && out.length === 0)
    for (const b of blanks)
      at(
        b,
        "is null and nothing else is filled in for this bug",
        "true or false — or leave the trajectories that were never judged out (trajectories: [])",
      );
}

function parsePrediction(
  id: string,
  value: unknown,
  instance: Instance<AvTruth, AvMetadata>,
): ParseResult<AvPrediction> {
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    at("", "prediction is not an object", "{ abstention_score, trajectories: [...] }");
    return { ok: false, problems };
  }
  const v = value as Record<string, unknown>;
  // a validation-only bug (machine-reported: eligible by construction) needs no abstention score
  const vOnly = instance.metadata.validationOnly === true;
  const noScore = v.abstention_score === undefined || v.abstention_score === null;
  if (!(vOnly && noScore) && !unit(v.abstention_score))
    at(
      "abstention_score",
      `is ${JSON.stringify(v.abstention_score ?? null)}`,
      vOnly ? "a number in [0, 1], or none (a validation-only bug)" : "a number in [0, 1]",
    );
  const known = new Set(instance.metadata.trajectories.map((t) => t.id));
  const out: PredTrajectory[] = [];
  // a bug none of whose trajectories was judged lists none: [] (or null)
  const trajs = v.trajectories === null ? [] : v.trajectories;
  if (!Array.isArray(trajs))
    at(
      "trajectories",
      v.trajectories === undefined ? "missing" : `is a ${typeof v.trajectories}`,
      "an array of { trajectory_id, validation_judgment, validation_score } for the judged trajectories ([] when none was)",
    );
  else readJudgments(trajs, known, noScore, out, at);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: { abstentionScore: vOnly && noScore ? null : (v.abstention_score as number), trajectories: out },
  };
}

function histogram(values: number[], bins = 10): number[] {
  const h = new Array<number>(bins).fill(0);
  for (const v of values) h[Math.min(bins - 1, Math.floor(v * bins))]++;
  return h;
}

/**
 * Figure 15: line-level operations of the judged patches (passing the filter) the p75 decision
 * accepts vs rejects, from the release's patch text; null when it carries none for them.
 */
function patchOpsOf(pairs: Pair<AvTruth, AvPrediction, AvMetadata>[], bugs: AvBug[], cutoff: number) {
  const ops = { accepted: [] as number[], rejected: [] as number[] };
  pairs.forEach((p, i) => {
    const patches = new Map(p.metadata.trajectories.map((t) => [t.id, t.patch]));
    p.truth.trajectories.forEach((t, j) => {
      const bt = bugs[i].trajectories[j];
      const patch = patches.get(t.id);
      if (patch === undefined || bt.judged === false || !passesFilter(bt)) return;
      (patchScore(bt) >= cutoff ? ops.accepted : ops.rejected).push(countPatchLineOps(patch));
    });
  });
  if (!ops.accepted.length && !ops.rejected.length) return null;
  const sum = (xs: number[]) => (xs.length ? summarizeLineOps(xs) : null);
  return { decision: "p75", accepted: sum(ops.accepted), rejected: sum(ops.rejected) };
}

/**
 * Table 3 / Figure 12 (§7): the bug reports (title and description) of the bugs the upload's
 * abstention attempts (score ≥ τ) and abstains on; machine-reported (validation-only) bugs are
 * always attempted and left out, as from every abstention figure.
 */
function reportTraitsOf(pairs: Pair<AvTruth, AvPrediction, AvMetadata>[], bugs: AvBug[]) {
  const groups = { abstain: [] as ReportTraits[], attempt: [] as ReportTraits[] };
  pairs.forEach((p, i) => {
    if (bugs[i].validationOnly) return;
    const traits = reportTraits(p.metadata.title, p.metadata.description);
    (bugs[i].abstentionScore >= TAU ? groups.attempt : groups.abstain).push(traits);
  });
  return { abstain: summarizeReportTraits(groups.abstain), attempt: summarizeReportTraits(groups.attempt) };
}

/** The upload's metrics: the policies' success@1, the decisions' precision / recall / FPR, the funnel's counts. */
function metricsOf(r: ReturnType<typeof evaluateAbstainValidate>): Metrics {
  // the binary judgment's FALSE class over two populations (issue 50, item 4): §6.2's — every
  // trajectory passing the build/test filter, one never judged counted as rejected — and Table 4's,
  // the judged ones only (they differ when a trajectory passing the filter was never judged)
  const filtered = binaryClassReport(r.validationCounts.binary.filtered);
  const judged = binaryClassReport(r.validationCounts.binary.judged);
  return {
    abstention_ap: r.abstention_ap,
    validation_ap: r.validation_ap,
    pass_at_1: r.pass_at_1,
    abstention_success_at_1: r.abstention_success_at_1,
    abstention_patch_success_at_1: r.abstention_patch_success_at_1,
    validation_binary_success_at_1: r.validation_binary_success_at_1,
    validation_p75_success_at_1: r.successAtK.validation_p75[0].value,
    validation_p90_success_at_1: r.successAtK.validation_p90[0].value,
    pass_and_validation_binary_at_1: r.passAndValidationAtK.binary[0],
    pass_and_validation_p75_at_1: r.passAndValidationAtK.p75[0],
    pass_and_validation_p90_at_1: r.passAndValidationAtK.p90[0],
    combined_binary_success_at_1: r.combined_binary_success_at_1,
    combined_p75_success_at_1: r.combined_p75_success_at_1,
    combined_p90_success_at_1: r.combined_p90_success_at_1,
    wasserstein: r.wasserstein,
    abstention_precision: r.abstention_at_tau.precision,
    abstention_recall: r.abstention_at_tau.recall,
    abstention_fpr: r.abstention_at_tau.fpr,
    validation_precision: r.validation_at_binary.precision,
    validation_recall: r.validation_at_binary.recall,
    validation_fpr: r.validation_at_binary.fpr,
    // FALSE row of the binary judgment (rejected patches that fail / failing patches rejected): over
    // §6.2's population (the key predates issue 50 and keeps its value), and over Table 4's
    validation_false_precision: filtered.false.precision,
    validation_false_recall: filtered.false.recall,
    validation_false_precision_judged: judged.false.precision,
    validation_false_recall_judged: judged.false.recall,
    // §6.2: the percentile decisions (FPR 0.13 and 0.04 in the paper)
    validation_p75_precision: r.validation_at_p75.precision,
    validation_p75_recall: r.validation_at_p75.recall,
    validation_p75_fpr: r.validation_at_p75.fpr,
    validation_p90_precision: r.validation_at_p90.precision,
    validation_p90_recall: r.validation_at_p90.recall,
    validation_p90_fpr: r.validation_at_p90.fpr,
    // Figure 14 at k = 1 (0.54 / 0.36 / 0.16 in the paper); the curves are in the details
    validation_recall_binary_at_1: r.validationRecallAtK.binary[0].value,
    validation_recall_p75_at_1: r.validationRecallAtK.p75[0].value,
    validation_recall_p90_at_1: r.validationRecallAtK.p90[0].value,
    // every bug abstention keeps (validation-only ones too), as the funnel counts them
    bugs_after_abstention: r.successAtK.abstention[0].bugs,
    bugs_after_combined_binary: r.successAtK.combined_binary[0].bugs,
  };
}

/** Lift per category (paper Table 2): each policy's filtered success@1 over the category's pass@1. */
function liftByCategory(bugs: AvBug[], cutoffs: { p75: number; p90: number }) {
  const cats = [...new Set(bugs.map((b) => b.category as string))].sort();
  const groups = (bs: AvBug[], keepBug: (b: AvBug) => boolean, keepT: (t: AvBug["trajectories"][number]) => boolean) =>
    bs.filter(keepBug).map((b) => {
      const left = b.trajectories.filter(keepT);
      return { n: left.length, c: left.filter((t) => t.success).length };
    });
  const all = () => true;
  const attempt = (b: AvBug) => isAttempted(b, TAU);
  const passes = passesFilter;
  const at = (cut: number) => (t: AvBug["trajectories"][number]) => passes(t) && patchScore(t) >= cut;
  return cats.map((category) => {
    const bs = bugs.filter((b) => b.category === category);
    const base = groups(bs, all, all);
    return {
      category,
      bugs: bs.length,
      pass_at_1: filteredSuccessAtK(base, 1).value,
      abstention: liftOf(groups(bs, attempt, all), base),
      // Table 2's columns: the deterministic filter alone (repro-test), then each validation decision
      regression: liftOf(groups(bs, all, passes), base),
      validation_binary: liftOf(
        groups(bs, all, (t) => passes(t) && t.judgment),
        base,
      ),
      validation_p75: liftOf(groups(bs, all, at(cutoffs.p75)), base),
      validation_p90: liftOf(groups(bs, all, at(cutoffs.p90)), base),
      combined_binary: liftOf(
        groups(bs, attempt, (t) => passes(t) && t.judgment),
        base,
      ),
      combined_p75: liftOf(groups(bs, attempt, at(cutoffs.p75)), base),
      combined_p90: liftOf(groups(bs, attempt, at(cutoffs.p90)), base),
    };
  });
}

function score(pairs: Pair<AvTruth, AvPrediction, AvMetadata>[]): {
  metrics: Metrics;
  primaryValue: number;
  details: AvDetails;
} {
  const bugs = pairs.map((p) => toBug(p.truth, p.prediction, p.metadata));
  // k up to the trajectories a bug has (the paper's Figure 4 goes to k = 20), at most AV_MAX_K
  const r = evaluateAbstainValidate(bugs, { tau: TAU, maxK: maxKOf(bugs) });
  const metrics = metricsOf(r);
  const lift = liftByCategory(bugs, r.cutoffs);
  const empirical = bugs.map((b) => b.trajectories.filter((t) => t.success).length / b.trajectories.length);
  return {
    metrics,
    primaryValue: r.combined_binary_success_at_1,
    details: {
      tau: TAU,
      cutoffs: r.cutoffs,
      prevalence: r.prevalence,
      successAtK: Object.fromEntries(AV_POLICIES.map((p: AvPolicy) => [p, r.successAtK[p]])),
      funnel: [
        { stage: "all bugs", bugs: bugs.length, success_at_1: r.pass_at_1 },
        // Figure 9: the abstention stage also drops trajectories that produced no patch
        {
          stage: "after abstention",
          bugs: r.successAtK.abstention_patch[0].bugs,
          success_at_1: r.abstention_patch_success_at_1,
        },
        {
          stage: "combined-binary",
          bugs: r.successAtK.combined_binary[0].bugs,
          success_at_1: r.combined_binary_success_at_1,
        },
        { stage: "combined-p75", bugs: r.successAtK.combined_p75[0].bugs, success_at_1: r.combined_p75_success_at_1 },
        { stage: "combined-p90", bugs: r.successAtK.combined_p90[0].bugs, success_at_1: r.combined_p90_success_at_1 },
      ],
      abstentionCurve: r.abstentionCurve,
      validationCurve: r.validationCurve,
      zeroShare: r.zeroShare,
      passAndValidationAtK: r.passAndValidationAtK,
      validationCounts: r.validationCounts,
      validationRecallAtK: r.validationRecallAtK,
      unjudged: r.unjudged,
      patchOps: patchOpsOf(pairs, bugs, r.cutoffs.p75),
      reportTraits: reportTraitsOf(pairs, bugs),
      histogram: {
        predicted: histogram(bugs.filter((b) => !b.validationOnly).map((b) => b.abstentionScore)),
        empirical: histogram(empirical),
      },
      lift,
    },
  };
}

/** Abstain-and-Validate: scored abstention per bug and validation per trajectory (METRICS.md §4). */
export const scoredAbstention = defineTaskKind({
  kind: "scored_abstention",
  title: "Scored abstention and validation",
  // the trajectories' judgments come from the patch validation policy, an LLM judge (§3.2): uploads name it
  judge: {
    decides: "each trajectory's judgment and validation_score (the patch validation policy)",
    paper: [
      {
        label: "Gemini 2.5 Pro reviewing with a fix specification (§3.2.3, §5)",
        model: /^(google\/)?gemini[-_ ]?2\.5[-_ ]?pro\b/i,
        prompts: ["fix-spec"],
      },
      {
        label: "Gemini 2.5 Pro reviewing the whole trajectory, no specification (§3.2.4)",
        model: /^(google\/)?gemini[-_ ]?2\.5[-_ ]?pro\b/i,
        prompts: ["no-spec"],
      },
    ],
  },
  schemas: { truth: AvTruth, metadata: AvMetadata, prediction: AvPrediction, details: AvDetails },
  columns: () => COLUMNS,
  parseReleaseRow: (row) => parseRelease(row),
  parsePrediction: (id, value, _o, instance) => parsePrediction(id, value, instance),
  explorerItems: (pairs) => pairs.map((p) => toBug(p.truth, p.prediction, p.metadata)),
  releaseDistributions: ({ instances, truth }) => {
    const out: Distribution[] = [];
    if (truth) {
      const trajs = instances.flatMap((i) => (i.truth ? [i.truth.trajectories] : []));
      out.push({
        title: "Bugs",
        rows: shares(
          trajs.map((ts) => (ts.some((s) => s.success) ? "fixable (some trajectory succeeds)" : "unfixable")),
        ),
      });
      out.push({
        title: "Trajectories",
        rows: shares(
          trajs
            .flat()
            .map((s) =>
              s.success ? "succeeds" : s.passesRegression ? "fails, passes regression" : "fails regression",
            ),
        ),
      });
    }
    out.push({ title: "Category", rows: shares(instances.map((i) => String(i.metadata.category ?? "uncategorized"))) });
    return out;
  },
  score: (pairs) => score(pairs),
  outcome(instance, prediction) {
    const bug = toBug(instance.truth, prediction, instance.metadata);
    const fixable = bug.trajectories.some((t) => t.success);
    const attempted = isAttempted(bug, TAU);
    const shown = attempted ? bug.trajectories.filter((t) => passesFilter(t) && t.judgment) : [];
    const decision = bug.validationOnly ? "validation only" : fixed(bug.abstentionScore, 2);
    const good = shown.filter((t) => t.success).length;
    return {
      correct: attempted === fixable,
      outcome: attempted
        ? fixable
          ? "attempted_fixable"
          : "attempted_unfixable"
        : fixable
          ? "abstained_fixable"
          : "abstained_unfixable",
      predicted: attempted
        ? `attempt (${decision}); ${shown.length} patches shown, ${good} good`
        : `abstain (${decision})`,
      expected: fixable
        ? `fixable (${bug.trajectories.filter((t) => t.success).length}/${bug.trajectories.length} succeed)`
        : "unfixable",
    };
  },
  primaryStats(instance, prediction) {
    const bug = toBug(instance.truth, prediction, instance.metadata);
    const left = isAttempted(bug, TAU) ? bug.trajectories.filter((t) => passesFilter(t) && t.judgment) : [];
    return [left.length, left.filter((t) => t.success).length];
  },
  // the metric's own definition (filtered pass@1 over the bugs that keep a trajectory), so a
  // resample gives exactly what the scorer would
  primaryFromStats: (rows) =>
    filteredSuccessAtK(
      rows.map((r) => ({ n: r[0], c: r[1] })),
      1,
    ).value,
  baselines: () => [
    {
      key: "accept-all",
      label: "Accept all (score 1)",
      description: "Abstains on nothing and judges every trajectory fixed: the agent's own success rate, unfiltered.",
      predict: (i) => ({
        abstentionScore: 1,
        trajectories: i.metadata.trajectories.map((t) => ({ id: t.id, judgment: true, score: 1 })),
      }),
    },
    {
      key: "random",
      label: "Random scores (seeded)",
      description:
        "Random abstention scores and judgments (seeded by the ids), reading nothing: the floor for a validator.",
      predict: (i) => ({
        abstentionScore: unitHash(`abstain:${i.externalId}`),
        trajectories: i.metadata.trajectories.map((t) => ({
          id: t.id,
          judgment: unitHash(`judge:${i.externalId}:${t.id}`) < 0.5,
          score: unitHash(`vscore:${i.externalId}:${t.id}`),
        })),
      }),
    },
  ],
  outcomeFilters: [
    { key: "wrong", label: "Wrong abstention" },
    { key: "abstained_fixable", label: "Abstained on fixable" },
    { key: "attempted_unfixable", label: "Attempted unfixable" },
    { key: "correct", label: "Right abstention" },
  ],
  predictionFormat: () => ({
    summary:
      "Per bug: abstention_score in [0, 1] (predicted chance a repair succeeds; attempt iff ≥ 0.5) and the validations of its judged trajectories: { trajectory_id, validation_judgment: bool, validation_score in [0, 1] } — or the validator's own ReviewResponse (the paper's Listing 4): { trajectory_id, is_bug_fixed, explanation, internal_score }. A rejected trajectory may omit its score or leave it null (it ranks lowest); an accepted one needs it. A trajectory the pipeline never judged (it failed the build/test checks or produced no patch, as in the paper) is left out or given a null judgment: it counts as rejected, never shown; trajectories: [] when none was judged. An object keyed by instance id, an array of rows with instance_id, or JSONL.",
    example:
      '[{ "instance_id": "bug-001", "abstention_score": 0.72, "trajectories": [{ "trajectory_id": "t1", "validation_judgment": true, "validation_score": 0.81 }] }]',
  }),
  releaseFormat: () => ({
    summary:
      "JSON array or JSONL, one bug per row: instance_id, title, optional description, category and validation_only, trajectories: [{ trajectory_id, success: bool, passes_regression?: bool, patch?: string, has_patch?: bool }]. The patch text, when given, feeds the line-operations chart (the paper's Figure 15).",
    example:
      '{"instance_id": "bug-001", "title": "NPE in …", "category": "crash", "trajectories": [{"trajectory_id": "t1", "success": false, "passes_regression": true}]}',
  }),
  template: buildAvTemplate,
  taskCharts: scoredAbstentionTaskCharts,
  submissionCharts: scoredAbstentionSubmissionCharts,
  synthetic: (seed) => syntheticRepairTask(seed),
});

export { patchScore };
