export * from "./client";
export * from "./health";
export * from "./migrations";
export * from "./sql";
export * from "./locks.sql";
export * from "./replica";
export * from "./readiness";
export * from "./metrics";
export { ping } from "./readiness.sql";
