import type { MetricColumn } from "@/lib/tasks/types";
import type { Side } from "./labels";

/** Leaderboard columns of a binary-abstention task (METRICS.md §1). */
export function bouncingColumns(side: Side): MetricColumn[] {
  return [...headlineColumns(side), ...(side === "input" ? labelColumns() : failureTypeColumns())];
}

/** F_m, the side's score (I-Score or O-Score), R_b and FNR_a. */
function headlineColumns(side: Side): MetricColumn[] {
  return [
    {
      key: "F_m",
      label: "F_m",
      description: "Macro F-measure: mean of the F1 of the accept class and of the bounce class.",
      better: "higher",
      format: "score3",
    },
    side === "input"
      ? {
          key: "I_Score",
          label: "I-Score",
          description:
            "(2/3)·mean of ±(label − 1.5): rewards bouncing vague tickets and accepting clear ones, weighted by how clear or vague; 0 is chance, range [−1, 1].",
          better: "higher",
          format: "score3",
        }
      : {
          key: "O_Score",
          label: "O-Score",
          description:
            "Mean of ±pass fraction: + when the decision is right (bounce an incorrect patch, accept a correct one); range [−1, 1].",
          better: "higher",
          format: "score3",
        },
    {
      key: "R_b",
      label: "R_b",
      description: "Recall of the bounce class: share of should-bounce cases that were bounced.",
      better: "higher",
      format: "percent1",
    },
    {
      key: "FNR_a",
      label: "FNR_a",
      description: "False-negative rate of the accept class: share of should-accept cases wrongly bounced (1 − R_a).",
      better: "lower",
      format: "percent1",
    },
  ];
}

/** The input side's agreement with the human 4-level labels. */
function labelColumns(): MetricColumn[] {
  return [
    {
      key: "agreement",
      label: "Agreement",
      description: "Share of instances where the bouncer's 4-level label equals the human label (needs labels).",
      better: "higher",
      format: "percent1",
    },
    {
      key: "kappa",
      label: "κ",
      description: "Cohen's kappa (unweighted) between the bouncer's label and the human label.",
      better: "higher",
      format: "number3",
    },
    {
      key: "kappa_quadratic",
      label: "κ_w",
      description:
        "Cohen's kappa with quadratic weights: the 4 labels are ordered, so calling 'vague' 'impossible' costs less than calling it 'clear'. κ_linear is in the API and exports.",
      better: "higher",
      format: "number3",
    },
    {
      key: "spearman_rho",
      label: "ρ",
      description:
        "Spearman rank correlation between the bouncer's label and the human label (average ranks for ties).",
      better: "higher",
      format: "number3",
    },
  ];
}

/** The output side's R_b by failure type (§II-A2), when the release's tests_status says which tests fail. */
function failureTypeColumns(): MetricColumn[] {
  return [
    {
      key: "R_b_fail_to_pass",
      subset: true,
      label: "R_b F2P",
      description: "Share bounced of the incorrect patches that fail only fail-to-pass tests (the paper's 270).",
      better: "higher",
      format: "percent1",
    },
    {
      key: "R_b_both",
      subset: true,
      label: "R_b both",
      description: "Share bounced of the incorrect patches that fail fail-to-pass and pass-to-pass tests (the 107).",
      better: "higher",
      format: "percent1",
    },
    {
      key: "R_b_pass_to_pass",
      subset: true,
      label: "R_b P2P",
      description:
        "Share bounced of the patches that fail only pass-to-pass tests: possibly correct fixes that break something else (the 28).",
      better: "higher",
      format: "percent1",
    },
  ];
}
