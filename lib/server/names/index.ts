export * from "./confusables";
export * from "./names";
