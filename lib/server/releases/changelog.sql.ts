// The statement of changelog.ts: a task's public activity events with their submissions' names.
import type { Sql } from "@/lib/server/db";

/**
 * A task's public events, newest first (older than event `before`, if given), with whether each
 * submission is still visible. The newest `limit` events are picked on the (task, public, at)
 * index before anything is joined, so a page costs the same at 1,000 or 100,000 events. `Action`:
 * the actions the caller marks public (changelog.ts's kinds); `actions`: only these (null: all).
 */
export function publicEvents<Action extends string = string>(
  sql: Sql,
  taskId: string,
  limit: number,
  before?: string,
  actions: readonly string[] | null = null,
) {
  return sql<{
    id: string;
    at: Date;
    action: Action;
    target_type: string;
    target_id: string;
    after: Record<string, unknown> | null;
    before: Record<string, unknown> | null;
    model: string | null;
    team: string | null;
    visible: boolean | null;
  }>(
    `WITH e AS (
       SELECT e.* FROM activity_events e
        WHERE e.task_id = $1::uuid AND e.public AND ($4::text[] IS NULL OR e.action = ANY($4::text[]))
          AND ($3::bigint IS NULL OR (e.at, e.id) < (SELECT c.at, c.id FROM activity_events c WHERE c.id = $3::bigint AND c.task_id = $1::uuid AND c.public))
        ORDER BY e.at DESC, e.id DESC
        LIMIT $2)
     SELECT e.id::text, e.at, e.action, e.target_type, e.target_id, e.after, e.before, s.model, t.name AS team,
            (s.id IS NOT NULL AND s.visibility = 'public' AND s.hidden_at IS NULL) AS visible
       FROM e
       LEFT JOIN submissions s
         ON s.id = CASE WHEN e.target_type = 'submission' AND e.target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN e.target_id::uuid END
       LEFT JOIN teams t ON t.id = s.team_id
      ORDER BY e.at DESC, e.id DESC`,
    [taskId, limit, before ?? null, actions ? [...actions] : null],
  );
}

/** Is `id` one of this task's public events (a cursor that names something)? */
export async function isPublicEvent(sql: Sql, taskId: string, id: string): Promise<boolean> {
  const rows = await sql<{ one: number }>(
    `SELECT 1 AS one FROM activity_events WHERE id = $1::bigint AND task_id = $2::uuid AND public`,
    [id, taskId],
  );
  return rows.length > 0;
}
