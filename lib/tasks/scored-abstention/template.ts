import type { PredictionTemplate } from "@/lib/tasks/types";
import type { AvMetadata } from "./model";

/**
 * A blank Abstain-and-Validate file: per bug its `abstention_score` (in [0, 1]) and one validation
 * per trajectory of the bug — `trajectory_id` filled from the release's public metadata,
 * `validation_judgment` (true or false) and `validation_score` (in [0, 1]) null. A
 * validation-only bug (machine-reported) needs no abstention score: its null stays valid.
 * Unfilled, each bug's abstention score and each trajectory's judgment is a problem. Once a bug
 * has anything filled in, a judgment left null is a trajectory the pipeline never judged (the
 * paper judges only what passes its build/test checks, §3.2.1): it counts as rejected.
 *
 * @example buildAvTemplate([{ externalId: "bug-1", metadata: { title: "t", trajectories: [{ id: "t1" }] } }]).file
 * // → { "bug-1": { abstention_score: null,
 * //      trajectories: [{ trajectory_id: "t1", validation_judgment: null, validation_score: null }] } }
 */
export function buildAvTemplate(instances: { externalId: string; metadata: AvMetadata }[]): PredictionTemplate {
  const blanks: PredictionTemplate["blanks"] = [];
  const file = Object.fromEntries(
    instances.map(({ externalId: instanceId, metadata }) => {
      if (!metadata.validationOnly) blanks.push({ instanceId, field: "abstention_score" });
      const trajectories = metadata.trajectories.map((t, k) => {
        blanks.push({ instanceId, field: `trajectories[${k}].validation_judgment` });
        return { trajectory_id: t.id, validation_judgment: null, validation_score: null };
      });
      return [instanceId, { abstention_score: null, trajectories }];
    }),
  );
  return { file, blanks };
}
