// The job queue's gauges (GET /metrics, lib/server/observability/metrics.ts), read from the
// database at scrape time, so every process reports the same queue: graphile-worker's jobs by task
// and state, and the tracked jobs (re-scores, large uploads) of the last hour.
import { getDatabase, sqlOf } from "@/lib/server/db";
import { registerCollector } from "@/lib/server/observability";
import { graphileJobCounts, trackedJobsLastHour } from "./metrics.sql";

/** Registers jobs_queued and tracked_jobs_last_hour (lib/server/setup/collectors.ts calls it). */
export function registerJobCollectors(): void {
  registerCollector("jobs_queued", {
    help: "graphile-worker jobs by task and state (locked: running now)",
    labelNames: ["task", "state"],
    async collect() {
      const db = await getDatabase().catch(() => null);
      if (!db) return null;
      const rows = await graphileJobCounts(sqlOf(db));
      return rows.map((r) => ({ labels: { task: r.task, state: r.state }, value: r.n }));
    },
  });
  registerCollector("tracked_jobs_last_hour", {
    help: "Tracked jobs (re-scores, large uploads) finished in the last hour by kind and status, and their mean duration in seconds",
    labelNames: ["kind", "status", "measure"],
    async collect() {
      const db = await getDatabase().catch(() => null);
      if (!db) return null;
      const rows = await trackedJobsLastHour(sqlOf(db));
      return rows.flatMap((r) => [
        { labels: { kind: r.kind, status: r.status, measure: "count" }, value: r.n },
        ...(r.mean !== null
          ? [{ labels: { kind: r.kind, status: r.status, measure: "mean_seconds" }, value: r.mean }]
          : []),
      ]);
    },
  });
}
