import type { Actor } from "@/lib/server/auth";
import type { Sql } from "@/lib/server/db";

/** What the audit trail records. Public actions also appear on the task's changelog. */
export type AuditAction =
  | "release.import"
  | "release.publish"
  | "release.archive"
  | "release.rescore"
  | "submission.public"
  | "submission.visibility"
  | "submission.verify"
  | "submission.unverify"
  | "submission.hide"
  | "submission.unhide"
  | "submission.delete"
  | "token.create"
  | "token.revoke"
  | "invitation.create"
  | "invitation.accept"
  | "member.role"
  | "member.remove"
  | "task.quota"
  | "team.rename"
  | "user.unlock"
  | "team.approve"
  | "team.unapprove";

export interface AuditEntry {
  actor: Actor | { label: string; userId?: string | null } | null;
  action: AuditAction;
  target: { type: string; id: string };
  taskId?: string | null;
  teamId?: string | null;
  /** shown on the task's public changelog (releases, re-scores, verifications, new public entries) */
  public?: boolean;
  before?: unknown;
  after?: unknown;
}

/** How the audit trail names an actor: its e-mail, else the API token (by its public prefix). */
export function actorLabel(a: Actor): string {
  return a.email ?? (a.via === "token" ? `API token ${a.tokenPrefix ?? ""}…`.replace(" …", "…") : "unknown");
}

function actorOf(a: AuditEntry["actor"]): { id: string | null; label: string } {
  if (!a) return { id: null, label: "system" };
  if ("label" in a) return { id: a.userId ?? null, label: a.label };
  return { id: a.userId, label: actorLabel(a) };
}

/** Records one event, in the caller's transaction when given one. */
export async function audit(rows: Sql, e: AuditEntry): Promise<void> {
  const who = actorOf(e.actor);
  await rows(
    `INSERT INTO audit_events (actor_id, actor, action, target_type, target_id, task_id, team_id, public, before, after)
     VALUES ($1::uuid, $2, $3, $4, $5, $6::uuid, $7::uuid, $8, $9::jsonb, $10::jsonb) RETURNING id::text`,
    [
      who.id,
      who.label,
      e.action,
      e.target.type,
      e.target.id,
      e.taskId ?? null,
      e.teamId ?? null,
      e.public ?? false,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    ],
  );
}

export interface AuditQuery {
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

/** The audit trail, newest first, filtered (admins). */
export async function listAudit(
  db: { $queryRawUnsafe: <T>(sql: string, ...p: unknown[]) => Promise<T> },
  q: AuditQuery,
) {
  const where: string[] = [];
  const params: unknown[] = [];
  // each "?" of a condition takes the value as its own parameter
  const add = (sql: string, v: unknown) => where.push(sql.replace(/\?/g, () => `$${params.push(v)}`));
  if (q.action) add("e.action LIKE ? || '%'", q.action);
  if (q.actor) add("e.actor ILIKE '%' || ? || '%'", q.actor);
  if (q.target) add("(e.target_id = ? OR e.target_type = ?)", q.target);
  if (q.task) add("t.full_slug = ?", q.task);
  if (q.from) add("e.at >= ?::date", q.from);
  if (q.to) add("e.at < (?::date + 1)", q.to);
  if (q.before) add("e.id < ?::bigint", q.before);
  params.push(q.limit);
  const sql = `SELECT e.id::text, e.at, e.actor, e.action, e.target_type, e.target_id, t.full_slug AS task, tm.slug AS team, e.public, e.before, e.after
       FROM audit_events e LEFT JOIN tasks t ON t.id = e.task_id LEFT JOIN teams tm ON tm.id = e.team_id
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY e.id DESC LIMIT $${params.length}`;
  const rows = await db.$queryRawUnsafe<
    {
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
    }[]
  >(sql, ...params);
  return {
    events: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      target: { type: r.target_type, id: r.target_id },
      task: r.task,
      team: r.team,
      public: r.public,
      before: r.before,
      after: r.after,
    })),
    next: rows.length === q.limit ? rows[rows.length - 1].id : null,
  };
}
