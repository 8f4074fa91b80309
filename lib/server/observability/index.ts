// Observability: structured logs with request ids, and Prometheus metrics.
export { currentRequest, requestIdFrom, routePattern, runWithRequest, type RequestContext } from "./context";
export { log } from "./log";
export { metrics, observeRequest } from "./metrics";
