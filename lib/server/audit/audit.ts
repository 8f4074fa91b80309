import { sqlOf, type Sql, type SqlSource } from "@/lib/server/db";
import { insertAuditEvent, selectAuditEvents, type AuditQuery } from "./audit.sql";

export type { AuditQuery } from "./audit.sql";

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
  | "submission.meta"
  | "submission.withdraw"
  | "submission.unhide"
  | "submission.hold"
  | "submission.clear"
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
  | "team.unapprove"
  | "snapshot.takedown";

/**
 * Who acted, as the trail names them: the part of an actor (lib/server/auth's `Actor`, which fits
 * it) that the trail reads. Defined here, not imported: audit sits below auth, which audits.
 */
export interface AuditActor {
  via: "session" | "token";
  userId: string | null;
  email: string | null;
  /** an API token's public prefix */
  tokenPrefix?: string;
}

export interface AuditEntry {
  actor: AuditActor | { label: string; userId?: string | null } | null;
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
export function actorLabel(a: AuditActor): string {
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
  await insertAuditEvent(rows, {
    actorId: who.id,
    actor: who.label,
    action: e.action,
    targetType: e.target.type,
    targetId: e.target.id,
    taskId: e.taskId ?? null,
    teamId: e.teamId ?? null,
    public: e.public ?? false,
    before: e.before,
    after: e.after,
  });
}

/** The audit trail, newest first, filtered (admins). */
export async function listAudit(db: SqlSource, q: AuditQuery) {
  const rows = await selectAuditEvents(sqlOf(db), q);
  return {
    events: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      target: { type: r.target_type, id: r.target_id, name: r.target_name },
      task: r.task,
      team: r.team,
      public: r.public,
      before: r.before,
      after: r.after,
    })),
    next: rows.length === q.limit ? rows[rows.length - 1].id : null,
  };
}
