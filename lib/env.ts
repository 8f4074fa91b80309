import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default(".data"),
  PORT: z.coerce.number().int().positive().default(3000),
  ADMIN_EMAIL: z.string().email().default("admin@localhost.localdomain"),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  GITHUB_ID: z.string().optional(),
  GITHUB_SECRET: z.string().optional(),
  /** "0" turns off seeding on first start */
  SEED: z.enum(["0", "1"]).default("1"),
  /** connections per process */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** "0": this web process runs no job worker (run `npm run worker` instead) */
  WORKER: z.enum(["0", "1"]).default("1"),
  /** jobs one worker process runs at once */
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /** uploads larger than this are scored by a worker: 202, then progress */
  ASYNC_UPLOAD_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  /** largest accepted upload, bytes */
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Environment variables, checked with zod once per process. */
export function getEnv(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Absolute path of the data folder (embedded PostgreSQL, admin token, auth secret, server.json). */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), getEnv().DATA_DIR);
}
