import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { verifyPassword } from "./passwords";
import { getAuthSecret } from "./secret";
import { createUserWithTeam } from "./users";

/** next-auth configuration: email + password always; GitHub when GITHUB_ID/GITHUB_SECRET are set. */
export function getAuthOptions(): NextAuthOptions {
  const env = getEnv();
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const email = credentials?.email?.trim().toLowerCase();
        const password = credentials?.password;
        if (!email || !password) return null;
        const db = await getDb();
        const user = await db.user.findUnique({ where: { email } });
        if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) return null;
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ];
  if (env.GITHUB_ID && env.GITHUB_SECRET) {
    providers.push(GitHubProvider({ clientId: env.GITHUB_ID, clientSecret: env.GITHUB_SECRET }));
  }
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt" },
    pages: { signIn: "/signin" },
    providers,
    callbacks: {
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
        const userId = existing?.id ?? (await createUserWithTeam(db, { email, name: user.name ?? email.split("@")[0] })).user.id;
        await db.oAuthAccount.create({ data: { userId, provider: "github", providerAccountId: account.providerAccountId } });
        return true;
      },
      async jwt({ token, account }) {
        if (account?.provider === "github") {
          const db = await getDb();
          const linked = await db.oAuthAccount.findUnique({
            where: { provider_providerAccountId: { provider: "github", providerAccountId: account.providerAccountId } },
          });
          if (linked) token.sub = linked.userId;
        }
        return token;
      },
      async session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}
