import type { Metadata } from "next";
import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { getSessionActor } from "@/lib/server/actor";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Trustworthy SE Agents Leaderboard", template: "%s · Trustworthy SE Agents Leaderboard" },
  description: "Leaderboards for BouncerBench, Abstain-and-Validate, CI-Bench and CR-Bench, scored on the server.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const actor = await getSessionActor();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">
        <a href="#main" className="sr-only focus:not-sr-only">
          Skip to content
        </a>
        <header className="border-b border-slate-200 dark:border-slate-800">
          <nav className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3 text-sm" aria-label="Main">
            <Link href="/" className="font-semibold text-slate-900 dark:text-white">
              Trustworthy SE Agents
            </Link>
            <Link href="/tasks/bouncerbench/input">BouncerBench Input</Link>
            <Link href="/submit">Submit</Link>
            <span className="ml-auto flex items-center gap-4">
              {actor ? (
                <>
                  {actor.isAdmin ? <Link href="/admin">Admin</Link> : null}
                  <Link href="/account">{actor.email}</Link>
                  <SignOutButton />
                </>
              ) : (
                <>
                  <Link href="/signin">Sign in</Link>
                  <Link href="/signup">Sign up</Link>
                </>
              )}
            </span>
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
        <footer className="mx-auto max-w-7xl px-4 py-8 text-xs text-slate-500">
          Scores are computed on the server from stored predictions by one metrics library.{" "}
          <Link href="/api/v1/benchmarks">API</Link>
        </footer>
      </body>
    </html>
  );
}
