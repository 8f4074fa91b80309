export * from "./baselines";
export * from "./changelog";
export * from "./release-overview";
export * from "./release-files";
export * from "./releases";
export * from "./primary-resync";
