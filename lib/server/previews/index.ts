export * from "./og-response";
export * from "./og";
export * from "./badges";
