// compose.ts' one read: a side's decision on given instances — the one field of each stored
// prediction its pipeline kind names (ComposeSpec.decisionField); traces and reasoning stay in the database.
import type { Sql } from "@/lib/server/db";

export async function decisionsOf(sql: Sql, submissionId: string, externalIds: string[], field: string) {
  const rows = await sql<{ external_id: string; decision: boolean | null }>(
    `SELECT external_id, (data->>$3)::boolean AS decision FROM predictions
      WHERE submission_id = $1::uuid AND external_id = ANY($2::text[])`,
    [submissionId, externalIds, field],
  );
  return new Map(rows.flatMap((r) => (r.decision === null ? [] : [[r.external_id, r.decision] as const])));
}
