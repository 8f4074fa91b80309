/** @type {import('next').NextConfig} */
const nextConfig = {
  // Node packages loaded from node_modules at run time rather than bundled (native bindings,
  // dynamic requires, worker pools).
  serverExternalPackages: ["pg", "pg-copy-streams", "busboy", "@prisma/adapter-pg", "graphile-worker", "piscina"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
