import { defineConfig } from "prisma/config";

// The datasource URL is only needed by CLI commands that talk to a database
// (`prisma migrate deploy` where the schema engine is available). The app and our
// own migration runner connect through driver adapters (lib/server/db/client.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/leaderboard" },
});
