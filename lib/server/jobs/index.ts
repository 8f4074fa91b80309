export * from "./heartbeat";
export * from "./jobs";
export * from "./metrics";
