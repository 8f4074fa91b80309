// The service's own answers: health, liveness, readiness, and this API's OpenAPI document.
import { z } from "zod";

const app = z.string().describe("the application: trustworthy-se-leaderboard");
const databaseUp = z.object({ ok: z.literal(true), latencyMs: z.number().int().nonnegative() });
const databaseDown = z.object({ ok: z.literal(false), error: z.string() });
const migrations = z.object({
  ok: z.boolean(),
  applied: z.number().int().nonnegative(),
  /** migrations of this build the database lacks */
  pending: z.array(z.string()),
});

/** GET /api/v1/health (200): the database answers; the live workers. */
export const Health = z.object({
  ok: z.literal(true),
  app,
  database: z.string(),
  dependencies: z.object({
    database: databaseUp,
    workers: z.object({ alive: z.number().int().nonnegative() }),
  }),
});
export type Health = z.infer<typeof Health>;

/** GET /api/v1/health (503, with Retry-After): what is down. */
export const HealthDown = z.object({
  ok: z.literal(false),
  app,
  down: z.array(z.string()),
  dependencies: z.object({ database: databaseDown }),
});
export type HealthDown = z.infer<typeof HealthDown>;

/** GET /api/v1/health/live (200): the process runs. */
export const Liveness = z.object({
  ok: z.literal(true),
  app,
  pid: z.number().int(),
  uptimeSeconds: z.number().int().nonnegative(),
});

/** GET /api/v1/health/ready (200): the database answers and has every migration of this build. */
export const Readiness = z.object({
  ok: z.literal(true),
  app,
  checks: z.object({ database: databaseUp, migrations }),
});

/** GET /api/v1/health/ready (503, with Retry-After): what is not ready. */
export const ReadinessDown = z.object({
  ok: z.literal(false),
  app,
  down: z.array(z.enum(["database", "migrations"])),
  checks: z.object({
    database: z.union([databaseUp, databaseDown]),
    migrations: z.union([migrations, z.object({ ok: z.literal(false), error: z.string() })]).optional(),
  }),
});

/** GET /api/v1/openapi.json: an OpenAPI 3.1 document (its parts are OpenAPI's own, not described here). */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })),
  tags: z.array(z.looseObject({ name: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({
    securitySchemes: z.record(z.string(), z.unknown()),
    schemas: z.record(z.string(), z.unknown()),
  }),
});
