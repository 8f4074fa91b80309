import type { MetricColumn } from "@/lib/tasks/types";

/**
 * The board's primary metric of CI-Bench (INTERFACE.md): the SYE rate the server computes itself.
 * The paper's headline, CO over all artifacts ("success rates of up to 28%, 35%, and 13% in
 * generating correct patches" are CO / 100 artifacts of Table 1), is reported by the submitter and
 * cannot be checked here: ranking by it would rank by a claim (a file saying every patch is
 * correct would be #1). It is a column, labelled reported. lib/tasks/catalog.ts names the same
 * key; score() returns its value as primaryValue.
 */
export const CI_PRIMARY_METRIC = "SYE_rate";

/**
 * The board's columns, the paper's headline first. Each says whether it is the paper's, how it is
 * defined (METRICS.md §5) and who computes it: PG and SYE the server (from the release's pre-fix
 * files and the developer's patch), PL and CO the submitter (the executor's build, a manual check).
 */
export const CI_COLUMNS: MetricColumn[] = [
  {
    key: "CO_rate",
    label: "CO rate (reported)",
    description:
      "The paper's headline metric (CI-Bench abstract, Table 1 #CO): correct patches ÷ all artifacts, where correct means the submitter checked the patch by hand against the developer's fix and reported it correct. Reported by the submitter, not checked by the server (so not what the board ranks by); an artifact with no report counts as not correct.",
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
      "The board's ranking metric: SYE (server) ÷ all artifacts — patches token-equal to the developer's fix, the one rate the server checks itself, without trusting any reported value. The paper counts SYE among reported-plausible patches (SYE_PL) and headlines CO, both shown beside it; a token-equal patch that builds is plausible by construction (METRICS.md §5).",
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
