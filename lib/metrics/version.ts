/** Stamped on every stored score; bump when any metric's definition or code changes. */
// 1.1.0 (issue 33): weighted κ on the fixed 0–3 label scale; CR-Bench f1_hits (Eq. 2–4); CI-Bench
// and A&V additions. Scores stamped 1.0.0 keep their values until an admin re-scores the release.
export const METRICS_VERSION = "1.1.0";
