// The statements of teams.ts: a row lock Prisma cannot take.
import type { Sql } from "@/lib/server/db";

/** Locks the team's row until the transaction ends (membership changes of one team, one at a time). */
export async function lockTeam(sql: Sql, teamId: string) {
  await sql(`SELECT 1 FROM teams WHERE id = $1::uuid FOR UPDATE`, [teamId]);
}
