export * from "./bootstrap";
export * from "./collectors";
export * from "./migrate";
export * from "./seed";
