// Every gauge a feature fills at scrape time, listed once (as lib/server/worker/registry.ts lists
// every job): observability sits below the features and imports none of them, so they hand it
// their collectors here. The processes that serve metrics call it — GET /metrics of a web process
// (app/metrics/route.ts) and a job worker before it serves WORKER_METRICS_PORT (scripts/worker.ts)
// — nothing registers on import. The order is the order of the series on /metrics.
import { registerPoolCollector } from "@/lib/server/db";
import { registerJobCollectors } from "@/lib/server/jobs";
import { registerScoringPoolCollector } from "@/lib/server/submissions";

let registered = false;

/** Registers every feature's collector with this process's metrics. Idempotent. */
export function registerCollectors(): void {
  if (registered) return;
  registered = true;
  registerPoolCollector();
  registerScoringPoolCollector();
  registerJobCollectors();
}
