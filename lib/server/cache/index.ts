export * from "./lru";
export * from "./truth-cache";
