import type { Problem } from "@/lib/errors";
import { bouncerDistributions } from "@/lib/tasks/binary-abstention/distributions";
import { safeDivide } from "@/lib/metrics";
import { binaryAbstention, bounceOutcome, lengthOf } from "@/lib/tasks/binary-abstention";
import {
  BounceMetadata,
  parseBouncePrediction,
  parseBounceReleaseRow,
  StoredPrediction,
} from "@/lib/tasks/binary-abstention/schemas";
import { scoreBinaryAbstention } from "@/lib/tasks/binary-abstention/score-binary-abstention";
import { defineTaskKind, type Pair } from "@/lib/tasks/define";
import { unitHash } from "@/lib/tasks/shared/seeded";
import { fmFromRows } from "@/lib/metrics";
import type { Metrics, MetricColumn, ParseResult } from "@/lib/tasks/types";
import { pipelineSubmissionCharts, pipelineTaskCharts } from "./chart-data";
import { LiteDetails, LitePrediction, LiteTruth, type Funnel } from "./schemas";
import { buildPipelineTemplate } from "./template";
import { syntheticLiteTask } from "./synthetic";

type Half = { bounce: boolean };

export { FunnelSchema, LiteDetails, LitePrediction, LiteTruth, type Funnel } from "./schemas";

/** Funnel of the bouncer pipeline (METRICS.md §2; BouncerBench Fig. 4 and Table IV). */
export function pipelineFunnel(rows: { input: Half; output: Half; inBounce: boolean; outBounce: boolean }[]) {
  const f: Funnel = {
    all: rows.length,
    input_bounced_vague: 0,
    input_bounced_clear: 0,
    input_passed_vague: 0,
    input_passed_clear: 0,
    agent_correct: 0,
    agent_incorrect: 0,
    output_bounced_correct: 0,
    output_bounced_incorrect: 0,
    shown_correct: 0,
    shown_incorrect: 0,
  };
  let correctAll = 0;
  let correctLost = 0;
  for (const r of rows) {
    const vague = r.input.bounce;
    const correct = !r.output.bounce;
    if (correct) correctAll++;
    if (r.inBounce) {
      f[vague ? "input_bounced_vague" : "input_bounced_clear"]++;
      if (correct) correctLost++;
      continue;
    }
    f[vague ? "input_passed_vague" : "input_passed_clear"]++;
    f[correct ? "agent_correct" : "agent_incorrect"]++;
    if (r.outBounce) {
      f[correct ? "output_bounced_correct" : "output_bounced_incorrect"]++;
      if (correct) correctLost++;
    } else f[correct ? "shown_correct" : "shown_incorrect"]++;
  }
  const shown = f.shown_correct + f.shown_incorrect;
  return {
    funnel: f,
    before: safeDivide(correctAll, rows.length),
    after: safeDivide(f.shown_correct, shown),
    lost: safeDivide(correctLost, correctAll),
  };
}

const COLUMNS: MetricColumn[] = [
  {
    key: "F_m_mean",
    label: "F_m (mean)",
    description:
      "Mean of the input bouncer's F_m and the output bouncer's F_m on the same instances: the Lite ranking metric.",
    better: "higher",
    format: "score3",
  },
  {
    key: "input.F_m",
    label: "Input F_m",
    description: "Macro F-measure of the input bouncer against the ticket labels.",
    better: "higher",
    format: "score3",
  },
  {
    key: "output.F_m",
    label: "Output F_m",
    description: "Macro F-measure of the output bouncer against patch correctness.",
    better: "higher",
    format: "score3",
  },
  {
    key: "input.I_Score",
    label: "I-Score",
    description: "Input bouncer's I-Score (range [−1, 1], 0 = chance).",
    better: "higher",
    format: "score3",
  },
  {
    key: "output.O_Score",
    label: "O-Score",
    description: "Output bouncer's O-Score (range [−1, 1]).",
    better: "higher",
    format: "score3",
  },
  {
    key: "after",
    label: "After",
    description:
      "Correct patches / patches shown to the user after both bouncers (paper Table IV); Before is the release's share of correct patches.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "lost",
    label: "Lost",
    description: "Correct patches bounced by either bouncer / all correct patches.",
    better: "lower",
    format: "percent1",
  },
];

function parseLite(id: string, value: unknown): ParseResult<LitePrediction> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ instanceId: id, message: "prediction is not an object", expected: "an object" }] };
  }
  const v = value as Record<string, unknown>;
  const problems: Problem[] = [];
  const halves: Partial<Record<"input" | "output", StoredPrediction>> = {};
  for (const side of ["input", "output"] as const) {
    const sub: Record<string, unknown> = {};
    if (v[`${side}_bounce`] !== undefined) sub[`${side}_bounce`] = v[`${side}_bounce`];
    if (v[`${side}_label`] !== undefined) sub[`${side}_label`] = v[`${side}_label`];
    if (v[`${side}_score`] !== undefined) sub.score = v[`${side}_score`];
    const r = parseBouncePrediction(id, sub, side);
    if (!r.ok) problems.push(...r.problems.map((p) => (p.field === "score" ? { ...p, field: `${side}_score` } : p)));
    else halves[side] = r.value;
  }
  if (problems.length || !halves.input || !halves.output) return { ok: false, problems };
  const out: LitePrediction = { input: halves.input, output: halves.output };
  if (v.trace !== undefined) out.trace = v.trace;
  return { ok: true, value: out };
}

/**
 * The ticket an instance is about: its metadata's `ticket`, else its id without a patch set's
 * prefix ("agentless/astropy__astropy-12907" → "astropy__astropy-12907").
 */
export function ticketOf(externalId: string, metadata?: { ticket?: unknown } | null): string {
  if (typeof metadata?.ticket === "string" && metadata.ticket) return metadata.ticket;
  const slash = externalId.lastIndexOf("/");
  return slash >= 0 && slash < externalId.length - 1 ? externalId.slice(slash + 1) : externalId;
}

/** The metadata with the instance's ticket when its id has a patch set's prefix (else as it is). */
function withTicket(externalId: string, metadata: BounceMetadata): BounceMetadata {
  const ticket = ticketOf(externalId, metadata);
  return ticket === externalId ? metadata : { ...metadata, ticket };
}

/** The pairs with each ticket once: its first in release order (an instance without a ticket is its own). */
function oncePerTicket<X extends { metadata: BounceMetadata }>(pairs: X[]): X[] {
  const seen = new Set<string>();
  return pairs.filter((p) => {
    const t = p.metadata.ticket;
    if (t === undefined) return true;
    if (seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}

function scoreLite(pairs: Pair<LiteTruth, LitePrediction, BounceMetadata>[]): {
  metrics: Metrics;
  primaryValue: number;
  details: LiteDetails;
} {
  const half = (side: "input" | "output", of: typeof pairs) =>
    of.map((p) => ({ truth: p.truth[side], prediction: p.prediction[side] }));
  // the input bouncer judges tickets: a ticket with patches from several patch sets counts once
  // (its first instance in release order), as in the paper's Table II; the output side judges patches
  const input = scoreBinaryAbstention(half("input", oncePerTicket(pairs)), "input");
  const output = scoreBinaryAbstention(half("output", pairs), "output");
  const fIn = input.metrics.F_m;
  const fOut = output.metrics.F_m;
  const rows = pairs.map((p) => ({
    input: p.truth.input,
    output: p.truth.output,
    inBounce: p.prediction.input.bounce,
    outBounce: p.prediction.output.bounce,
  }));
  const { funnel, before, after, lost } = pipelineFunnel(rows);
  // Table IV's "Chars (avg)": the mean patch length of the instances scored (by patch set: a breakdown)
  const chars = pairs.flatMap((p) => (typeof p.metadata.chars === "number" ? [p.metadata.chars] : []));
  const metrics: Metrics = {
    F_m_mean: (fIn + fOut) / 2,
    input: input.metrics,
    output: output.metrics,
    funnel: funnel as unknown as Metrics,
    before,
    after,
    lost,
    chars_avg: chars.length ? chars.reduce((a, b) => a + b, 0) / chars.length : null,
  };
  return {
    metrics,
    primaryValue: (fIn + fOut) / 2,
    details: { input: input.details, output: output.details, funnel, before, after, lost },
  };
}

/** BouncerBench Lite: input and output bouncers in one pipeline on the same instances. */
export const bouncerPipeline = defineTaskKind({
  kind: "bouncer_pipeline",
  title: "Bouncer pipeline",
  schemas: { truth: LiteTruth, metadata: BounceMetadata, prediction: LitePrediction, details: LiteDetails },
  columns: () => COLUMNS,
  parseReleaseRow(row) {
    const a = parseBounceReleaseRow(row, "input");
    const b = parseBounceReleaseRow(row, "output");
    if (!a.ok || !b.ok) return { ok: false, problems: [...(a.ok ? [] : a.problems), ...(b.ok ? [] : b.problems)] };
    return {
      ok: true,
      value: {
        externalId: a.value.externalId,
        truth: { input: a.value.truth, output: b.value.truth },
        metadata: withTicket(a.value.externalId, { ...a.value.metadata, ...b.value.metadata }),
      },
    };
  },
  parsePrediction: (id, value) => parseLite(id, value),
  score: (pairs) => scoreLite(pairs),
  outcome(instance, prediction) {
    const i = bounceOutcome(instance.truth.input.bounce, prediction.input.bounce);
    const o = bounceOutcome(instance.truth.output.bounce, prediction.output.bounce);
    return {
      correct: i.correct && o.correct,
      outcome:
        i.correct && o.correct
          ? "both_right"
          : !i.correct && !o.correct
            ? "both_wrong"
            : !i.correct
              ? "input_wrong"
              : "output_wrong",
      predicted: `in: ${i.predicted}, out: ${o.predicted}`,
      expected: `in: ${i.expected}, out: ${o.expected}`,
    };
  },
  storageOnlyFields: ["trace"],
  // [input truth, input bounce, output truth, output bounce, counts for the input half]: the input
  // half counts each ticket once (its first covered instance in release order), as scoreLite does,
  // so the CI, replicates, rank intervals and paired tests describe the value the board shows
  primaryStats: (instance, prediction) => [
    instance.truth.input.bounce ? 1 : 0,
    prediction.input.bounce ? 1 : 0,
    instance.truth.output.bounce ? 1 : 0,
    prediction.output.bounce ? 1 : 0,
    1,
  ],
  primaryRows: (items) => {
    const first = new Set(oncePerTicket(items.map((x) => ({ metadata: x.instance.metadata, x }))).map((p) => p.x));
    return items.map((x) => [
      x.instance.truth.input.bounce ? 1 : 0,
      x.prediction.input.bounce ? 1 : 0,
      x.instance.truth.output.bounce ? 1 : 0,
      x.prediction.output.bounce ? 1 : 0,
      first.has(x) ? 1 : 0,
    ]);
  },
  primaryFromStats: (rows) => (rows.length ? (fmFromRows(rows, 0, 1, 4) + fmFromRows(rows, 2, 3)) / 2 : null),
  // Lite's length chart is the input bouncer's, bucketed by issue length
  releaseDistributions: ({ instances, truth }) =>
    truth
      ? bouncerDistributions(
          instances.flatMap((i) => (i.truth ? [i.truth.input] : [])),
          instances.flatMap((i) => (i.truth ? [i.truth.output] : [])),
        )
      : [],
  lengthBuckets: () => ({
    side: "input",
    row(instance, prediction) {
      const length = lengthOf(instance.metadata, "input");
      return length === null ? null : { length, should: instance.truth.input.bounce, did: prediction.input.bounce };
    },
  }),
  baselines: () =>
    ["always-accept", "always-bounce", "random"].map((key) => ({
      key,
      label:
        key === "random" ? "Random (seeded, p = 0.5)" : key === "always-accept" ? "Always accept" : "Always bounce",
      description:
        key === "random"
          ? "A fair coin per instance and side (seeded by its id), reading nothing: the floor for bouncers that read."
          : key === "always-accept"
            ? "Bounces nothing at either stage: the pipeline without bouncers."
            : "Bounces everything at the input stage: nothing is ever attempted.",
      predict: (i: { externalId: string }) => {
        const b = (side: string) =>
          key === "random" ? unitHash(`${side}_bounce:${i.externalId}`) < 0.5 : key === "always-bounce";
        return { input: { bounce: b("input") }, output: { bounce: b("output") } };
      },
    })),
  outcomeFilters: [
    { key: "wrong", label: "Any wrong" },
    { key: "input_wrong", label: "Input wrong" },
    { key: "output_wrong", label: "Output wrong" },
    { key: "both_wrong", label: "Both wrong" },
    { key: "correct", label: "Both right" },
  ],
  predictionFormat: () => ({
    summary:
      'An object keyed by instance id with both "input_bounce" and "output_bounce" (or "input_label" and "output_label"), optional "input_score"/"output_score" and "trace"; or rows with "instance_id".',
    example: '{ "astropy__astropy-12907": { "input_bounce": false, "output_bounce": true, "trace": "…" } }',
  }),
  releaseFormat: () => ({
    summary:
      "The union of the Input and Output release columns: instance_id, input_quality (or underspecified), problem_statement, patch, tests_status (or output_quality).",
    example: '{"instance_id": "…", "input_quality": 1, "problem_statement": "…", "patch": "…", "output_quality": 1.0}',
  }),
  template: buildPipelineTemplate,
  taskCharts: pipelineTaskCharts,
  submissionCharts: pipelineSubmissionCharts,
  // a Lite entry composed from the benchmark's Input and Output submissions (lib/server/submissions/compose.ts)
  composes: {
    kind: binaryAbstention.kind,
    decisionField: "bounce",
    // a Lite id may carry a patch set's prefix: the Input and Output boards know the ticket by its plain id
    sourceId: (externalId) => ticketOf(externalId),
    row: (d) => ({ input_bounce: d.input, output_bounce: d.output }),
  },
  synthetic: (seed) => syntheticLiteTask(seed),
});
