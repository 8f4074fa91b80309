export * from "./page-actions";
