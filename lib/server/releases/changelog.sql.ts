// The statement of changelog.ts: a task's public audit events with their submissions' names.
import type { Sql } from "@/lib/server/db";
import type { ChangelogEvent } from "./changelog";

/** A task's public events, newest first, with whether each submission is still visible. */
export function publicEvents(sql: Sql, taskId: string, limit: number) {
  return sql<{
    id: string;
    at: Date;
    action: ChangelogEvent["kind"];
    target_type: string;
    target_id: string;
    after: Record<string, unknown> | null;
    before: Record<string, unknown> | null;
    model: string | null;
    team: string | null;
    visible: boolean | null;
  }>(
    `SELECT e.id::text, e.at, e.action, e.target_type, e.target_id, e.after, e.before, s.model, t.name AS team,
            (s.id IS NOT NULL AND s.visibility = 'public' AND s.hidden_at IS NULL) AS visible
       FROM audit_events e
       LEFT JOIN submissions s ON e.target_type = 'submission' AND s.id::text = e.target_id
       LEFT JOIN teams t ON t.id = s.team_id
      WHERE e.task_id = $1::uuid AND e.public
      ORDER BY e.at DESC, e.id DESC
      LIMIT $2`,
    [taskId, limit],
  );
}
