// The statements of names.ts: skeleton look-ups under an advisory lock, and the back-fill of
// skeletons left NULL. They run on whatever transaction the caller holds (`Sql`).
import type { Sql } from "@/lib/server/db";

/** The team (other than `exceptTeamId`) whose name has this skeleton, if any. */
export async function teamWithSkeleton(sql: Sql, key: string, exceptTeamId: string | null) {
  const [t] = await sql<{ name: string; slug: string }>(
    `SELECT name, slug FROM teams WHERE name_skeleton = $1 AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
    [key, exceptTeamId],
  );
  return t ?? null;
}

/** Serialises claims of one model name (skeleton) on one task until the transaction ends. */
export async function lockModelName(sql: Sql, taskId: string, key: string) {
  await sql(`SELECT 1 FROM pg_advisory_xact_lock(hashtext('model-name'), hashtext($1 || '/' || $2))`, [taskId, key]);
}

/**
 * The first submission on the task whose model name has this skeleton and that anyone may see —
 * a public one not hidden nor withdrawn, or a baseline — : it names the owner. Private and hidden
 * ones reserve nothing against other teams, so a refusal never confirms that one exists.
 */
export async function firstModelWithSkeleton(sql: Sql, taskId: string, key: string, exceptSubmissionId: string | null) {
  const [first] = await sql<{
    model: string;
    visibility: string;
    baseline: string | null;
    team_id: string | null;
    team_name: string | null;
  }>(
    `SELECT s.model, s.visibility::text AS visibility, s.baseline, s.team_id::text AS team_id, t.name AS team_name
       FROM submissions s LEFT JOIN teams t ON t.id = s.team_id
      WHERE s.task_id = $1::uuid AND s.model_skeleton = $2 AND s.status <> 'failed' AND ($3::uuid IS NULL OR s.id <> $3::uuid)
        AND (s.baseline IS NOT NULL OR (s.visibility = 'public' AND s.hidden_at IS NULL))
      ORDER BY s.created_at, s.id LIMIT 1`,
    [taskId, key, exceptSubmissionId],
  );
  return first ?? null;
}

export function teamsWithoutSkeleton(sql: Sql) {
  return sql<{ id: string; name: string; slug: string }>(
    `SELECT id::text, name, slug FROM teams WHERE name_skeleton IS NULL ORDER BY created_at, id`,
    [],
  );
}

export function setTeamSkeleton(sql: Sql, id: string, name: string, key: string) {
  return sql(
    `UPDATE teams SET name = $2, name_skeleton = $3 WHERE id = $1::uuid AND name_skeleton IS NULL RETURNING id`,
    [id, name, key],
  );
}

export function modelsWithoutSkeleton(sql: Sql, limit: number) {
  return sql<{ model: string }>(`SELECT DISTINCT model FROM submissions WHERE model_skeleton IS NULL LIMIT $1`, [
    limit,
  ]);
}

/** Sets the skeleton of every submission of that model name still without one; returns how many. */
export async function setModelSkeleton(sql: Sql, model: string, key: string) {
  return (
    await sql(`UPDATE submissions SET model_skeleton = $2 WHERE model = $1 AND model_skeleton IS NULL RETURNING 1`, [
      model,
      key,
    ])
  ).length;
}
