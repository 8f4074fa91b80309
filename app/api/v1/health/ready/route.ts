// GET /api/v1/health/ready – readiness: 200 when the database answers within 2 s and has every
// migration of this build; 503 with Retry-After and `down: ["database"]` or `["migrations"]`
// otherwise, so a load balancer routes around this process until it is ready
// (lib/server/observability/probes.ts; docs/operations.md, "Metrics and probes").
import { probe, readiness } from "@/lib/server/observability";

export const dynamic = "force-dynamic";

export const GET = probe("/api/v1/health/ready", readiness);
