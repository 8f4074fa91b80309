import type { Metadata, Viewport } from "next";
import { publicUrl } from "@/lib/server/http";
import Link from "next/link";
import { Suspense } from "react";
import { NavigationProgress } from "@/components/navigation-progress";
import { SiteNav } from "@/components/site-nav";
import { getSessionActor } from "@/lib/server/auth";
import "./globals.css";

export const metadata: Metadata = {
  // absolute URLs in link previews (og:image, og:url): the app's public URL
  metadataBase: new URL(publicUrl()),
  title: { default: "Trustworthy SE Agents Leaderboard", template: "%s · Trustworthy SE Agents Leaderboard" },
  description: "Leaderboards for BouncerBench, Abstain-and-Validate, CI-Bench and CR-Bench, scored on the server.",
  applicationName: "Trustworthy SE Agents Leaderboard",
  manifest: "/manifest.webmanifest",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/favicon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
  openGraph: { siteName: "Trustworthy SE Agents Leaderboard", type: "website" },
  twitter: { card: "summary_large_image" },
};

export const viewport: Viewport = {
  themeColor: "#0369a1",
  width: "device-width",
  initialScale: 1,
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const actor = await getSessionActor();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900"
        >
          Skip to content
        </a>
        <header className="border-b border-slate-200 print:hidden dark:border-slate-800">
          <SiteNav user={actor ? { email: actor.email ?? "account", isAdmin: actor.isAdmin } : null} />
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-6">
          {children}
        </main>
        <footer className="mx-auto max-w-7xl px-4 py-8 text-xs text-muted print:hidden">
          Scores are computed on the server from stored predictions by one metrics library.{" "}
          <Link href="/docs/api">API</Link> (<a href="/api/v1/benchmarks">JSON</a>)
        </footer>
      </body>
    </html>
  );
}
