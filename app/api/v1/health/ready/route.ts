// GET /api/v1/health/ready – readiness: 200 when the database answers within 2 s and has every
// migration of this build; 503 with Retry-After and `down: ["database"]` or `["migrations"]`
// otherwise, so a load balancer routes around this process until it is ready
// (lib/server/db/readiness.ts checks, lib/server/observability/probes.ts times the probe;
// docs/operations.md, "Metrics and probes").
import { readiness, RETRY_AFTER_SECONDS } from "@/lib/server/db";
import { probe } from "@/lib/server/observability";

export const dynamic = "force-dynamic";

export const GET = probe("/api/v1/health/ready", async () => {
  const { ok, ...report } = await readiness();
  return Response.json(
    { ok, app: "trustworthy-se-leaderboard", ...report },
    {
      status: ok ? 200 : 503,
      headers: { "cache-control": "no-store", ...(ok ? {} : { "retry-after": String(RETRY_AFTER_SECONDS) }) },
    },
  );
});
