import type { MetricColumn } from "@/lib/tasks/types";

/**
 * The board's primary metric of CI-Bench: the paper's headline, CO over all artifacts ("success
 * rates of up to 28%, 35%, and 13% in generating correct patches" are CO / 100 artifacts of
 * Table 1). lib/tasks/catalog.ts names the same key; score() returns its value as primaryValue.
 */
export const CI_PRIMARY_METRIC = "CO_rate";

/**
 * The board's columns, the paper's metric first. Each says whether it is the paper's, how it is
 * defined (METRICS.md §5) and who computes it: PG and SYE the server (from the release's pre-fix
 * files and the developer's patch), PL and CO the submitter (the executor's build, a manual check).
 */
export const CI_COLUMNS: MetricColumn[] = [
  {
    key: "CO_rate",
    label: "CO rate (reported)",
    description:
      "The paper's headline metric (CI-Bench abstract, Table 1 #CO): correct patches ÷ all artifacts, where correct means the submitter checked the patch by hand against the developer's fix and reported it correct. Reported by the submitter, not checked by the server; an artifact with no report counts as not correct.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "CO",
    label: "CO (reported)",
    description:
      "The paper's #CO: correct patches (a manual check against the developer's fix), as reported by the submitter (count).",
    better: "higher",
    format: "count",
  },
  {
    key: "SYE_PL",
    label: "SYE (paper)",
    description:
      "The paper's #SYE: patches that are plausible (as reported) and syntactically equivalent to the developer's fix — after applying the patch, every changed file's token stream, comments and whitespace dropped, equals the developer-fixed file's (Table 1: SYE ≤ PL in every cell). Equivalence is checked by the server; plausibility is the submitter's report (count).",
    better: "higher",
    format: "count",
  },
  {
    key: "SYE",
    label: "SYE (server)",
    description:
      "Not the paper's count: syntactically equivalent patches whether or not they were reported plausible — the same token-stream check as SYE (paper), trusting no report (count).",
    better: "higher",
    format: "count",
  },
  {
    key: "SYE_rate",
    label: "SYE rate (server)",
    description:
      "SYE (server) ÷ all artifacts: the one rate computed from the patches alone, without trusting any reported value. Not the paper's ranking metric (the board ranked by it before issue 33).",
    better: "higher",
    format: "percent1",
  },
  {
    key: "PG",
    label: "PG",
    description:
      "The paper's #PG: patches generated — a non-empty unified diff whose hunks apply to the release's pre-fix files (a hunk on a file the release does not carry is assumed to apply); computed by the server (count).",
    better: "higher",
    format: "count",
  },
  {
    key: "PL",
    label: "PL (reported)",
    description:
      "The paper's #PL: plausible patches — with the patch the original build and its tests pass in the artifact's container — as reported by the submitter (count).",
    better: "higher",
    format: "count",
  },
];
