// A score's per-instance outcomes, written with the score: two bitsets over the release's
// instances in order (instances.position) — "covered" (the submission predicted it) then
// "right" (the kind's outcome says correct) — ceil(n/8) bytes each, bit i in byte i >> 3, least
// significant bit first. 1,699 instances take 426 bytes; summing a release's 1,000 of them is a
// few milliseconds, where reading their predictions took seconds.
import type { ResolvedTask } from "@/lib/tasks/resolve";
import type { StoredInstance } from "@/lib/tasks/types";

export function encodeOutcomes(
  task: Pick<ResolvedTask, "kind" | "options">,
  instances: StoredInstance[],
  predictions: Map<string, Record<string, unknown>>,
): Uint8Array {
  const n = instances.length;
  const half = (n + 7) >> 3;
  const bits = new Uint8Array(half * 2);
  for (let i = 0; i < n; i++) {
    const p = predictions.get(instances[i].externalId);
    if (!p) continue;
    bits[i >> 3] |= 1 << (i & 7);
    if (task.kind.outcome(instances[i], p, task.options).correct) bits[half + (i >> 3)] |= 1 << (i & 7);
  }
  return bits;
}

/** Reads one instance's outcome from a bitset: null when not covered (or no bitset, or the wrong size). */
export function outcomeAt(bits: Uint8Array | null, n: number, i: number): boolean | null {
  const half = (n + 7) >> 3;
  if (!bits || bits.length !== half * 2) return null;
  if (!(bits[i >> 3] & (1 << (i & 7)))) return null;
  return (bits[half + (i >> 3)] & (1 << (i & 7))) !== 0;
}

/**
 * The positions a bitset covers, in order — only those it got right (`right` true), or wrong
 * (false) — or null when it is not a bitset of n instances.
 */
export function coveredPositions(bits: Uint8Array | null, n: number, right?: boolean): number[] | null {
  const half = (n + 7) >> 3;
  if (!bits || bits.length !== half * 2) return null;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = 1 << (i & 7);
    if (!(bits[i >> 3] & m)) continue;
    if (right === undefined || ((bits[half + (i >> 3)] & m) !== 0) === right) out.push(i);
  }
  return out;
}

/** Per instance, how many of the bitsets covered it and how many were right (bitsets of another size are skipped). */
export function sumOutcomes(
  all: (Uint8Array | null)[],
  n: number,
): { covered: Int32Array; right: Int32Array; counted: number } {
  const covered = new Int32Array(n);
  const right = new Int32Array(n);
  const half = (n + 7) >> 3;
  let counted = 0;
  for (const bits of all) {
    if (!bits || bits.length !== half * 2) continue;
    counted++;
    for (let byte = 0; byte < half; byte++) {
      const c = bits[byte];
      if (!c) continue;
      const r = bits[half + byte];
      const base = byte << 3;
      for (let b = 0; b < 8 && base + b < n; b++) {
        if (c & (1 << b)) {
          covered[base + b]++;
          if (r & (1 << b)) right[base + b]++;
        }
      }
    }
  }
  return { covered, right, counted };
}

/**
 * Consistency of repeated runs (issue 34, part 3): of the instances every bitset covers, how many
 * every one got right. Null when a bitset is missing or of another size (not yet filled).
 */
export function rightInEvery(all: (Uint8Array | null)[], n: number): { covered: number; right: number } | null {
  const half = (n + 7) >> 3;
  if (!all.length || all.some((b) => !b || b.length !== half * 2)) return null;
  let covered = 0;
  let right = 0;
  for (let byte = 0; byte < half; byte++) {
    let c = 0xff;
    let r = 0xff;
    for (const b of all as Uint8Array[]) {
      c &= b[byte];
      r &= b[half + byte];
    }
    const tail = byte === half - 1 && n % 8 ? (1 << (n % 8)) - 1 : 0xff;
    c &= tail;
    r &= c;
    for (let x = c; x; x &= x - 1) covered++;
    for (let x = r; x; x &= x - 1) right++;
  }
  return { covered, right };
}
