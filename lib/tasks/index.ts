import { AppError } from "@/lib/errors";
import { binaryAbstention } from "./binary-abstention";
import type { TaskKindModule, TaskKindName } from "./types";

/** Task kinds implemented so far; each lives in its own folder. */
const KINDS: Partial<Record<TaskKindName, TaskKindModule>> = {
  binary_abstention: binaryAbstention,
};

export function getTaskKind(kind: TaskKindName): TaskKindModule {
  const k = KINDS[kind];
  if (!k) throw new AppError("bad_request", `Task kind ${kind} is not scored yet`);
  return k;
}

export function isKindImplemented(kind: TaskKindName): boolean {
  return kind in KINDS;
}

export type { TaskKindModule, TaskKindName } from "./types";
