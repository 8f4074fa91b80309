export * from "./build";
export * from "./jobs";
export * from "./read";
export * from "./signing";
