// The checks of an integrity audit (issue 34) and the reasons they store, pure. The thresholds
// and why they are where they are (docs/security.md, "Integrity audit"):
//
// - near-duplicate: ≥ 99% of the instances both cover get the same prediction (or, failing
//   that, the same outcome: right or wrong), over ≥ 50 shared instances, and Cohen's κ ≥ 0.9.
//   Independent systems at this scale differ on far more: the two shipped BouncerBench Input
//   runs (gpt-4.1, claude-3.7-sonnet) give the same bounce decision on 94.4% of 1,699 issues and
//   the same label on 71.8%; 99% leaves at most 16 of 1,699 instances changed. κ keeps two
//   trivial policies (always accept, twice) from being an accusation: what chance explains is
//   no evidence. Below 50 shared instances one change is 2%: too few to tell. Outcomes are
//   compared only when no server baseline (a trivial policy: always accept, …) matches the
//   upload's own outcomes as closely: on instances a trivial policy gets right, any two files that
//   follow it have the same outcomes (claude-3.7-sonnet accepts 99 of the first 100 issues, as does
//   an "accept everything" partial file of them), and one trivial policy twice is no copy.
// - trace-overlap: the traces' estimated Jaccard similarity (sampled 5-word shingles, boilerplate
//   dropped: ./text.ts) ≥ 0.5 — at least two thirds of each one's distinctive text in the other
//   — with ≥ 64 shingles each; the two shipped runs, explaining the same 1,699 issues, share 1.6%.
// - truth-in-trace: ≥ 3 instances whose trace holds a piece of the truth or a link to it
//   (./truth.ts); one could be a coincidence, three are a pattern.
// - probing (hidden releases): ≥ 3 of a team's consecutive uploads each differing from the one
//   before in 1–3 instances, this one included: the pattern of reading hidden labels one
//   instance at a time (Blum & Hardt 2015), which the Ladder blunts but cannot see.
// - truth-match (./truth.ts, truthMatch): a complete file (≥ 50 instances) right on ≥ 95% of them
//   by the kind's own per-instance outcome (the score's outcome bits), and on at least half of
//   what the best server baseline gets wrong. The best honest systems stay far below: the shipped
//   BouncerBench Input runs are right on 65.5% (gpt-4.1) and 62.9% (claude-3.7-sonnet) of 1,699
//   issues, "always accept" on 61.7%; the best synthetic system of any task on 87.4% (A&V). A file
//   that reproduces a public release's truth — its instances file is downloadable — is right on
//   all of them; 95% leaves 30 points over the best real run, and a copy of the truth has to be 1
//   in 20 wrong to pass it. A partial file is left out (never ranked by default; its first 100
//   instances may all be ones a trivial policy gets right).
import { z } from "zod";
import { comparePairs, compareOutcomes, type Agreement } from "./fingerprint";
import { textSimilarity } from "./text";

export const NEAR_DUPLICATE = { agreement: 0.99, kappa: 0.9, minShared: 50, firstPass: 0.6 } as const;
export const TRACE_OVERLAP = { jaccard: 0.5, minShingles: 64 } as const;
export const TRUTH_IN_TRACE = { minInstances: 3, examples: 5 } as const;
export const PROBING = { maxDiff: 3, minSteps: 3 } as const;
export const TRUTH_MATCH = { share: 0.95, minCovered: 50 } as const;

/** A reason as stored in `submission_audits.reasons` (parsed when read back). */
export const StoredReason = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("near-duplicate"),
    submissionId: z.uuid(),
    similarity: z.number(),
    shared: z.number().int(),
    /** agreement of predictions, of outcomes (null: not comparable) */
    predictions: z.number().nullable(),
    outcomes: z.number().nullable(),
    by: z.enum(["predictions", "outcomes"]),
  }),
  z.object({ kind: z.literal("trace-overlap"), submissionId: z.uuid(), similarity: z.number() }),
  z.object({
    kind: z.literal("truth-in-trace"),
    instances: z.number().int(),
    examples: z.array(z.string()),
    found: z.array(z.enum(["link", "source", "text"])),
  }),
  z.object({
    kind: z.literal("truth-match"),
    /** instances it predicts, and of those the ones its outcome says are right */
    covered: z.number().int(),
    right: z.number().int(),
  }),
  z.object({
    kind: z.literal("probing"),
    steps: z.number().int(),
    lastDiff: z.number().int(),
    uploads: z.number().int(),
  }),
]);
export type StoredReason = z.infer<typeof StoredReason>;
export const StoredReasons = z.array(StoredReason);

/** An earlier submission of another team, as the audit compares it. */
export interface Compared {
  id: string;
  /** its full fingerprint's pairs, when the first pass picked it */
  pairs: Uint32Array | null;
  outcomes: Uint8Array | null;
  textSketch: Uint32Array | null;
  textShingles: number;
}

const suspicious = (a: Agreement | null): a is Agreement =>
  !!a &&
  a.shared >= NEAR_DUPLICATE.minShared &&
  a.agreement >= NEAR_DUPLICATE.agreement &&
  a.kappa >= NEAR_DUPLICATE.kappa;

/** Near-duplicate of another submission: by predictions first, else by outcomes. */
export function nearDuplicate(
  own: { pairs: Uint32Array; outcomes: Uint8Array | null },
  other: Compared,
): StoredReason | null {
  const p = other.pairs ? comparePairs(own.pairs, other.pairs) : null;
  // the same predictions by chance (one trivial policy twice, e.g. accept everything): their
  // outcomes agree because the truth is the same, which is no evidence either
  if (p && p.shared >= NEAR_DUPLICATE.minShared && p.agreement >= NEAR_DUPLICATE.agreement && !suspicious(p))
    return null;
  const o = compareOutcomes(own.outcomes, other.outcomes);
  const by = suspicious(p) ? "predictions" : suspicious(o) ? "outcomes" : null;
  if (!by) return null;
  const a = (by === "predictions" ? p : o)!;
  return {
    kind: "near-duplicate",
    submissionId: other.id,
    similarity: a.agreement,
    shared: a.shared,
    predictions: p?.agreement ?? null,
    outcomes: o?.agreement ?? null,
    by,
  };
}

/**
 * Whether an upload's outcomes are a trivial policy's: as close to a server baseline's (`baselines`:
 * their outcome bits on the release) as a near-duplicate's would be. Then its outcomes are not
 * compared with anyone's (equal outcomes say nothing), only its predictions.
 */
export function trivialOutcomes(own: Uint8Array | null, baselines: (Uint8Array | null)[]): boolean {
  return baselines.some((b) => suspicious(compareOutcomes(own, b)));
}

/** Overlapping traces with another submission. */
export function traceOverlap(
  own: { textSketch: Uint32Array | null; textShingles: number },
  other: Compared,
): StoredReason | null {
  if (own.textShingles < TRACE_OVERLAP.minShingles || other.textShingles < TRACE_OVERLAP.minShingles) return null;
  const j = textSimilarity(own.textSketch, other.textSketch);
  return j !== null && j >= TRACE_OVERLAP.jaccard
    ? { kind: "trace-overlap", submissionId: other.id, similarity: j }
    : null;
}

/** Traces holding the truth on enough instances (`hits`: instance ids, in release order, and what was found). */
export function truthReason(hits: { id: string; found: "link" | "source" | "text" }[]): StoredReason | null {
  if (hits.length < TRUTH_IN_TRACE.minInstances) return null;
  return {
    kind: "truth-in-trace",
    instances: hits.length,
    examples: hits.slice(0, TRUTH_IN_TRACE.examples).map((h) => h.id),
    found: [...new Set(hits.map((h) => h.found))].sort(),
  };
}

/**
 * Probing of a hidden release: `chain` is the team's uploads to it, oldest first, this one last.
 * Flags when this upload and at least PROBING.minSteps − 1 earlier ones each differ from the one
 * before in 1–PROBING.maxDiff instances.
 */
export function probing(chain: Uint32Array[]): StoredReason | null {
  if (chain.length < 2) return null;
  const diffs = chain.slice(1).map((fp, i) => {
    const a = comparePairs(chain[i], fp);
    return a.shared - a.same + a.onlyOne;
  });
  const small = (d: number) => d >= 1 && d <= PROBING.maxDiff;
  const last = diffs[diffs.length - 1];
  const steps = diffs.filter(small).length;
  if (!small(last) || steps < PROBING.minSteps) return null;
  return { kind: "probing", steps, lastDiff: last, uploads: chain.length };
}
