import type { PredictionTemplate } from "@/lib/tasks/types";

const FIELDS = ["input_bounce", "output_bounce"] as const;

/**
 * A blank BouncerBench Lite file: per instance both bouncers' decisions to fill (`input_bounce`,
 * `output_bounce`: true or false) and the optional `input_score`, `output_score` and `trace`, all
 * null (a null optional field is read as absent). Unfilled, each instance has one problem per
 * bounce field.
 *
 * @example buildPipelineTemplate([{ externalId: "a__b-1" }]).blanks
 * // → [{ instanceId: "a__b-1", field: "input_bounce" }, { instanceId: "a__b-1", field: "output_bounce" }]
 */
export function buildPipelineTemplate(instances: { externalId: string }[]): PredictionTemplate {
  const blank = { input_bounce: null, output_bounce: null, input_score: null, output_score: null, trace: null };
  return {
    file: Object.fromEntries(instances.map((i) => [i.externalId, { ...blank }])),
    blanks: instances.flatMap((i) => FIELDS.map((field) => ({ instanceId: i.externalId, field }))),
  };
}
