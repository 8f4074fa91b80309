import type { z, ZodType } from "zod";
import { log } from "@/lib/server/observability";

/**
 * A JSON answer that is one of lib/contracts' response schemas: the compiler checks the body
 * against it, and outside production (development, every test) the schema parses it too, so an
 * answer that drifts from its contract — and from the OpenAPI document built from the same
 * schema — fails the tests that exercise it instead of surprising a client.
 */
export function respond<S extends ZodType>(schema: S, body: z.output<S>, init?: ResponseInit): Response {
  if (process.env.NODE_ENV !== "production") {
    const r = schema.safeParse(body);
    if (!r.success) {
      log.error({ issues: r.error.issues.slice(0, 5) }, "response does not match its contract");
      throw new Error(
        `response does not match its contract: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    }
  }
  return Response.json(body, init);
}
