export * from "./registry";
export * from "./worker";
