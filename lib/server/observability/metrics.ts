// Prometheus metrics of this process (GET /metrics; each web process is scraped on its own):
// request durations by route, the connection pool, the scoring threads, the job queue (read from
// the database at scrape time, so every process reports the same queue), and Node's own
// (event-loop delay, heap, GC).
import { graphileJobCounts, trackedJobsLastHour } from "./metrics.sql";
import client from "prom-client";

interface Registry {
  registry: client.Registry;
  http: client.Histogram<"method" | "route" | "status">;
}

const g = globalThis as unknown as { __metrics?: Registry };

function create(): Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const http = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "API requests by route pattern, method and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new client.Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL connections of this process's pool by state",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { getDatabase } = await import("@/lib/server/db");
      const db = await getDatabase().catch(() => null);
      if (!db) return;
      this.set({ state: "total" }, db.pool.totalCount);
      this.set({ state: "idle" }, db.pool.idleCount);
      this.set({ state: "waiting" }, db.pool.waitingCount);
    },
  });
  new client.Gauge({
    name: "scoring_threads",
    help: "Upload scoring threads of this process: threads, running and queued uploads",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const { scoringPoolStats } = await import("@/lib/server/submissions");
      const s = await scoringPoolStats();
      if (!s) return;
      this.set({ state: "threads" }, s.threads);
      this.set({ state: "running" }, s.running);
      this.set({ state: "queued" }, s.queued);
    },
  });
  new client.Gauge({
    name: "jobs_queued",
    help: "graphile-worker jobs by task and state (locked: running now)",
    labelNames: ["task", "state"] as const,
    registers: [registry],
    async collect() {
      const { getDatabase, sqlOf } = await import("@/lib/server/db");
      const db = await getDatabase().catch(() => null);
      if (!db) return;
      this.reset();
      const rows = await graphileJobCounts(sqlOf(db));
      for (const r of rows) this.set({ task: r.task, state: r.state }, r.n);
    },
  });
  new client.Gauge({
    name: "tracked_jobs_last_hour",
    help: "Tracked jobs (re-scores, large uploads) finished in the last hour by kind and status, and their mean duration in seconds",
    labelNames: ["kind", "status", "measure"] as const,
    registers: [registry],
    async collect() {
      const { getDatabase, sqlOf } = await import("@/lib/server/db");
      const db = await getDatabase().catch(() => null);
      if (!db) return;
      this.reset();
      const rows = await trackedJobsLastHour(sqlOf(db));
      for (const r of rows) {
        this.set({ kind: r.kind, status: r.status, measure: "count" }, r.n);
        if (r.mean !== null) this.set({ kind: r.kind, status: r.status, measure: "mean_seconds" }, r.mean);
      }
    },
  });
  return { registry, http };
}

export function metrics(): Registry {
  return (g.__metrics ??= create());
}

/** Records one API request. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  metrics().http.observe({ method, route, status: String(status) }, seconds);
}
