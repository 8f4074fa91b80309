export * from "./overviews";
export * from "./teams";
