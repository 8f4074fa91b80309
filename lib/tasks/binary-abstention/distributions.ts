import { shares, type Distribution } from "../shared/distributions";
import type { BounceTruth } from "./schemas";

const LABELS = ["0 well specified", "1 reasonably specified", "2 vague", "3 impossible"];
const VALIDITY = [
  "0 tests cover all solutions",
  "1 tests cover most solutions",
  "2 tests miss reasonable solutions",
  "3 tests too narrow/broad or off-topic",
];

/** BouncerBench truth: specification labels (paper Table I) and bounce shares, per side. */
export function bouncerDistributions(input: BounceTruth[], output: BounceTruth[]): Distribution[] {
  const out: Distribution[] = [];
  if (input.length) {
    out.push({
      title: "Specification label (paper Table I)",
      rows: shares(input.map((x) => LABELS[x.label ?? -1] ?? "?")).sort((a, b) => a.value.localeCompare(b.value)),
    });
    const validity = input.filter((x) => x.test_validity !== undefined);
    if (validity.length)
      out.push({
        title: "Test validity (paper Table I)",
        rows: shares(validity.map((x) => VALIDITY[x.test_validity!])).sort((a, b) => a.value.localeCompare(b.value)),
      });
    const other = input.filter((x) => x.other_issues !== undefined);
    if (other.length)
      out.push({
        title: "Other major issues (paper Table I)",
        rows: shares(other.map((x) => (x.other_issues ? "yes" : "no"))),
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
