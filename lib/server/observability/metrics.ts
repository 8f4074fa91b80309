// Prometheus metrics of this process (GET /metrics; each web process is scraped on its own, a
// worker process on WORKER_METRICS_PORT, ./worker-metrics.ts): API handlers' durations by route
// pattern, every request the HTTP server answered (pages too, ./http-server.ts), the response
// cache's hits, misses and bypasses (the front door), render errors (instrumentation.ts), this process's
// jobs, uploads' wait for a scoring thread and their time in it (observeScoring), Node's own
// (event-loop delay, heap, GC) — and the gauges the features read at scrape time (the connection
// pool, the scoring threads, the job queue from the database, so every process reports the same
// queue). Those this module does not import: observability sits below every
// feature, so each feature hands its collector to `registerCollector`, and one wiring module
// (lib/server/setup/collectors.ts) registers them all, called by the processes that serve metrics.
// Every label is bounded: route labels are the app's own route patterns (the file tree's, as
// Next.js names them, or the ROUTES entries of lib/server/http/response-cache.ts), never paths.
import client from "prom-client";

/** How the response cache answered: from memory, by rendering (and keeping), or not at all. */
export type CacheResult = "hit" | "miss" | "bypass";
/** How a job attempt ended: done, failed with attempts left, failed for good. */
export type JobOutcome = "success" | "retry" | "failed";
/** How an upload's wait for a scoring thread ended: it started, it waited too long, the queue was full. */
export type ScoringWaitOutcome = "started" | "wait_exceeded" | "queue_full";

interface Registry {
  registry: client.Registry;
  http: client.Histogram<"method" | "route" | "status">;
  server: client.Histogram<"method" | "route" | "status">;
  cache: client.Counter<"route" | "result">;
  cacheDuration: client.Histogram<"route" | "result">;
  errors: client.Counter<"route" | "type">;
  jobs: client.Counter<"task" | "outcome">;
  jobDuration: client.Histogram<"task" | "outcome">;
  jobsRunning: client.Gauge<"task">;
  scoringWait: client.Histogram<"outcome">;
  scoringRun: client.Histogram<"status">;
}

/** One sample of a collected gauge. */
export interface Sample<L extends string = string> {
  labels: Record<L, string>;
  value: number;
}

/**
 * A gauge a feature fills when the registry is scraped: `collect` answers its samples (they
 * replace the last ones), or null when it cannot tell now (the last ones stay, as they were).
 */
export interface Collector<L extends string = string> {
  help: string;
  labelNames: readonly L[];
  collect: () => Promise<Sample<L>[] | null>;
}

// on globalThis, as the registry: Next.js may load this module more than once in a process
const g = globalThis as unknown as { __metrics?: Registry; __collectors?: Map<string, Collector> };
const collectors = () => (g.__collectors ??= new Map());
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function create(): Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const http = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "API route handlers (route()) by route pattern (app/**/route.ts as Next.js names it), method and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const server = new client.Histogram({
    name: "http_server_request_duration_seconds",
    help: "Every request the web server answered (pages, cached pages, API, static files) from its first byte to the end of the answer, by Next.js route pattern, method and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const cache = new client.Counter({
    name: "response_cache_requests_total",
    help: "Requests for a route the response cache serves (ROUTES of response-cache.ts), by route and result: hit (from memory), miss (rendered, and kept when a 200), bypass (not from the cache: signed in, API token, client-side navigation, unknown task or unscored submission, an error)",
    labelNames: ["route", "result"] as const,
    registers: [registry],
  });
  const cacheDuration = new client.Histogram({
    name: "response_cache_duration_seconds",
    help: "Time the proxy took to answer from the response cache, by ROUTES route and result (hit, miss: a miss includes the render)",
    labelNames: ["route", "result"] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const errors = new client.Counter({
    name: "request_errors_total",
    help: "Errors Next.js reported while rendering a page or running a route handler (instrumentation.ts onRequestError), by route pattern and type (render, route, action, proxy)",
    labelNames: ["route", "type"] as const,
    registers: [registry],
  });
  const jobs = new client.Counter({
    name: "worker_jobs_total",
    help: "Job attempts this process ran, by task and outcome: success, retry (failed, attempts left), failed (failed for good)",
    labelNames: ["task", "outcome"] as const,
    registers: [registry],
  });
  const jobDuration = new client.Histogram({
    name: "worker_job_duration_seconds",
    help: "Duration of the job attempts this process ran, by task and outcome",
    labelNames: ["task", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600],
    registers: [registry],
  });
  const jobsRunning = new client.Gauge({
    name: "worker_jobs_running",
    help: "Jobs running in this process now, by task",
    labelNames: ["task"] as const,
    registers: [registry],
  });
  // collectors registered before the registry was made, in the order they came
  for (const name of collectors().keys()) addGauge(registry, name);
  return { registry, http, server, cache, cacheDuration, errors, jobs, jobDuration, jobsRunning, ...scoring(registry) };
}

/** The upload scoring queue's histograms (lib/server/submissions/scoring-pool.ts). */
function scoring(registry: client.Registry) {
  const scoringWait = new client.Histogram({
    name: "scoring_queue_wait_seconds",
    help: "Time an upload held in memory waited for a scoring thread (first come, first scored), by outcome: started, wait_exceeded (503 past SCORING_QUEUE_WAIT_SEC), queue_full (503 at once: SCORING_QUEUE waiting)",
    labelNames: ["outcome"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const scoringRun = new client.Histogram({
    name: "scoring_run_seconds",
    help: "Time an upload held in memory spent in its scoring thread (validate, score, store), by the HTTP status it got: its budget is SCORING_TIMEOUT_SEC (408 past it)",
    labelNames: ["status"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  return { scoringWait, scoringRun };
}

export function metrics(): Registry {
  return (g.__metrics ??= create());
}

/**
 * Adds gauge `name` to this process's metrics, filled by `collector` at every scrape. Features call
 * it (through lib/server/setup/collectors.ts), never this module them. Registering a name again
 * replaces its collector: the gauge stays where it is.
 */
export function registerCollector<L extends string>(name: string, collector: Collector<L>): void {
  const known = collectors().has(name);
  collectors().set(name, collector as unknown as Collector);
  if (!known && g.__metrics) addGauge(g.__metrics.registry, name);
}

function addGauge(registry: client.Registry, name: string): void {
  const { help, labelNames } = collectors().get(name)!;
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const samples = await collectors().get(name)!.collect();
      if (!samples) return;
      this.reset();
      for (const s of samples) this.set(s.labels, s.value);
    },
  });
}

/** Records one API request (route: the handler's route pattern). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  metrics().http.observe({ method: methodLabel(method), route, status: String(status) }, seconds);
}

/** Records one answer of the HTTP server (./http-server.ts). */
export function observeServerRequest(method: string, route: string, status: number, seconds: number): void {
  metrics().server.observe({ method: methodLabel(method), route, status: String(status) }, seconds);
}

/**
 * Records how the response cache answered a request for one of its ROUTES (route: the entry's
 * name); `seconds` for hits and misses (the time the proxy took to answer from the cache).
 */
export function observeCache(route: string, result: CacheResult, seconds?: number): void {
  const m = metrics();
  m.cache.inc({ route, result });
  if (seconds !== undefined) m.cacheDuration.observe({ route, result }, seconds);
}

/**
 * Records an upload's wait for a scoring thread and, when it started, its time in the thread with
 * the HTTP status it got (the features hand the numbers down; this module reads no queue).
 */
export function observeScoring(
  wait: { outcome: ScoringWaitOutcome; seconds: number },
  run?: { status: number; seconds: number },
): void {
  const m = metrics();
  m.scoringWait.observe({ outcome: wait.outcome }, wait.seconds);
  if (run) m.scoringRun.observe({ status: String(run.status) }, run.seconds);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A method as a label: anything but the usual ones is "other" (bounded labels). */
function methodLabel(method: string): string {
  return METHODS.has(method) ? method : "other";
}
