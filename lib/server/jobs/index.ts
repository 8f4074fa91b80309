export * from "./heartbeat";
export * from "./jobs";
