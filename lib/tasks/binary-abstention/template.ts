import type { PredictionTemplate, TaskOptions } from "@/lib/tasks/types";
import { sideOf } from "./schemas";

/**
 * A blank BouncerBench Input or Output file in INTERFACE.md's official shape: per instance its
 * bounce decision to fill (`input_bounce` or `output_bounce`: true or false) and the optional
 * `score` (in [0, 1]) and `trace`, all null. A null optional field is read as absent, so a file
 * whose bounce fields are filled uploads as it is; unfilled, each instance's bounce field is a
 * problem ("is null", expected true or false).
 *
 * @example buildBounceTemplate([{ externalId: "a__b-1" }], { side: "input" }).file
 * // → { "a__b-1": { input_bounce: null, score: null, trace: null } }
 */
export function buildBounceTemplate(instances: { externalId: string }[], opts: TaskOptions): PredictionTemplate {
  const field = sideOf(opts) === "input" ? "input_bounce" : "output_bounce";
  return {
    file: Object.fromEntries(instances.map((i) => [i.externalId, { [field]: null, score: null, trace: null }])),
    blanks: instances.map((i) => ({ instanceId: i.externalId, field })),
  };
}
