// The connection pool's gauge (GET /metrics, lib/server/observability/metrics.ts): this process's
// PostgreSQL connections by state, read at scrape time.
import { registerCollector } from "@/lib/server/observability";
import { getDatabase } from "./client";

/** Registers db_pool_connections (lib/server/setup/collectors.ts calls it). */
export function registerPoolCollector(): void {
  registerCollector("db_pool_connections", {
    help: "PostgreSQL connections of this process's pool by state",
    labelNames: ["state"],
    async collect() {
      const db = await getDatabase().catch(() => null);
      if (!db) return null;
      return [
        { labels: { state: "total" }, value: db.pool.totalCount },
        { labels: { state: "idle" }, value: db.pool.idleCount },
        { labels: { state: "waiting" }, value: db.pool.waitingCount },
      ];
    },
  });
}
