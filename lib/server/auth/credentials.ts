// Signing in with email and password, and the session that follows, in one place: next-auth's
// credentials provider (`/api/auth/callback/credentials`, the API clients' way) and the sign-in,
// sign-up and sign-out forms' server functions (app/signin/auth-actions.ts, the pages' way, which
// works without JavaScript) check the same password under the same limits, and make the same
// session: a row in auth_sessions (the cookie is valid only while it exists) and next-auth's own
// cookie, encoded by next-auth's documented `encode` with the same secret, so `getServerSession`
// reads either alike.
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { decode, encode } from "next-auth/jwt";
import { getDb } from "@/lib/server/db";
import { publicUrl } from "@/lib/server/http/public-url";
import { checkSignIn, recordSignInFailure, recordSignInSuccess, signInDelayMs } from "@/lib/server/limits";
import { log } from "@/lib/server/observability";
import { verifyPassword } from "./passwords";
import { getAuthSecret } from "./secret";
import { SESSION_COOKIE_NAME } from "./session-cookie";

/** How long a session lasts without signing in again (next-auth's default). */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;

/** Cookies marked Secure (and named `__Secure-…`) when the app's public URL is HTTPS, as next-auth decides by default. */
export function secureCookies(): boolean {
  return publicUrl().startsWith("https://");
}

/** The session cookie's name as next-auth sets and reads it under `secureCookies()`. */
export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}${SESSION_COOKIE_NAME}`;
}

/** Who signed in: what next-auth's session carries of them. */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The account whose password this is, or null. Refused (AppError rate_limited) while this
 * (account, client) pair or this client is limited, never for the account as a whole, which anyone
 * could lock; failures on the account from anyone slow it down (capped) before the password is
 * checked, and count whether or not the account exists (no account enumeration).
 */
export async function verifyCredentials(email: string, password: string, client: string): Promise<SignedInUser | null> {
  await checkSignIn(email, client);
  const delay = await signInDelayMs(email);
  if (delay > 0) await sleep(delay);
  const db = await getDb();
  const user = await db.user.findUnique({ where: { email } });
  if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    await recordSignInFailure(email, client).catch((e) => log.error({ err: e }, "could not count a failed sign-in"));
    return null;
  }
  await recordSignInSuccess(email, client);
  return { id: user.id, email: user.email ?? email, name: user.name ?? email };
}

/** A new session's row (its id goes into the cookie as `sid`). */
export async function createSessionRow(userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const db = await getDb();
  await db.authSession.create({ data: { id, userId, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) } });
  return id;
}

/** A new session for `user`: its row, and the cookie to set (next-auth's name, value and options). */
export async function startSession(user: SignedInUser): Promise<{
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean; maxAge: number };
}> {
  const sid = await createSessionRow(user.id);
  const value = await encode({
    token: { name: user.name, email: user.email, sub: user.id, sid },
    secret: getAuthSecret(),
    maxAge: SESSION_SECONDS,
  });
  return {
    name: sessionCookieName(),
    value,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies(), maxAge: SESSION_SECONDS },
  };
}

/** Ends the session a cookie names: its row goes, so a copy of the cookie is worth nothing after. */
export async function endSession(cookieValue: string | undefined): Promise<void> {
  if (!cookieValue) return;
  const token = await decode({ token: cookieValue, secret: getAuthSecret() }).catch(() => null);
  await endSessionRow(token?.sid);
}

/** Deletes a session's row (next-auth's sign-out event and endSession). */
export async function endSessionRow(sid: unknown): Promise<void> {
  if (typeof sid === "string") await (await getDb()).authSession.deleteMany({ where: { id: sid } });
}
