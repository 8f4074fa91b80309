// Security headers every response carries (lib/server/http/security-headers.ts holds the same
// values for the responses the front door writes; a test compares them). Pages get their
// Content-Security-Policy, with the app's nonce, from the front door (scripts/server.ts);
// everything else (API, preview images, files) a policy under which nothing runs.
const STATIC = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const WORKER_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Node packages loaded from node_modules at run time rather than bundled (native bindings,
  // dynamic requires, worker pools).
  serverExternalPackages: [
    "pg",
    "pg-copy-streams",
    "busboy",
    "@prisma/adapter-pg",
    "graphile-worker",
    "piscina",
    "pino",
    "prom-client",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  // Metadata (the <title>, the preview tags) in the page's <head> for every reader, never streamed
  // after the body: Next.js streams a slow generateMetadata into a hidden element that its scripts
  // move (a reader without JavaScript, or an archive, got a page without its title), and under load
  // that made the pages' "nothing streamed" rule flaky (e2e/reader.spec.ts). The documented way to
  // turn streaming metadata off is to treat every user agent as an HTML-limited bot.
  htmlLimitedBots: /.*/,
  // The admins' activity log was the "audit trail" until issue 51 gave "audit" to the integrity
  // audit alone: its old addresses answer a permanent redirect (308, the query kept) for bookmarks
  // and scripts.
  async redirects() {
    return [
      { source: "/admin/audit", destination: "/admin/activity", permanent: true },
      { source: "/api/v1/admin/audit", destination: "/api/v1/admin/activity", permanent: true },
    ];
  },
  async headers() {
    const nonPage = [{ key: "Content-Security-Policy", value: NON_PAGE_CSP }];
    return [
      { source: "/:path*", headers: STATIC },
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
      },
      { source: "/api/:path*", headers: nonPage },
      { source: "/og/:path*", headers: nonPage },
      { source: "/badges/:path*", headers: nonPage },
      { source: "/metrics", headers: nonPage },
      { source: "/.well-known/:path*", headers: nonPage },
      { source: "/_next/:path*", headers: nonPage },
      // a Web Worker's script (the snapshot page's verifier, issue 48): a worker runs under the policy
      // its script came with, so this one may load its own chunks and fetch from this site, nothing else
      {
        source: "/_next/static/chunks/:file(turbopack-worker-.*)",
        headers: [{ key: "Content-Security-Policy", value: WORKER_CSP }],
      },
      {
        source:
          "/:file(favicon\\.ico|favicon\\.svg|apple-touch-icon\\.png|icon-192\\.png|icon-512\\.png|manifest\\.webmanifest|robots\\.txt|sitemap\\.xml)",
        headers: nonPage,
      },
    ];
  },
};

export default nextConfig;
