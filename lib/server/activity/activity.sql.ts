// The statements of activity.ts: one event's insert (in the caller's transaction) and the log's
// filtered, paged read.
import type { Sql } from "@/lib/server/db";

/** A read of the log: its filters and page (activity.ts's `listActivity`). */
export interface ActivityQuery {
  action?: string;
  actor?: string;
  target?: string;
  task?: string;
  from?: string;
  to?: string;
  limit: number;
  /** events older than this id (paging back) */
  before?: string;
}

export function insertActivityEvent(
  sql: Sql,
  e: {
    actorId: string | null;
    actor: string;
    action: string;
    targetType: string;
    targetId: string;
    taskId: string | null;
    teamId: string | null;
    public: boolean;
    before: unknown;
    after: unknown;
  },
) {
  return sql(
    `INSERT INTO activity_events (actor_id, actor, action, target_type, target_id, task_id, team_id, public, before, after)
     VALUES ($1::uuid, $2, $3, $4, $5, $6::uuid, $7::uuid, $8, $9::jsonb, $10::jsonb) RETURNING id::text`,
    [
      e.actorId,
      e.actor,
      e.action,
      e.targetType,
      e.targetId,
      e.taskId,
      e.teamId,
      e.public,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    ],
  );
}

/** The log, newest first, filtered (each value its own parameter). */
export function selectActivityEvents(sql: Sql, q: ActivityQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  // each "?" of a condition takes the value as its own parameter
  const add = (cond: string, v: unknown) => where.push(cond.replace(/\?/g, () => `$${params.push(v)}`));
  if (q.action) add("e.action LIKE ? || '%'", q.action);
  if (q.actor) add("e.actor ILIKE '%' || ? || '%'", q.actor);
  if (q.target) add("(e.target_id = ? OR e.target_type = ?)", q.target);
  if (q.task) add("t.full_slug = ?", q.task);
  if (q.from) add("e.at >= ?::date", q.from);
  if (q.to) add("e.at < (?::date + 1)", q.to);
  if (q.before) add("e.id < ?::bigint", q.before);
  params.push(q.limit);
  // a submission target is named by its model and team (issue 49: names, not ids)
  const text = `SELECT e.id::text, e.at, e.actor, e.action, e.target_type, e.target_id, t.full_slug AS task, tm.slug AS team, e.public, e.before, e.after,
            CASE WHEN s.id IS NULL THEN NULL ELSE s.model || ' by ' || coalesce(st.name, 'no team') END AS target_name
       FROM activity_events e LEFT JOIN tasks t ON t.id = e.task_id LEFT JOIN teams tm ON tm.id = e.team_id
       LEFT JOIN submissions s ON e.target_type = 'submission' AND s.id::text = e.target_id
       LEFT JOIN teams st ON st.id = s.team_id
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY e.id DESC LIMIT $${params.length}`;
  return sql<{
    id: string;
    at: Date;
    actor: string;
    action: string;
    target_type: string;
    target_id: string;
    task: string | null;
    team: string | null;
    public: boolean;
    before: unknown;
    after: unknown;
    target_name: string | null;
  }>(text, params);
}
