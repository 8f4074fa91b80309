// GET /api/v1/openapi.json – the OpenAPI 3.1 document of every /api/v1 route, from the zod schemas they validate with
import { openApiDocument } from "@/lib/openapi";
import { publicUrl, respond, route } from "@/lib/server/http";
import { OpenApiDocument } from "@/lib/contracts/service";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () =>
  respond(OpenApiDocument, openApiDocument(publicUrl()), { headers: { "cache-control": "public, max-age=300" } }),
);
