import { AppError } from "@/lib/errors";
import { binaryAbstention } from "./binary-abstention";
import { bouncerPipeline } from "./bouncer-pipeline";
import { ciRepair } from "./ci-repair";
import { codeReview } from "./code-review";
import type { TaskKindModule } from "./define";
import { scoredAbstention } from "./scored-abstention";

/**
 * The registry of task kinds, keyed by kind name. Each kind lives in its own folder of lib/tasks
 * and is registered here with one line; its UI registers in components/tasks/index.ts. The
 * registry is code, the same in every process: nothing in it is state.
 */
const KINDS = new Map<string, TaskKindModule>();

/** Registers a kind (a folder's `defineTaskKind(...)`). @throws Error when another module has its name */
export function registerTaskKind(kind: TaskKindModule): void {
  const had = KINDS.get(kind.kind);
  if (had && had !== kind) throw new Error(`task kind ${kind.kind} is already registered`);
  KINDS.set(kind.kind, kind);
}

for (const k of [binaryAbstention, bouncerPipeline, scoredAbstention, ciRepair, codeReview]) registerTaskKind(k);

/** @throws AppError bad_request for a kind no folder registered */
export function getTaskKind(kind: string): TaskKindModule {
  const k = KINDS.get(kind);
  if (!k) throw new AppError("bad_request", `unknown task kind ${kind}`);
  return k;
}

/** The names of the registered kinds. */
export function taskKindNames(): string[] {
  return [...KINDS.keys()];
}

export type { TaskKindModule } from "./define";
export type { TaskKindName } from "./types";
