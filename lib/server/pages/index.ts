// Helpers of app/ pages only (they use next/navigation): never imported by the API, the worker or the scoring threads.
export * from "./not-found";
export * from "./clean-query";
