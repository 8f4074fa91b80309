// Traces that contain the truth (issue 34), pure. Kind-agnostic: what counts as "the truth in
// text" is read from each instance's stored truth and id, never from a switch on the kind.
//
// - Text of the truth: every string of an instance's truth (CI-Bench's developer patch,
//   BouncerBench's annotators' notes, CR-Bench's bug description). A diff contributes its added
//   lines of ≥ 24 characters (the hunks of the gold patch); prose its sentences of ≥ 40. A piece
//   that also appears in the instance's public metadata (the issue text, the pre-fix files) is
//   not evidence: the agent was allowed to read it. Nor is a piece that the prediction's own
//   answer contains (a CI agent whose patch equals the developer's quotes it in its trace).
// - A link to the instance's answer: for SWE-bench-style ids (owner__repo-N, N the pull request
//   that fixed the issue) `github.com/owner/repo/pull/N`, whose diff is the gold patch.
// - The datasets' answer files (ANSWER_SOURCES).
// Matching is on text folded to lower case with runs of white space as one space.
//
// Predictions that reproduce the truth (truthMatch): right on more of the covered instances than
// the best honest systems are (TRUTH_MATCH in ./reasons.ts, where the figures are), read from the
// score's outcome bits — whatever the kind, its own per-instance "correct".
import { TRUTH_MATCH, type StoredReason } from "./reasons";

const DIFF = /^(@@ |\+\+\+ |diff --git )/m;
const SWE_ID = /^([A-Za-z0-9_.-]+)__([A-Za-z0-9_.-]+)-(\d+)$/;
const MAX_NEEDLES = 64;

/** Where a benchmark's answers are published: a trace that cites one read the answers. */
export const ANSWER_SOURCES: { label: string; pattern: RegExp }[] = [
  // SWE-bench's rows carry the gold patch and the tests that check it
  { label: "the SWE-bench dataset", pattern: /huggingface\.co\/datasets\/[\w.-]+\/swe-bench/ },
  // SWE-bench Verified's annotations: BouncerBench Input's labels
  { label: "the SWE-bench Verified annotations", pattern: /ensembled_annotations/ },
];

/** Lower case, white space runs as one space. */
export function fold(s: string): string {
  return s.toLowerCase().replace(/\s+/g, " ").trim();
}

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === "object") for (const x of Object.values(v)) strings(x, out);
  return out;
}

/** What an instance's truth looks like in a trace: pieces of its text, and the link to its answer. */
export interface TruthProbe {
  needles: string[];
  link: RegExp | null;
}

/** The pieces of an instance's truth worth looking for (none that its public metadata shows). */
export function truthProbe(instance: { externalId: string; truth: unknown; metadata: unknown }): TruthProbe {
  const shown = fold(strings(instance.metadata).join("\n"));
  const needles = new Set<string>();
  for (const s of strings(instance.truth)) {
    const pieces = DIFF.test(s)
      ? s
          .split("\n")
          .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
          .map((l) => fold(l.slice(1)))
          .filter((l) => l.length >= 24)
      : s
          .split(/(?<=[.!?])\s+|\n+/)
          .map(fold)
          .filter((l) => l.length >= 40);
    for (const p of pieces) if (needles.size < MAX_NEEDLES && !shown.includes(p)) needles.add(p);
  }
  const m = SWE_ID.exec(instance.externalId);
  const url = m ? `github.com/${m[1]}/${m[2]}/pull/${m[3]}`.toLowerCase() : null;
  const link = url && !shown.includes(url) ? new RegExp(`${url.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?!\\d)`) : null;
  return { needles: [...needles], link };
}

/**
 * What of the truth a trace holds: "link" (the answer's pull request), "source" (a dataset's
 * answer file), "text" (a piece of the truth's text), or null. `trace` and `answer` (the
 * prediction's own fields) are folded (`fold`).
 */
export function truthInTrace(trace: string, answer: string, probe: TruthProbe): "link" | "source" | "text" | null {
  if (!trace) return null;
  if (probe.link?.test(trace)) return "link";
  if (ANSWER_SOURCES.some((s) => s.pattern.test(trace))) return "source";
  if (probe.needles.some((n) => trace.includes(n) && !answer.includes(n))) return "text";
  return null;
}

/** Set bits of a byte range. */
function bitCount(bytes: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) for (let b = bytes[i]; b; b &= b - 1) n++;
  return n;
}

/** Covered and right instances of a score's outcome bits ("covered" then "right"; lib/server/scoring/outcomes.ts). */
export function outcomeCounts(outcomes: Uint8Array | null): { covered: number; right: number } | null {
  if (!outcomes || outcomes.length % 2) return null;
  const half = outcomes.length / 2;
  return { covered: bitCount(outcomes, 0, half), right: bitCount(outcomes, half, outcomes.length) };
}

/**
 * Predictions that reproduce the truth: a complete file (every one of the release's `n` instances;
 * a partial one is never ranked by default) right on at least TRUTH_MATCH.share of them — and on
 * at least half of those that `floor`, the best server baseline's share right (always accept, …),
 * gets wrong, so that a release where a trivial policy is nearly always right is no evidence.
 */
export function truthMatch(outcomes: Uint8Array | null, n: number, floor = 0): StoredReason | null {
  const c = outcomeCounts(outcomes);
  if (!c || c.covered < n || c.covered < TRUTH_MATCH.minCovered) return null;
  const bar = Math.max(TRUTH_MATCH.share, floor + (1 - floor) / 2);
  return c.right >= bar * c.covered ? { kind: "truth-match", covered: c.covered, right: c.right } : null;
}
