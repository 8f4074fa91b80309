export * from "./ladder";
export * from "./scoring";
export * from "./secrets";
