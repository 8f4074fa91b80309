export * from "./compute";
export * from "./ladder";
export * from "./scoring";
export * from "./secrets";
export * from "./outcomes";
export * from "./fill-outcomes";
