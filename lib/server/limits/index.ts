export * from "./quotas";
export * from "./rate-limits";
