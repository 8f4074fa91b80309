// GET /api/v1/openapi.json – the OpenAPI 3.1 document of every /api/v1 route, from the zod schemas they validate with
import { openApiDocument } from "@/lib/openapi";
import { publicUrl, route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () =>
  Response.json(openApiDocument(publicUrl()), { headers: { "cache-control": "public, max-age=300" } }),
);
