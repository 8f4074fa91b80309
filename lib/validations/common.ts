import { z } from "zod";

/** Lower-case, dash-separated slug of a name. */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, 48);
}

export const TaskParams = z.object({
  benchmark: z.string().min(1).max(64),
  task: z.string().min(1).max(64),
});

export const IdParams = z.object({ id: z.string().uuid("not a submission id") });

const boolish = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on" || v === "yes");

/** Multipart fields of `POST /api/v1/tasks/{b}/{t}/submissions` (form and API share it). */
export const SubmissionFields = z.object({
  model: z.string().trim().min(1, "model is required").max(120),
  system: z.string().trim().max(120).optional(),
  oss: boolish.optional(),
  site: z.string().trim().url("site must be a URL").max(500).optional().or(z.literal("").transform(() => undefined)),
  visibility: z.enum(["public", "private"]).default("public"),
  cost_usd: z.coerce.number().nonnegative().optional(),
  tokens: z.coerce.number().int().nonnegative().optional(),
  runtime_sec: z.coerce.number().nonnegative().optional(),
  dry_run: boolish.optional(),
});

/** Multipart fields of `POST /api/v1/admin/releases`. */
export const ReleaseFields = z.object({
  task: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "task must look like benchmark/task"),
  version: z.string().trim().min(1).max(40).regex(/^[\w.-]+$/, "version may hold letters, digits, '.', '-' and '_'"),
  notes: z.string().max(5000).optional(),
  hidden: boolish.optional(),
  publish: boolish.optional(),
  synthetic: boolish.optional(),
});

export const SignupBody = z.object({
  email: z.string().trim().toLowerCase().email("enter a valid email address"),
  password: z.string().min(10, "use at least 10 characters").max(200),
  name: z.string().trim().min(1, "enter your name or your team's name").max(80),
});

export const TokenBody = z.object({
  name: z.string().trim().min(1).max(80).default("api token"),
  team: z.string().trim().min(1).max(48).optional(),
  admin: z.boolean().optional(),
});

export const LeaderboardQuery = z.object({
  release: z.string().max(40).optional(),
  partial: z.enum(["0", "1", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
});

export const InstancesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  outcome: z.string().max(40).optional(),
  release: z.string().max(40).optional(),
});
