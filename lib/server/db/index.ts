export * from "./client";
export * from "./health";
export * from "./migrations";
export * from "./sql";
