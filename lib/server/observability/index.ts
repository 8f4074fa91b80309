// Observability: structured logs with request ids, Prometheus metrics, probes.
export { currentRequest, requestIdFrom, routePattern, runWithRequest, type RequestContext } from "./context";
export { log } from "./log";
export {
  metrics,
  observeCache,
  observeRequest,
  observeScoring,
  observeServerRequest,
  registerCollector,
  type CacheResult,
  type Collector,
  type Sample,
  type ScoringWaitOutcome,
} from "./metrics";
export { observeHttpServer, serverRouteOf } from "./http-server";
export { instrumentJobs } from "./jobs";
export { serveMetrics, serveWorkerMetrics } from "./worker-metrics";
export { recordRequestError, requestIdOf } from "./request-errors";
export { liveness, probe } from "./probes";
