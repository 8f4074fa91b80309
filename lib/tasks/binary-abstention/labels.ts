/** Fine-grained bouncer labels (METRICS.md §1); a bounce is a label with index ≥ 2. */
export const INPUT_LABELS = ["WELL_SPECIFIED", "REASONABLY_SPECIFIED", "VAGUE", "IMPOSSIBLE_TO_SOLVE"] as const;
export const OUTPUT_LABELS = [
  "CORRECT_AND_PRECISE",
  "CORRECT_BUT_INCOMPLETE",
  "BROAD_MISSING_KEY_ASPECTS",
  "INCORRECT",
] as const;

export type Side = "input" | "output";

export function labelsFor(side: Side): readonly string[] {
  return side === "input" ? INPUT_LABELS : OUTPUT_LABELS;
}

export function labelIndex(side: Side, label: string): number {
  return labelsFor(side).indexOf(label);
}

export function bounceOfLabel(side: Side, label: string): boolean {
  return labelIndex(side, label) >= 2;
}
