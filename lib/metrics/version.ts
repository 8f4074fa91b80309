/** Stamped on every stored score; bump when any metric's definition or code changes. */
export const METRICS_VERSION = "1.0.0";
