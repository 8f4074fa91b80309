export * from "./worker";
