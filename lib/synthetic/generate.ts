/**
 * Deterministic synthetic releases and submissions for the tasks without public data here
 * (BouncerBench Output and Lite until the official releases are imported; A&V; CI-Bench;
 * CR-Bench). Fixed seeds; distributions follow the papers' statistics. Everything produced is
 * marked synthetic and uses made-up ids and system names: no real model is scored against it.
 *
 * Each generator lives in its task kind's folder (lib/tasks/<kind>/synthetic.ts); this list only
 * orders them and gives each its seed.
 */
import { syntheticOutputTask } from "@/lib/tasks/binary-abstention/synthetic";
import { syntheticLiteTask } from "@/lib/tasks/bouncer-pipeline/synthetic";
import { syntheticCiTask } from "@/lib/tasks/ci-repair/synthetic";
import { syntheticReviewTask } from "@/lib/tasks/code-review/synthetic";
import { syntheticRepairTask } from "@/lib/tasks/scored-abstention/synthetic";
import type { SyntheticTask } from "./task";

export type { SyntheticTask } from "./task";

export const SYNTHETIC_SEED = 20251121;

/** Every synthetic task, deterministic for SYNTHETIC_SEED (each generator has its own offset: a new one takes the next). */
export function generateSynthetic(): SyntheticTask[] {
  const seed = SYNTHETIC_SEED;
  return [
    syntheticOutputTask(seed + 1), // bouncerbench/output
    syntheticLiteTask(seed + 2), // bouncerbench/lite
    syntheticRepairTask(seed + 3), // abstain-validate/repair
    syntheticCiTask(seed + 4), // ci-bench/repair
    syntheticReviewTask(seed + 5), // cr-bench/review
  ];
}
