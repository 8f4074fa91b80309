/** The pure metrics library (METRICS.md). No I/O, no framework imports. */
export * from "./assert";
export * from "./confusion-counts";
export * from "./precision-recall-f1";
export * from "./bouncing-metrics";
export * from "./i-score";
export * from "./o-score";
export * from "./cohen-kappa";
export * from "./rank-data";
export * from "./pearson";
export * from "./spearman";
export * from "./precision-recall-curve";
export * from "./average-precision";
export * from "./pass-at-k";
export * from "./percentile";
export * from "./wasserstein";
export * from "./bootstrap-ci";
export * from "./version";
