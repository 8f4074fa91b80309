/** Stamped on every stored score; bump when any metric's definition or code changes. */
// 1.1.0 (issue 33): weighted κ on the fixed 0–3 label scale; CR-Bench f1_hits (Eq. 2–4); CI-Bench
// and A&V additions. Scores stamped 1.0.0 keep their values until an admin re-scores the release.
// 1.2.0 (issue 50): Lite's CI and stored replicates from the per-ticket estimator the board shows
// (its input half counts each ticket once); scores stamped earlier keep theirs until re-scored.
export const METRICS_VERSION = "1.2.0";
