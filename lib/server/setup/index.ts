export * from "./bootstrap";
export * from "./seed";
