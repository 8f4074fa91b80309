// GET /api/v1/health/live – liveness: 200 while this process runs and answers. It touches nothing
// else (no database, no credentials), so a database outage never gets a healthy process restarted
// (lib/server/observability/probes.ts; docs/operations.md, "Metrics and probes").
import { liveness, probe } from "@/lib/server/observability";

export const dynamic = "force-dynamic";

export const GET = probe("/api/v1/health/live", liveness);
