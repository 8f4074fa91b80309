// GET /api/v1/health – liveness and dependencies: 200 when the database answers, 503 with
// Retry-After naming what is down otherwise (the CLI and load balancers use it)
import { getDatabase, markDatabaseDown, markDatabaseUp, RETRY_AFTER_SECONDS } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { Health, HealthDown } from "@/lib/contracts/service";
import { aliveWorkers } from "@/lib/server/jobs";

export const dynamic = "force-dynamic";

const CHECK_MS = 2000;

export const GET = route({ access: "public" }, async () => {
  const started = performance.now();
  const headers = { "cache-control": "no-store" };
  try {
    const db = await getDatabase();
    const alive = await Promise.race([
      aliveWorkers(db),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer in ${CHECK_MS} ms`)), CHECK_MS).unref(),
      ),
    ]);
    markDatabaseUp();
    return respond(
      Health,
      {
        ok: true,
        app: "trustworthy-se-leaderboard",
        database: "postgres",
        dependencies: {
          database: { ok: true, latencyMs: Math.round(performance.now() - started) },
          workers: { alive },
        },
      },
      { headers },
    );
  } catch (e) {
    markDatabaseDown(e);
    return respond(
      HealthDown,
      {
        ok: false,
        app: "trustworthy-se-leaderboard",
        down: ["database"],
        dependencies: {
          database: { ok: false, error: "unreachable: " + (e instanceof Error ? e.message : String(e)).slice(0, 200) },
        },
      },
      { status: 503, headers: { ...headers, "retry-after": String(RETRY_AFTER_SECONDS) } },
    );
  }
});
