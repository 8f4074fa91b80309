export * from "./quotas";
export * from "./rate-limits";
export * from "./upload-memory";
