import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Rate limits that hold across every web process: rate-limiter-flexible's PostgreSQL store, in
// the `rate_limits` table (created by our migrations). Defaults stop password guessing, account
// farming and upload floods but never a real user; each is an env variable (lib/env.ts).

export type LimitKind = "signin-account" | "signin-client" | "signup-client" | "tokens-user" | "uploads-team";

function spec(kind: LimitKind): { points: number; duration: number; what: string } {
  const env = getEnv();
  switch (kind) {
    case "signin-account":
      return { points: env.RATE_SIGNIN_ACCOUNT, duration: 15 * 60, what: "failed sign-ins for this account" };
    case "signin-client":
      return { points: env.RATE_SIGNIN_CLIENT, duration: 15 * 60, what: "failed sign-ins from your address" };
    case "signup-client":
      return { points: env.RATE_SIGNUP_CLIENT, duration: 60 * 60, what: "sign-ups from your address" };
    case "tokens-user":
      return { points: env.RATE_TOKENS_USER, duration: 60 * 60, what: "API tokens created" };
    case "uploads-team":
      return { points: env.RATE_UPLOADS_TEAM, duration: 60, what: "uploads for your team" };
  }
}

const limiters = new Map<string, RateLimiterPostgres>();

async function limiter(kind: LimitKind): Promise<RateLimiterPostgres> {
  const database = await getDatabase();
  const s = spec(kind);
  // one limiter object per (database, kind, limit) in this process; its counts live in PostgreSQL
  const key = `${database.url}|${kind}|${s.points}|${s.duration}`;
  let l = limiters.get(key);
  if (!l) {
    l = new RateLimiterPostgres({ storeClient: database.pool, storeType: "pool", tableName: "rate_limits", tableCreated: true, keyPrefix: kind, points: s.points, duration: s.duration, clearExpiredByTimeout: false });
    limiters.set(key, l);
  }
  return l;
}

function limited(kind: LimitKind, res: RateLimiterRes): AppError {
  const s = spec(kind);
  const retry = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new AppError(
    "rate_limited",
    `too many ${s.what}: at most ${s.points} per ${s.duration >= 3600 ? `${s.duration / 3600} hour` : `${s.duration / 60} minutes`}; try again in ${retry} s`,
    { limit: s.points, windowSeconds: s.duration, retryAfterSeconds: retry },
    { "retry-after": String(retry) },
  );
}

/** Counts one event against the limit. @throws AppError rate_limited (429, Retry-After) past it */
export async function consume(kind: LimitKind, key: string): Promise<void> {
  try {
    await (await limiter(kind)).consume(key.toLowerCase());
  } catch (e) {
    if (e instanceof RateLimiterRes) throw limited(kind, e);
    throw e;
  }
}

/** Refuses when the limit is already used up, without counting. @throws AppError rate_limited */
export async function check(kind: LimitKind, key: string): Promise<void> {
  const l = await limiter(kind);
  const res = await l.get(key.toLowerCase());
  if (res && res.consumedPoints >= l.points) throw limited(kind, res);
}

/** Forgets a key's count (a successful sign-in clears its account's failures). */
export async function reset(kind: LimitKind, key: string): Promise<void> {
  await (await limiter(kind)).delete(key.toLowerCase());
}

/** The client's address as the server vouches for it (scripts/client-address.mjs); "unknown" outside the server. */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string {
  const v = headers instanceof Headers ? headers.get("x-client-address") : headers["x-client-address"];
  return (Array.isArray(v) ? v[0] : v) || "unknown";
}
