import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { clientAddress } from "@/lib/server/limits";
import { getAuthSecret } from "./secret";
import { createUserWithTeam } from "./users";
import { log } from "@/lib/server/observability";
import { createSessionRow, endSessionRow, secureCookies, SESSION_SECONDS, verifyCredentials } from "./credentials";

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
    // said here, not left to next-auth's reading of the URL: the pages' sign-in forms set the same
    // cookie (lib/server/auth/credentials.ts) and must name it as next-auth does
    useSecureCookies: secureCookies(),
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
        await endSessionRow((token as { sid?: unknown } | null)?.sid);
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
      // the route refuses a limited sign-in before this too (app/api/auth/[...nextauth]/route.ts)
      return verifyCredentials(email, password, clientAddress((req?.headers ?? {}) as Record<string, string>));
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
        return { ...token, sid: await createSessionRow(token.sub) };
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
