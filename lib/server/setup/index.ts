export * from "./start-up";
export * from "./collectors";
export * from "./migrate";
export * from "./seed";
