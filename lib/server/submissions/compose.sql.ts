// compose.ts' one read: the bounce of each of a submission's predictions on given instances
// (the decision only: traces and reasoning stay in the database).
import type { Sql } from "@/lib/server/db";

export async function bouncesOf(sql: Sql, submissionId: string, externalIds: string[]) {
  const rows = await sql<{ external_id: string; bounce: boolean | null }>(
    `SELECT external_id, (data->>'bounce')::boolean AS bounce FROM predictions
      WHERE submission_id = $1::uuid AND external_id = ANY($2::text[])`,
    [submissionId, externalIds],
  );
  return new Map(rows.flatMap((r) => (r.bounce === null ? [] : [[r.external_id, r.bounce] as const])));
}
