// GET /api/v1/health/ready – readiness: 200 when the database answers within 2 s and has every
// migration of this build; 503 with Retry-After and `down: ["database"]` or `["migrations"]`
// otherwise, so a load balancer routes around this process until it is ready
// (lib/server/db/readiness.ts checks, lib/server/observability/probes.ts times the probe;
// docs/operations.md, "Metrics and probes").
import { readiness, RETRY_AFTER_SECONDS } from "@/lib/server/db";
import { probe } from "@/lib/server/observability";
import { respond } from "@/lib/server/http";
import { Readiness, ReadinessDown } from "@/lib/contracts/service";

import type { z } from "zod";

export const dynamic = "force-dynamic";

export const GET = probe("/api/v1/health/ready", async () => {
  const { ok, ...report } = await readiness();
  const body = { ok, app: "trustworthy-se-leaderboard" as const, ...report };
  const headers = { "cache-control": "no-store", ...(ok ? {} : { "retry-after": String(RETRY_AFTER_SECONDS) }) };
  // readiness() reports `ok` as a boolean beside checks of either shape: which contract applies is `ok`
  return ok
    ? respond(Readiness, body as z.output<typeof Readiness>, { headers })
    : respond(ReadinessDown, body as z.output<typeof ReadinessDown>, { status: 503, headers });
});
