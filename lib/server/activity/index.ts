export * from "./activity";
