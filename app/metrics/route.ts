// GET /metrics – Prometheus metrics of this process (lib/server/observability/metrics.ts, with the
// features' gauges lib/server/setup/collectors.ts registers), for operators: an admin, or a
// scraper sending `Authorization: Bearer $METRICS_TOKEN`.
import crypto from "node:crypto";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { metrics } from "@/lib/server/observability";
import { route } from "@/lib/server/http";
import { registerCollectors } from "@/lib/server/setup";

export const dynamic = "force-dynamic";

function scraper(req: Request): boolean {
  const want = getEnv().METRICS_TOKEN;
  const sent = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!want || !sent) return false;
  const a = crypto.createHash("sha256").update(want).digest();
  const b = crypto.createHash("sha256").update(sent).digest();
  return crypto.timingSafeEqual(a, b);
}

export const GET = async (req: Request, context: { params: Promise<unknown> }) => {
  // the scraper's token is not an API token: answered before the API's own auth
  if (scraper(req)) return body();
  return guarded(req, context);
};

const guarded = route({ access: "public" }, async ({ actor }) => {
  if (!actor) throw new AppError("unauthorized", "sign in as an admin, or send the METRICS_TOKEN as a Bearer token");
  if (!actor.isAdmin) throw new AppError("forbidden", "admins only");
  return body();
});

async function body(): Promise<Response> {
  registerCollectors();
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
