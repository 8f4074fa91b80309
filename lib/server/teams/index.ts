export * from "./overviews";
export * from "./teams";
export * from "./team-page-view";
