// The statement of replica.ts: what a replica's snapshot has seen of a release's board.
import type { Sql } from "./sql";

/** A release's board_version as text (null: the release is not there yet). */
export async function boardVersionOf(sql: Sql, releaseId: string): Promise<string | null> {
  const [r] = await sql<{ v: string }>(`SELECT board_version::text AS v FROM releases WHERE id = $1::uuid`, [
    releaseId,
  ]);
  return r?.v ?? null;
}
