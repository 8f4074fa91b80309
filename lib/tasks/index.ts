import { AppError } from "@/lib/errors";
import { binaryAbstention } from "./binary-abstention";
import { bouncerPipeline } from "./bouncer-pipeline";
import { ciRepair } from "./ci-repair";
import { codeReview } from "./code-review";
import { scoredAbstention } from "./scored-abstention";
import type { TaskKindModule, TaskKindName } from "./types";

/** Every task kind; each lives in its own folder. */
const KINDS: Record<TaskKindName, TaskKindModule> = {
  binary_abstention: binaryAbstention,
  bouncer_pipeline: bouncerPipeline,
  scored_abstention: scoredAbstention,
  ci_repair: ciRepair,
  code_review: codeReview,
};

export function getTaskKind(kind: TaskKindName): TaskKindModule {
  const k = KINDS[kind];
  if (!k) throw new AppError("bad_request", `unknown task kind ${kind}`);
  return k;
}

export type { TaskKindModule, TaskKindName } from "./types";
