export * from "./baselines";
export * from "./changelog";
export * from "./release-overview";
export * from "./releases";
