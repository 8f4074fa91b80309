export * from "./og-response";
export * from "./og";
