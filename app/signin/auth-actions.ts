"use server";
// Signing in, signing up and signing out as server functions, so that they work without
// JavaScript: the form posts to its page, and a success is a 303 to the next page with the session
// cookie set (Post/Redirect/Get). The password is checked under the same limits as next-auth's own
// endpoint and the session is next-auth's (lib/server/auth/credentials.ts); the front door refuses
// a post from another site with a 403 (no sign-in or sign-out forged from elsewhere); an error
// comes back as the form's message, never as an error page.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { NextPath, SignInFields, SignupBody } from "@/lib/contracts/accounts";
import {
  endSession,
  registerAccount,
  sessionCookieName,
  startSession,
  type SignedInUser,
  verifyCredentials,
} from "@/lib/server/auth";
import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/server/db";
import { requireSameSite, toErrorBody } from "@/lib/server/http";
import { clientAddress } from "@/lib/server/limits";

/** What a sign-in or sign-up form shows after it was sent (a success leaves the page: a redirect). */
export interface AuthFormState {
  /** what went wrong, one line each (a sign-up's fields each name theirs) */
  errors: string[];
  /** the email as typed, to fill the field again */
  email?: string;
  /** the name as typed (sign-up) */
  name?: string;
}

const text = (form: FormData, name: string) => {
  // a hand-made call may send no form at all: then nothing was typed
  const v = form instanceof FormData ? form.get(name) : null;
  return typeof v === "string" ? v : undefined;
};

/** An error's lines as the form shows them: each problem with its field, else the message. */
function linesOf(e: unknown): string[] {
  const { error } = toErrorBody(e).body;
  const problems = (error.details as { problems?: { field?: string; message: string }[] } | undefined)?.problems;
  return problems?.length ? problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)) : [error.message];
}

/**
 * Sets the new session's cookie on the answer; a session the browser had before ends (its row
 * goes), so a copy of the old cookie is worth nothing after.
 */
async function signedIn(user: SignedInUser): Promise<void> {
  const jar = await cookies();
  await endSession(jar.get(sessionCookieName())?.value);
  const c = await startSession(user);
  jar.set(c.name, c.value, c.options);
}

/** "Sign in": email and password; then the page the form names (a path on this site). */
export async function signInAction(_prev: AuthFormState | null, form: FormData): Promise<AuthFormState> {
  const email = text(form, "email");
  let next: string;
  try {
    // no sign-in forged from another site, even into a browser without a session (login CSRF)
    requireSameSite(await headers());
    const f = SignInFields.parse({ email, password: text(form, "password"), callbackUrl: text(form, "callbackUrl") });
    const user = await verifyCredentials(f.email, f.password, clientAddress(await headers()));
    if (!user) return { errors: ["Wrong email or password."], email };
    await signedIn(user);
    next = f.callbackUrl;
  } catch (e) {
    return { errors: e instanceof AppError && e.code === "rate_limited" ? [limitedLine(e)] : linesOf(e), email };
  }
  redirect(next);
}

/** A refused sign-in past its limit, in words: how long to wait. */
function limitedLine(e: AppError): string {
  const s = Number((e.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 60);
  const wait = s >= 90 ? `${Math.ceil(s / 60)} minutes` : `${s} seconds`;
  return `Too many failed sign-ins from here: try again in ${wait}.`;
}

/** "Create account": the account and its team (`POST /api/v1/signup`'s work), signed in; then the account page. */
export async function signUpAction(_prev: AuthFormState | null, form: FormData): Promise<AuthFormState> {
  const typed = { email: text(form, "email"), name: text(form, "name") };
  let next: string;
  try {
    requireSameSite(await headers());
    const body = SignupBody.parse({ ...typed, password: text(form, "password") });
    const { user } = await registerAccount(await getDb(), body, clientAddress(await headers()));
    await signedIn({ id: user.id, email: body.email, name: body.name });
    next = NextPath.parse({ callbackUrl: text(form, "callbackUrl") }).callbackUrl;
  } catch (e) {
    return { errors: linesOf(e), ...typed };
  }
  redirect(next);
}

/** "Sign out": the session's row goes (a copied cookie is worth nothing after), and so does the cookie. */
export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  const name = sessionCookieName();
  const c = jar.get(name);
  await endSession(c?.value);
  if (c)
    jar.set(name, "", { httpOnly: true, sameSite: "lax", path: "/", secure: name.startsWith("__Secure-"), maxAge: 0 });
  redirect("/");
}
