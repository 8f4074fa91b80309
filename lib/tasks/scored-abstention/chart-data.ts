import { z } from "zod";
import { AV_DECISIONS, AV_POLICIES, binaryClassReport, LINE_OPS_BINS } from "@/lib/metrics";
import type { SubmissionChartContext, TaskChartContext } from "@/lib/tasks/define";
import { ReportTraitsSchema, toBug, type AvDetails, type AvMetadata, type AvPrediction, type AvTruth } from "./model";
import { getMetric } from "@/lib/metric-value";
import { fixed } from "@/lib/format";

// the board's policies: every one but abstention+patch, which the paper's figures leave out
// ("regression" is its build-and-test baseline, Figure 6: the deterministic filter alone)
const POLICIES = AV_POLICIES.filter((p) => p !== "abstention_patch");

/** How the paper names a policy in its figures (no-filter, build-and-test, validation-p75, …). */
export function policyLabel(p: string): string {
  return p === "regression" ? "build-and-test" : p.replace(/_/g, "-");
}

/** The task page's charts of Abstain-and-Validate: PR curves, success@1 by policy, lift by category. */
export function scoredAbstentionTaskCharts(ctx: TaskChartContext<AvDetails>) {
  const { overlay, hidden } = ctx;
  const curve = (k: "abstentionCurve" | "validationCurve") =>
    hidden
      ? []
      : overlay.flatMap((s) => {
          const c = s.details?.[k];
          return c
            ? [
                {
                  name: `${s.name} (AP ${fixed(getMetric(s.metrics, k === "abstentionCurve" ? "abstention_ap" : "validation_ap"), 3)})`,
                  curve: ctx.thin(c),
                },
              ]
            : [];
        });
  return {
    abstentionPr: curve("abstentionCurve"),
    validationPr: curve("validationCurve"),
    prevalence: overlay[0]?.details?.prevalence ?? null,
    byPolicy: POLICIES.map((p) => ({
      policy: policyLabel(p),
      ...Object.fromEntries(overlay.map((s) => [s.name, s.details?.successAtK[p]?.[0]?.value ?? 0])),
    })),
    seriesNames: overlay.map((s) => s.name),
    lift: overlay.map((s) => ({ name: s.name, lift: s.details?.lift ?? [] })),
  };
}

const SuccessAtK = z.array(z.object({ value: z.number(), bugs: z.number().int() }));
const LineOps = z.object({ n: z.number().int(), mean: z.number(), median: z.number(), bins: z.array(z.number()) });

/** One row of Table 4: a decision's class, its precision and recall against trajectory success. */
export const AvClassRow = z.object({
  /** "filtered": every trajectory passing the build/test filter (unjudged = rejected); "judged": the judged ones */
  population: z.enum(["filtered", "judged"]),
  approach: z.string(),
  label: z.enum(["TRUE", "FALSE"]),
  precision: z.number(),
  /** null for the prevalence row (it accepts everything) */
  recall: z.number().nullable(),
  /** trajectories whose truth is this class */
  support: z.number().int(),
});
export type AvClassRow = z.infer<typeof AvClassRow>;

/** Table 3's values over one group of bug reports: the stored details' own schema. */
const ReportTraitsRow = ReportTraitsSchema;
export type ReportTraitsRow = z.infer<typeof ReportTraitsRow>;

/**
 * The submission page's additions beyond the kind's own charts (components/tasks/scored-abstention/extras.tsx):
 * success@k at every k, Table 4, Figures 14 and 15, and Table 3. Parsed by the view, so a renamed
 * key shows nothing rather than a wrong chart.
 */
export const AvExtraCharts = z.object({
  successAtK: z.record(z.string(), SuccessAtK),
  policyLabels: z.record(z.string(), z.string()),
  table4: z.array(AvClassRow),
  fpr: z.array(z.object({ decision: z.string(), filtered: z.number(), judged: z.number().nullable() })),
  validationRecallAtK: z.record(z.string(), SuccessAtK).nullable(),
  patchOps: z.object({ decision: z.string(), accepted: LineOps.nullable(), rejected: LineOps.nullable() }).nullable(),
  /** null: the score predates Figure 15 (re-score to see it); else whether the release has patch text */
  patchText: z.boolean().nullable(),
  patchOpsBins: z.array(z.string()),
  unjudged: z.object({ total: z.number().int(), passingFilter: z.number().int() }).nullable(),
  /** Table 3 / Figure 12: the reports of attempted vs abstained bugs; null: the score predates it (re-score to see it) */
  reportTraits: z.object({ abstain: ReportTraitsRow.nullable(), attempt: ReportTraitsRow.nullable() }).nullable(),
});
export type AvExtraCharts = z.infer<typeof AvExtraCharts>;

const DECISION_NAME: Record<string, string> = {
  binary: "Validation (binary)",
  p75: "Validation (p75)",
  p90: "Validation (p90)",
};

/** Table 4's rows (both classes of each decision) from the stored confusion counts. */
export function classRows(d: AvDetails): { table4: AvClassRow[]; fpr: AvExtraCharts["fpr"] } {
  const counts = d.validationCounts;
  if (!counts) return { table4: [], fpr: [] };
  const withJudged = (d.unjudged?.passingFilter ?? 0) > 0;
  const populations = withJudged ? (["filtered", "judged"] as const) : (["filtered"] as const);
  const table4: AvClassRow[] = [];
  for (const population of populations) {
    const base = counts.binary?.[population];
    if (base) {
      const n = base.tp + base.fp + base.fn + base.tn;
      table4.push({
        population,
        approach: "Prevalence (build/test)",
        label: "TRUE",
        precision: n ? (base.tp + base.fn) / n : 0,
        recall: null,
        support: base.tp + base.fn,
      });
    }
    for (const dec of AV_DECISIONS) {
      const c = counts[dec]?.[population];
      if (!c) continue;
      const r = binaryClassReport(c);
      for (const label of ["FALSE", "TRUE"] as const) {
        const x = label === "TRUE" ? r.true : r.false;
        table4.push({ population, approach: DECISION_NAME[dec], label, ...x });
      }
    }
  }
  const fpr = AV_DECISIONS.filter((dec) => counts[dec]).map((dec) => ({
    decision: dec,
    filtered: binaryClassReport(counts[dec].filtered).fpr,
    judged: withJudged ? binaryClassReport(counts[dec].judged).fpr : null,
  }));
  return { table4, fpr };
}

const BIN_LABELS = LINE_OPS_BINS.map((edge, i) =>
  i === 0 ? `≤${edge}` : `${LINE_OPS_BINS[i - 1] + 1}–${edge}`,
).concat(`>${LINE_OPS_BINS[LINE_OPS_BINS.length - 1]}`);

/** The additions of a submission page (AvExtraCharts) from a score's details. */
export function avExtraCharts(d: AvDetails): AvExtraCharts {
  return {
    successAtK: d.successAtK,
    policyLabels: Object.fromEntries(Object.keys(d.successAtK).map((p) => [p, policyLabel(p)])),
    ...classRows(d),
    validationRecallAtK: d.validationRecallAtK ?? null,
    patchOps: d.patchOps ?? null,
    patchText: d.patchOps === undefined ? null : d.patchOps !== null,
    patchOpsBins: BIN_LABELS,
    unjudged: d.unjudged ?? null,
    reportTraits: d.reportTraits ?? null,
  };
}

/** A submission page's charts of Abstain-and-Validate: curves, histogram, success@k, funnel, and the bugs for the threshold explorer. */
export async function scoredAbstentionSubmissionCharts(
  ctx: SubmissionChartContext<AvTruth, AvPrediction, AvDetails, AvMetadata>,
) {
  const d = ctx.details;
  if (!d) return null;
  return {
    abstentionPr: d.abstentionCurve,
    validationPr: d.validationCurve,
    prevalence: d.prevalence,
    histogram: d.histogram,
    successAtK: d.successAtK,
    passAndValidationAtK: d.passAndValidationAtK ?? null,
    funnel: d.funnel,
    bugs: (await ctx.pairs()).map((p) => toBug(p.truth, p.prediction, p.metadata)),
    avExtras: avExtraCharts(d),
  };
}
