import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { uploadCounts } from "./quotas.sql";
import { advisoryXactLock, type Sql } from "@/lib/server/db";

// Upload quotas: per team, task and release, N scored uploads per UTC day and M in all, set by
// admins per task (tasks.quota_per_day / quota_total; NULL = the defaults: 10 a day on a hidden
// release, 200 on a public one, no total). What counts: every stored upload of the team for that
// release that did not fail (queued, scoring or scored); dry runs and invalid files do not.
// Admins are exempt. Checked before the file is read, and again — under a lock per team and
// release — in the transaction that stores it, so concurrent uploads cannot overshoot.

export interface QuotaTask {
  id: string;
  quotaPerDay: number | null;
  quotaTotal: number | null;
}

export interface QuotaState {
  perDay: number;
  total: number | null;
  usedToday: number;
  usedTotal: number;
  remaining: number;
  /** next UTC midnight, epoch seconds */
  reset: number;
}

export function dailyLimit(task: { quotaPerDay: number | null }, release: { hidden: boolean }): number {
  const env = getEnv();
  return task.quotaPerDay ?? (release.hidden ? env.QUOTA_HIDDEN_PER_DAY : env.QUOTA_PUBLIC_PER_DAY);
}

function nextUtcMidnight(now = new Date()): number {
  return Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000);
}

/** A team's quota on a task's release now. */
export async function quotaState(
  rows: Sql,
  task: QuotaTask,
  release: { id: string; hidden: boolean },
  teamId: string,
): Promise<QuotaState> {
  const r = await uploadCounts(rows, teamId, release.id);
  const perDay = dailyLimit(task, release);
  const total = task.quotaTotal;
  const remaining = Math.max(0, Math.min(perDay - r.today, total === null ? Infinity : total - r.total));
  return { perDay, total, usedToday: r.today, usedTotal: r.total, remaining, reset: nextUtcMidnight() };
}

export function quotaHeaders(q: QuotaState): Record<string, string> {
  return {
    "x-quota-limit": String(q.perDay),
    "x-quota-remaining": String(q.remaining),
    "x-quota-reset": String(q.reset),
  };
}

function exceeded(q: QuotaState): AppError {
  const byTotal = q.total !== null && q.usedTotal >= q.total;
  const retry = Math.max(1, q.reset - Math.floor(Date.now() / 1000));
  return new AppError(
    "quota_exceeded",
    byTotal
      ? `upload quota used up: ${q.total} scored uploads per team on this release in all`
      : `upload quota used up: ${q.perDay} scored uploads per team, task and day on this release; the next one is possible at ${new Date(q.reset * 1000).toISOString()}`,
    { perDay: q.perDay, total: q.total, usedToday: q.usedToday, usedTotal: q.usedTotal, reset: q.reset },
    // a total quota does not come back: no Retry-After then
    { ...quotaHeaders(q), ...(byTotal ? {} : { "retry-after": String(retry) }) },
  );
}

/** Refuses an upload when the quota is used up (before the file is read). @throws AppError quota_exceeded */
export async function checkQuota(
  rows: Sql,
  task: QuotaTask,
  release: { id: string; hidden: boolean },
  teamId: string,
): Promise<QuotaState> {
  const q = await quotaState(rows, task, release, teamId);
  if (q.remaining <= 0) throw exceeded(q);
  return q;
}

/**
 * Inside the transaction that stores an upload (whose row is already written): takes the team's
 * quota lock for the release and refuses when this upload goes past the quota.
 * @throws AppError quota_exceeded — the caller's transaction rolls back
 */
export async function holdQuota(
  rows: Sql,
  task: QuotaTask,
  release: { id: string; hidden: boolean },
  teamId: string,
): Promise<void> {
  await advisoryXactLock(rows, `quota:${release.id}:${teamId}`);
  const q = await quotaState(rows, task, release, teamId);
  // this upload's own row is counted: over the limit means it is one too many
  if (q.usedToday > q.perDay || (q.total !== null && q.usedTotal > q.total))
    throw exceeded({ ...q, usedToday: q.usedToday - 1, usedTotal: q.usedTotal - 1, remaining: 0 });
}
