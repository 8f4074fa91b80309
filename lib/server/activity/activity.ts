import { sqlOf, type Sql, type SqlSource } from "@/lib/server/db";
import { insertActivityEvent, selectActivityEvents, type ActivityQuery } from "./activity.sql";

export type { ActivityQuery } from "./activity.sql";

/** What the activity log records. Public actions also appear on the task's changelog. */
export type ActivityAction =
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
 * Who acted, as the log names them: the part of an actor (lib/server/auth's `Actor`, which fits
 * it) that the log reads. Defined here, not imported: the log sits below auth, which writes to it.
 */
export interface ActivityActor {
  via: "session" | "token";
  userId: string | null;
  email: string | null;
  /** an API token's public prefix */
  tokenPrefix?: string;
}

export interface ActivityEntry {
  actor: ActivityActor | { label: string; userId?: string | null } | null;
  action: ActivityAction;
  target: { type: string; id: string };
  taskId?: string | null;
  teamId?: string | null;
  /** shown on the task's public changelog (releases, re-scores, verifications, new public entries) */
  public?: boolean;
  before?: unknown;
  after?: unknown;
}

/** How the activity log names an actor: its e-mail, else the API token (by its public prefix). */
export function actorLabel(a: ActivityActor): string {
  return a.email ?? (a.via === "token" ? `API token ${a.tokenPrefix ?? ""}…`.replace(" …", "…") : "unknown");
}

function actorOf(a: ActivityEntry["actor"]): { id: string | null; label: string } {
  if (!a) return { id: null, label: "system" };
  if ("label" in a) return { id: a.userId ?? null, label: a.label };
  return { id: a.userId, label: actorLabel(a) };
}

/** Records one event, in the caller's transaction when given one. */
export async function logActivity(rows: Sql, e: ActivityEntry): Promise<void> {
  const who = actorOf(e.actor);
  await insertActivityEvent(rows, {
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

/** The activity log, newest first, filtered (admins). */
export async function listActivity(db: SqlSource, q: ActivityQuery) {
  const rows = await selectActivityEvents(sqlOf(db), q);
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
