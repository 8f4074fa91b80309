// A test database with the benchmark catalog and the seed release in it, and API tokens of teams
// on it: what most integration tests start from. A test that sets the environment before the app's
// modules load imports this with `await import(...)`, as it does the app's modules.
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { seed } from "@/lib/server/setup";
import { createTestDatabase } from "./db";

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A fresh database (createTestDatabase) seeded; with `runJobs`, the seeding's jobs run too. */
export async function seededTestDatabase(opts: { runJobs?: boolean } = {}): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await seed(db, () => undefined);
  if (opts.runJobs) await db.runJobs();
  return db;
}

/** A new API token of team `slug` (the team is made if missing); an admin's with `isAdmin`. */
export async function teamToken(db: TestDatabase, slug: string, opts: { isAdmin?: boolean } = {}): Promise<string> {
  const team = await ensureTeam(db.prisma, slug);
  return (await createApiToken(db.prisma, { teamId: team.id, ...opts })).token;
}

/** A seeded database (seededTestDatabase) with an admin's token (team "admins") and a member's of team `memberTeam`. */
export async function seededWithTokens(memberTeam: string) {
  const db = await seededTestDatabase();
  return {
    db,
    admin: await teamToken(db, "admins", { isAdmin: true }),
    member: await teamToken(db, memberTeam),
  };
}
