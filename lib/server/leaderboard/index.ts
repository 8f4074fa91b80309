export * from "./board";
export * from "./charts";
export * from "./leaderboard-export";
export * from "./leaderboard";
export * from "./length-buckets";
export * from "./submission-charts";
export * from "./page-view";
