import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { verifyPassword } from "./passwords";
import {
  checkSignIn,
  clientAddress,
  recordSignInFailure,
  recordSignInSuccess,
  signInDelayMs,
} from "@/lib/server/limits";
import { getAuthSecret } from "./secret";
import { createUserWithTeam } from "./users";
import { log } from "@/lib/server/observability";

/** How long a session lasts without signing in again (next-auth's default). */
const SESSION_SECONDS = 30 * 24 * 60 * 60;

/** next-auth configuration: email + password always; GitHub when GITHUB_ID/GITHUB_SECRET are set. */
export function getAuthOptions(): NextAuthOptions {
  const env = getEnv();
  const providers: NextAuthOptions["providers"] = [emailProvider()];
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    providers.push(GitHubProvider({ clientId: env.GITHUB_ID, clientSecret: env.GITHUB_SECRET }));
  }
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    // a session that was ended (sign-out) makes next-auth drop the cookie; that is not an error
    logger: {
      error(code, metadata) {
        if (code === "JWT_SESSION_ERROR") return;
        log.error({ component: "next-auth", code, metadata }, "next-auth error");
      },
      warn(code) {
        log.warn({ component: "next-auth", code }, "next-auth warning");
      },
      debug() {},
    },
    events: {
      // sign-out ends the session for real: a copied cookie is worth nothing afterwards
      async signOut({ token }) {
        const sid = (token as { sid?: unknown } | null)?.sid;
        if (typeof sid === "string") await (await getDb()).authSession.deleteMany({ where: { id: sid } });
      },
    },
    pages: { signIn: "/signin" },
    providers,
    callbacks: authCallbacks(),
  };
}

/** Email and password: refused while the (account, client) pair or the client is limited; failures slow the account down. */
function emailProvider() {
  return CredentialsProvider({
    name: "Email",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(credentials, req) {
      const email = credentials?.email?.trim().toLowerCase();
      const password = credentials?.password;
      if (!email || !password) return null;
      const client = clientAddress((req?.headers ?? {}) as Record<string, string>);
      // refused only for this (account, client) pair or this client, never for the account as a
      // whole: the route refuses before this too (app/api/auth/[...nextauth]/route.ts)
      await checkSignIn(email, client);
      // failures on the account from anyone slow it down (capped), before the password is checked
      const delay = await signInDelayMs(email);
      if (delay > 0) await sleep(delay);
      const db = await getDb();
      const user = await db.user.findUnique({ where: { email } });
      if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
        // each failure counts, whether or not the account exists (no account enumeration)
        await recordSignInFailure(email, client).catch((e) =>
          log.error({ err: e }, "could not count a failed sign-in"),
        );
        return null;
      }
      await recordSignInSuccess(email, client);
      return { id: user.id, email: user.email, name: user.name };
    },
  });
}

/**
 * A GitHub sign-in links its account (to the user with its email, or a new one); every sign-in
 * makes a session row, and a token is valid only while its row is.
 */
function authCallbacks(): NonNullable<NextAuthOptions["callbacks"]> {
  return {
    async signIn({ user, account }) {
      if (account?.provider !== "github") return true;
      const db = await getDb();
      const linked = await db.oAuthAccount.findUnique({
        where: { provider_providerAccountId: { provider: "github", providerAccountId: account.providerAccountId } },
      });
      if (linked) return true;
      const email = user.email?.toLowerCase();
      if (!email) return false;
      const existing = await db.user.findUnique({ where: { email } });
      const userId =
        existing?.id ?? (await createUserWithTeam(db, { email, name: user.name ?? email.split("@")[0] })).user.id;
      await db.oAuthAccount.create({
        data: { userId, provider: "github", providerAccountId: account.providerAccountId },
      });
      return true;
    },
    async jwt({ token, account, user }) {
      const db = await getDb();
      if (account?.provider === "github") {
        const linked = await db.oAuthAccount.findUnique({
          where: { provider_providerAccountId: { provider: "github", providerAccountId: account.providerAccountId } },
        });
        if (linked) token.sub = linked.userId;
      }
      if (user && token.sub) {
        // a sign-in: the session's row; the cookie is valid only while it exists
        const id = crypto.randomUUID();
        await db.authSession.create({
          data: { id, userId: token.sub, expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000) },
        });
        return { ...token, sid: id };
      }
      const sid = (token as { sid?: unknown }).sid;
      const row = typeof sid === "string" ? await db.authSession.findUnique({ where: { id: sid } }) : null;
      // next-auth answers "no session" and clears the cookie when this throws
      if (!row || row.expiresAt < new Date() || row.userId !== token.sub) throw new Error("session ended");
      return token;
    },
    async session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  };
}
