import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getDatabase } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Rate limits that hold across every web process: rate-limiter-flexible's PostgreSQL store, in
// the `rate_limits` table (created by our migrations). Defaults stop password guessing, account
// farming and upload floods but never a real user; each is an env variable (lib/env.ts).
//
// Sign-in never locks an account: failures are refused per (account, client) pair and per client,
// and only slowed per account (signInDelayMs), so that nobody can lock the rightful user out.

export type LimitKind =
  "signin-pair" | "signin-account" | "signin-client" | "signup-client" | "tokens-user" | "uploads-team";

/** Sign-in counts are kept this long (seconds): failures older than that are forgotten. */
const SIGNIN_WINDOW = 15 * 60;

function spec(kind: LimitKind): { points: number; duration: number; what: string } {
  const env = getEnv();
  switch (kind) {
    case "signin-pair":
      return {
        points: env.RATE_SIGNIN_PAIR,
        duration: SIGNIN_WINDOW,
        what: "failed sign-ins for this account from your address",
      };
    case "signin-account":
      // counted, never refused: it only slows further attempts on the account down
      return { points: 1_000_000_000, duration: SIGNIN_WINDOW, what: "failed sign-ins for this account" };
    case "signin-client":
      return { points: env.RATE_SIGNIN_CLIENT, duration: SIGNIN_WINDOW, what: "failed sign-ins from your address" };
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
    // its statements are named (prepared once per connection, used again on the next query of
    // the same client), which a transaction-mode pooler may run on another server connection
    // (PgBouncer before 1.21 tracks none): they go to a session, the database's direct pool
    l = new RateLimiterPostgres({
      storeClient: database.directPool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix: kind,
      points: s.points,
      duration: s.duration,
      clearExpiredByTimeout: false,
    });
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

/** The key of an (account, client) pair. */
export function signInPair(email: string, client: string): string {
  return `${email.trim().toLowerCase()}|${client}`;
}

/**
 * How long a sign-in on this account waits before its password is checked: nothing up to
 * `SIGNIN_SLOW_AFTER` failures on the account within 15 minutes (from any client), then
 * `SIGNIN_SLOW_BASE_MS` × 2^(failures − SIGNIN_SLOW_AFTER), at most `SIGNIN_SLOW_MAX_MS`. Guessing
 * slows to one try per few seconds per connection while the rightful user still gets in.
 */
export async function signInDelayMs(email: string): Promise<number> {
  const env = getEnv();
  const res = await (await limiter("signin-account")).get(email.trim().toLowerCase());
  const failures = res?.consumedPoints ?? 0;
  if (failures < env.SIGNIN_SLOW_AFTER) return 0;
  return Math.min(
    env.SIGNIN_SLOW_BASE_MS * 2 ** Math.min(failures - env.SIGNIN_SLOW_AFTER, 30),
    env.SIGNIN_SLOW_MAX_MS,
  );
}

/** Refuses a sign-in whose (account, client) pair or client used its failures up. @throws AppError rate_limited */
export async function checkSignIn(email: string, client: string): Promise<void> {
  await check("signin-pair", signInPair(email, client));
  await check("signin-client", client);
}

/** Counts a failed sign-in: against the pair and the client (limits) and the account (slowdown). */
export async function recordSignInFailure(email: string, client: string): Promise<void> {
  for (const [kind, key] of [
    ["signin-pair", signInPair(email, client)],
    ["signin-client", client],
    ["signin-account", email],
  ] as const) {
    // past its limit a count stops growing: that is fine, the refusal is made by checkSignIn
    await consume(kind, key).catch((e) => {
      if (!(e instanceof AppError && e.code === "rate_limited")) throw e;
    });
  }
}

/** A successful sign-in: its pair's failures and the account's slowdown are forgotten. */
export async function recordSignInSuccess(email: string, client: string): Promise<void> {
  await reset("signin-pair", signInPair(email, client));
  await reset("signin-account", email);
}

/**
 * Clears every sign-in count of an account (its slowdown and all its (account, client) pairs):
 * what an admin's unlock does. Returns how many counters were removed.
 */
export async function clearSignInCounts(email: string): Promise<number> {
  const database = await getDatabase();
  const e = email.trim().toLowerCase();
  // Prisma's startsWith is a LIKE that leaves % and _ live (prisma/prisma#19506): escaped here
  // with PostgreSQL's default LIKE escape, the backslash
  const prefix = `signin-pair:${e.replace(/[\\%_]/g, (c) => `\\${c}`)}|`;
  const { count } = await database.prisma.rateLimit.deleteMany({
    where: { OR: [{ key: `signin-account:${e}` }, { key: { startsWith: prefix } }] },
  });
  return count;
}

/** The client's address as the server vouches for it (scripts/client-address.mjs); "unknown" outside the server. */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string {
  const v = headers instanceof Headers ? headers.get("x-client-address") : headers["x-client-address"];
  return (Array.isArray(v) ? v[0] : v) || "unknown";
}
