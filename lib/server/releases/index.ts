export * from "./baselines";
export * from "./catalog";
export * from "./changelog";
export * from "./release-overview";
export * from "./releases";
