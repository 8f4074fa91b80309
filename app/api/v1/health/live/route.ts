// GET /api/v1/health/live – liveness: 200 while this process runs and answers. It touches nothing
// else (no database, no credentials), so a database outage never gets a healthy process restarted
// (lib/server/observability/probes.ts; docs/operations.md, "Metrics and probes").
import { liveness, probe } from "@/lib/server/observability";
import { respond } from "@/lib/server/http";
import { Liveness } from "@/lib/contracts/service";

export const dynamic = "force-dynamic";

export const GET = probe("/api/v1/health/live", () =>
  respond(Liveness, liveness(), { headers: { "cache-control": "no-store" } }),
);
