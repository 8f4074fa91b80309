import { unitHash } from "@/lib/tasks/shared/seeded";
import { bouncerDistributions } from "./distributions";
import { fmFromRows } from "@/lib/metrics";
import { defineTaskKind } from "@/lib/tasks/define";
import type { InstanceOutcome } from "@/lib/tasks/types";
import { binaryAbstentionSubmissionCharts, binaryAbstentionTaskCharts } from "./chart-data";
import { bouncingColumns } from "./columns";
import { labelsFor, type Side } from "./labels";
import { BUCKETS } from "@/lib/tasks/shared/length-bucket";
import {
  BounceDetails,
  BounceMetadata,
  BounceOptions,
  BounceTruth,
  parseBouncePrediction,
  parseBounceReleaseRow,
  sideOf,
  StoredPrediction,
} from "./schemas";
import { scoreBinaryAbstention } from "./score-binary-abstention";
import { buildBounceTemplate } from "./template";
import { syntheticOutputTask } from "./synthetic";

/** The length an instance is bucketed by (METRICS.md §3): words of the issue, characters of the patch. */
export const lengthOf = (metadata: BounceMetadata, side: Side): number | null =>
  (side === "input" ? metadata.words : metadata.chars) ?? null;

/** Outcome of one bounce decision. */
export function bounceOutcome(shouldBounce: boolean, didBounce: boolean): InstanceOutcome {
  const outcome =
    shouldBounce === didBounce
      ? didBounce
        ? "correctly_bounced"
        : "correctly_accepted"
      : didBounce
        ? "wrongly_bounced"
        : "wrongly_accepted";
  return {
    correct: shouldBounce === didBounce,
    outcome,
    predicted: didBounce ? "bounce" : "accept",
    expected: shouldBounce ? "bounce" : "accept",
  };
}

/** Always accept, always bounce, and a seeded coin flip (METRICS.md baselines). */
export function bounceBaselines(
  field: "input_bounce" | "output_bounce",
): { key: string; label: string; description: string; predict(i: { externalId: string }): StoredPrediction }[] {
  return [
    {
      key: "always-accept",
      label: "Always accept",
      description:
        "Bounces nothing: what a pipeline without a bouncer gets. A system must beat it to be worth running.",
      predict: () => ({ bounce: false }),
    },
    {
      key: "always-bounce",
      label: "Always bounce",
      description: "Bounces everything: perfect on what should be bounced, useless on the rest.",
      predict: () => ({ bounce: true }),
    },
    {
      key: "random",
      label: "Random (seeded, p = 0.5)",
      description: "A fair coin per instance (seeded by its id), reading nothing: the floor for a bouncer that reads.",
      predict: (i) => ({ bounce: unitHash(`${field}:${i.externalId}`) < 0.5 }),
    },
  ];
}

const FAILURE_LABELS: Record<string, string> = {
  both: "fails F2P and P2P",
  fail_to_pass: "fails F2P only",
  pass_to_pass: "fails P2P only (regression)",
};

/** BouncerBench Input and Output: a bouncer accepts or bounces each instance (METRICS.md §1). */
export const binaryAbstention = defineTaskKind({
  kind: "binary_abstention",
  title: "Binary abstention",
  schemas: {
    truth: BounceTruth,
    metadata: BounceMetadata,
    prediction: StoredPrediction,
    details: BounceDetails,
    options: BounceOptions,
  },
  columns: (o) => bouncingColumns(sideOf(o)),
  parseReleaseRow: (row, o) => parseBounceReleaseRow(row, sideOf(o)),
  parsePrediction: (id, value, o) => parseBouncePrediction(id, value, sideOf(o)),
  score: (pairs, o) => scoreBinaryAbstention(pairs, sideOf(o)),
  outcome: (instance, prediction) => bounceOutcome(instance.truth.bounce, prediction.bounce),
  storageOnlyFields: ["trace", "reasoning"],
  primaryStats: (instance, prediction) => [instance.truth.bounce ? 1 : 0, prediction.bounce ? 1 : 0],
  primaryFromStats: (rows) => (rows.length ? fmFromRows(rows) : null),
  // a slice of one truth class (a label, a failure type): F_m is capped at 0.5 there; the paper
  // reads the share bounced — R_b where every instance should be bounced, FNR_a where none should
  sliceHeadline: (pairs) => {
    if (!pairs.length) return null;
    const bounce = pairs[0].truth.bounce;
    if (pairs.some((p) => p.truth.bounce !== bounce)) return null;
    return {
      key: bounce ? "R_b" : "FNR_a",
      label: bounce ? "R_b (share bounced)" : "FNR_a (share wrongly bounced)",
      values: pairs.map((p) => (p.prediction.bounce ? 1 : 0)),
    };
  },
  releaseDistributions: ({ instances, truth }, o) => {
    if (!truth) return [];
    const t = instances.flatMap((i) => (i.truth ? [i.truth] : []));
    return bouncerDistributions(sideOf(o) === "input" ? t : [], sideOf(o) === "output" ? t : []);
  },
  instanceFacets: (i, o) => {
    const side = sideOf(o);
    const length = lengthOf(i.metadata, side);
    const label =
      i.truth.label !== undefined ? labelsFor(side)[i.truth.label] : i.truth.bounce ? "should bounce" : "should pass";
    return {
      label,
      length: length === null ? undefined : BUCKETS[side].find((b) => length <= b.max)?.label,
      failure: i.truth.failure ? FAILURE_LABELS[i.truth.failure] : undefined,
    };
  },
  lengthBuckets: (o) => ({
    side: sideOf(o),
    row(instance, prediction) {
      const length = lengthOf(instance.metadata, sideOf(o));
      return length === null ? null : { length, should: instance.truth.bounce, did: prediction.bounce };
    },
  }),
  baselines: (o) => bounceBaselines(sideOf(o) === "input" ? "input_bounce" : "output_bounce"),
  outcomeFilters: [
    { key: "wrong", label: "All wrong" },
    { key: "wrongly_bounced", label: "Wrongly bounced" },
    { key: "wrongly_accepted", label: "Wrongly accepted" },
    { key: "correct", label: "Correct" },
  ],
  predictionFormat: (o) =>
    sideOf(o) === "input"
      ? {
          summary:
            'An object keyed by instance id with "input_bounce" (true/false) or a "label" (WELL_SPECIFIED, REASONABLY_SPECIFIED, VAGUE, IMPOSSIBLE_TO_SOLVE; bounce iff VAGUE or IMPOSSIBLE_TO_SOLVE), optional "score" in [0, 1] (confidence it should be bounced) and "trace"/"explanation"; or rows with "instance_id" as a JSON array or JSONL.',
          example: '{ "astropy__astropy-12907": { "input_bounce": false, "score": 0.1, "trace": "…" } }',
        }
      : {
          summary:
            'An object keyed by instance id with "output_bounce" (true/false) or a "label" (CORRECT_AND_PRECISE, CORRECT_BUT_INCOMPLETE, BROAD_MISSING_KEY_ASPECTS, INCORRECT; bounce iff one of the last two), optional "score" and "trace"; or rows with "instance_id".',
          example: '{ "astropy__astropy-12907": { "output_bounce": true, "trace": "…" } }',
        },
  releaseFormat: (o) =>
    sideOf(o) === "input"
      ? {
          summary:
            "CSV, JSON array or JSONL, one row per instance: instance_id, input_quality (0–3; the column underspecified is read as the same), optional input_bounce (else label ≥ 2), optional problem_statement.",
          example: 'instance_id,underspecified,problem_statement\nastropy__astropy-12907,1.0,"…"',
        }
      : {
          summary:
            "One row per instance: instance_id, patch, and tests_status (JSON or the Python-literal dict of the HF export) or output_quality (passed/all tests); output_bounce derived when absent.",
          example:
            "{\"instance_id\": \"astropy__astropy-12907\", \"patch\": \"diff --git …\", \"tests_status\": \"{'FAIL_TO_PASS': {'success': ['t'], 'failure': []}, 'PASS_TO_PASS': {'success': [], 'failure': []}}\"}",
        },
  template: buildBounceTemplate,
  taskCharts: binaryAbstentionTaskCharts,
  submissionCharts: binaryAbstentionSubmissionCharts,
  // a BouncerBench task bounces one side: a pipeline (bouncer-pipeline) composes an Input and an Output submission
  composeSide: (o) => sideOf(o),
  synthetic: (seed) => syntheticOutputTask(seed),
});
