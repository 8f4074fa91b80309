/**
 * Deterministic synthetic releases and submissions for the tasks without public data here
 * (BouncerBench Output and Lite until the official releases are imported; A&V; CI-Bench;
 * CR-Bench). Fixed seeds; distributions follow the papers' statistics. Everything produced is
 * marked synthetic and uses made-up ids and system names: no real model is scored against it.
 *
 * Each generator lives in its task kind's folder (lib/tasks/<kind>/synthetic.ts) and is the kind's
 * `synthetic`; the catalog says which tasks have one and with which seed (`synthetic`: an offset).
 */
import { CATALOG, taskOptions } from "@/lib/tasks/catalog";
import { getTaskKind } from "@/lib/tasks";
import type { SyntheticTask } from "./task";

export type { SyntheticTask } from "./task";

export const SYNTHETIC_SEED = 20251121;

/** Every synthetic task, deterministic for SYNTHETIC_SEED, in the order of their seeds' offsets. */
export function generateSynthetic(): SyntheticTask[] {
  const tasks = CATALOG.flatMap((b) => b.tasks.map((t) => ({ ...t, fullSlug: `${b.slug}/${t.slug}` })))
    .filter((t) => t.synthetic !== undefined)
    .sort((a, b) => a.synthetic! - b.synthetic!);
  return tasks.map((t) => {
    const make = getTaskKind(t.kind).synthetic;
    if (!make) throw new Error(`${t.fullSlug} asks for a synthetic release; its kind ${t.kind} has no generator`);
    return make(SYNTHETIC_SEED + t.synthetic!, taskOptions(t.fullSlug));
  });
}
