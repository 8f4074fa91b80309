import { shares, type Distribution } from "../shared/distributions";
import type { BounceTruth } from "./schemas";

const LABELS = ["0 well specified", "1 reasonably specified", "2 vague", "3 impossible"];

/** BouncerBench truth: specification labels (paper Table I) and bounce shares, per side. */
export function bouncerDistributions(input: BounceTruth[], output: BounceTruth[]): Distribution[] {
  const out: Distribution[] = [];
  if (input.length) {
    out.push({
      title: "Specification label (paper Table I)",
      rows: shares(input.map((x) => LABELS[x.label ?? -1] ?? "?")).sort((a, b) => a.value.localeCompare(b.value)),
    });
    out.push({
      title: "Should bounce (input)",
      rows: shares(input.map((x) => (x.bounce ? "bounce (label ≥ 2)" : "accept"))),
    });
  }
  if (output.length)
    out.push({
      title: "Patch correctness (output)",
      rows: shares(output.map((x) => (x.bounce ? "incorrect: bounce" : "correct: accept"))),
    });
  return out;
}
