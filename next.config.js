/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "busboy", "@prisma/adapter-pg"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
