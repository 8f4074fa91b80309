import path from "node:path";
import { z } from "zod";
import { optionalOrBlank } from "@/lib/validations/blank";

/** A PostgreSQL connection URL in variable `name`, if set. */
const postgresUrl = (name: string) =>
  optionalOrBlank(z.string().regex(/^postgres(ql)?:\/\//, `${name} must be a postgres:// or postgresql:// URL`));

const EnvSchema = z.object({
  DATABASE_URL: postgresUrl("DATABASE_URL"),
  /**
   * A direct (session) connection to the primary when DATABASE_URL goes through a
   * transaction-mode pooler: LISTEN, migrations, graphile-worker, session-level advisory locks and
   * named prepared statements use it (docs/scaling.md). Default: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: postgresUrl("DATABASE_DIRECT_URL"),
  /** a read replica for leaderboard reads, used only when it has caught up with the board asked for (docs/scaling.md) */
  DATABASE_REPLICA_URL: postgresUrl("DATABASE_REPLICA_URL"),
  DATA_DIR: z.string().default(".data"),
  PORT: z.coerce.number().int().positive().default(3000),
  ADMIN_EMAIL: z.string().email().default("admin@localhost.localdomain"),
  ADMIN_PASSWORD: z.string().min(10, "at least 10 characters (docs/security.md)").optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  GITHUB_ID: z.string().optional(),
  GITHUB_SECRET: z.string().optional(),
  /** "0" turns off seeding on first start */
  SEED: z.enum(["0", "1"]).default("1"),
  /** connections per process */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** a Bearer token a Prometheus scraper sends to GET /metrics (admins need none) */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** milliseconds to open a connection before failing (503) */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** "0": this web process runs no job worker (run `npm run worker` instead) */
  WORKER: z.enum(["0", "1"]).default("1"),
  /** jobs one worker process runs at once */
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /** worker threads of a web process that validate and score uploads held in memory (dry runs included) */
  SCORING_THREADS: z.coerce.number().int().positive().default(1),
  /** uploads that may wait for a scoring thread before new ones get 503 busy (their bytes are bounded by UPLOAD_MEMORY_MB) */
  SCORING_QUEUE: z.coerce.number().int().nonnegative().default(32),
  /** seconds an upload may wait for a scoring thread (first come, first scored); past it, 503 busy with Retry-After */
  SCORING_QUEUE_WAIT_SEC: z.coerce.number().positive().default(30),
  /** bytes of upload bodies one web process holds in memory, all uploads together, MB (past it: 503 busy) */
  UPLOAD_MEMORY_MB: z.coerce.number().positive().default(512),
  /** ... and one team's uploads together, MB (past it: 429 with Retry-After) */
  UPLOAD_MEMORY_TEAM_MB: z.coerce.number().positive().default(64),
  /** database space live snapshots may take before automatic ones (on publish, daily) stop, MB; admins' still run */
  SNAPSHOT_BUDGET_MB: z.coerce.number().positive().default(10_000),
  /**
   * the Ed25519 private key snapshots are signed with (PKCS#8 PEM, or base64 of PKCS#8 DER or of the
   * 32-byte seed); unset: DATA_DIR/snapshot-signing-key.pem, generated on first use (docs/operations.md)
   */
  SNAPSHOT_SIGNING_KEY: z.string().optional(),
  /** a request body that brings nothing for this long is a 408 (connection closed) */
  BODY_IDLE_SECONDS: z.coerce.number().positive().default(15),
  /** ... and one whose next 16 KB take longer than this many seconds of waiting for them */
  BODY_WINDOW_SECONDS: z.coerce.number().positive().default(20),
  /** time budget of one upload in a scoring thread, seconds, counted from its start on the thread (not its wait) */
  SCORING_TIMEOUT_SEC: z.coerce.number().positive().default(120),
  /** heap budget of one scoring thread (one upload at a time), MB */
  SCORING_MEMORY_MB: z.coerce.number().int().positive().default(768),
  /** uploads larger than this are scored by a worker: 202, then progress */
  ASYNC_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** largest accepted upload, bytes */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** largest stored prediction of one instance (its trace included), bytes of JSON */
  MAX_PREDICTION_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** proxies in front of the app that append to X-Forwarded-For (0: clients connect directly) */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  // rate limits (docs/security.md): sign-ins are limited per (account, client) and slowed per
  // account — never a hard lock per account, which would let anyone lock the rightful user out
  /** failed sign-ins per (account, client address) per 15 minutes, then 429 for that pair only */
  RATE_SIGNIN_PAIR: z.coerce.number().int().positive().default(10),
  /** failed sign-ins on one account (from any address) per 15 minutes before each further attempt is slowed */
  SIGNIN_SLOW_AFTER: z.coerce.number().int().nonnegative().default(5),
  /** the first slowdown, milliseconds; it doubles with each further failure */
  SIGNIN_SLOW_BASE_MS: z.coerce.number().int().nonnegative().default(250),
  /** the longest a sign-in waits, milliseconds */
  SIGNIN_SLOW_MAX_MS: z.coerce.number().int().nonnegative().default(5000),
  /** failed sign-ins per client address per 15 minutes */
  RATE_SIGNIN_CLIENT: z.coerce.number().int().positive().default(100),
  /** sign-ups per client address per hour */
  RATE_SIGNUP_CLIENT: z.coerce.number().int().positive().default(20),
  /** API tokens created per user per hour */
  RATE_TOKENS_USER: z.coerce.number().int().positive().default(30),
  /** uploads (dry runs included) per team per minute; admins are exempt */
  RATE_UPLOADS_TEAM: z.coerce.number().int().positive().default(60),
  /** scored uploads per team, task and UTC day when the task sets none: hidden releases, public ones */
  QUOTA_HIDDEN_PER_DAY: z.coerce.number().int().positive().default(10),
  QUOTA_PUBLIC_PER_DAY: z.coerce.number().int().positive().default(200),
  // the server's judge (issue 34; docs/operations.md "A judge for CR-Bench"): any OpenAI-compatible
  // endpoint; unset, uploads whose comments carry no verdicts are refused (422)
  /** the endpoint's base URL, ending in /v1 (vLLM, Ollama, llama.cpp's server, a hosted API) */
  JUDGE_URL: optionalOrBlank(
    z
      .url({ protocol: /^https?$/, error: "JUDGE_URL must be an http(s) URL ending in /v1" })
      .regex(/\/v1\/?$/, "JUDGE_URL must end in /v1 (the base of /v1/chat/completions)"),
  ),
  /** sent as Authorization: Bearer … (none for a local server without keys) */
  JUDGE_API_KEY: z.string().optional(),
  /** the model the endpoint serves, e.g. claude-sonnet-4.5 (the paper's) or qwen2.5-coder-32b-instruct */
  JUDGE_MODEL: z.string().trim().min(1).optional(),
  /** requests in flight at once, across every worker process */
  JUDGE_CONCURRENCY: z.coerce.number().int().positive().max(64).default(4),
  /** requests per minute, across every process */
  JUDGE_RPM: z.coerce.number().int().positive().default(60),
  /** seconds one request may take before it counts as a failure (and is retried) */
  JUDGE_TIMEOUT_SEC: z.coerce.number().positive().default(120),
  /** the spending cap: tokens (prompt + completion, as the endpoint reports them) per UTC day; 0: none */
  JUDGE_DAILY_TOKENS: z.coerce.number().int().nonnegative().default(0),
  /** ... and requests per UTC day; 0: none */
  JUDGE_DAILY_REQUESTS: z.coerce.number().int().nonnegative().default(0),
  /** comments not judged before that one team's uploads may send to the judge per UTC day (0: no limit) */
  JUDGE_TEAM_DAILY_COMMENTS: z.coerce.number().int().nonnegative().default(20_000),
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
