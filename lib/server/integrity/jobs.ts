// The integrity audit's jobs (issue 34). Both run on one queue, "integrity", one job at a time in
// the order they were queued: an upload's audit compares it with the fingerprints of the audits
// before it, so the start-up back-fill (queued before the server takes uploads) and every earlier
// upload's audit are done before a later upload's audit runs.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { defineTask, queueTask } from "@/lib/server/jobs";
import { log } from "@/lib/server/observability";
import { auditSubmission } from "./audit";
import { unauditedSubmissions } from "./audit.sql";

const QUEUE = "integrity";
const PAGE = 100;

/** Queues the audit of a scored upload, in the caller's transaction (the one that stores its score). */
export function queueAudit(sql: Sql, submissionId: string): Promise<void> {
  return queueTask(
    sql,
    "audit-submission",
    { submissionId },
    { queue: QUEUE, jobKey: `audit:${submissionId}`, maxAttempts: 3 },
  );
}

export const auditSubmissionTask = defineTask("audit-submission", async (db, { submissionId }) => {
  await auditSubmission(db, submissionId);
});

/**
 * Audits every scored submission without an audit (scores from before audits existed), oldest
 * first, in one run: each audit then compares with every earlier one. A submission whose audit
 * fails is logged and skipped (its next upload-time or admin re-run audits it). Returns how many
 * it audited.
 */
export async function fillAudits(db: PrismaClient): Promise<number> {
  let after: { createdAt: Date; id: string } | null = null;
  let done = 0;
  for (;;) {
    const page = await unauditedSubmissions(sqlOf(db), after, PAGE);
    for (const s of page) {
      try {
        if (await auditSubmission(db, s.id)) done++;
      } catch (e) {
        log.error({ err: e, submissionId: s.id }, "integrity audit failed (back-fill)");
      }
    }
    if (page.length < PAGE) return done;
    const last = page[page.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}

export const fillAuditsTask = defineTask("fill-audits", async (db) => {
  const done = await fillAudits(db);
  if (done) log.info({ audited: done }, "integrity audits back-filled");
});

/** Queues the back-fill when some scored submission has no audit (start-up). */
export async function queueFillAudits(db: PrismaClient): Promise<boolean> {
  const [first] = await unauditedSubmissions(sqlOf(db), null, 1);
  if (!first) return false;
  await queueTask(sqlOf(db), "fill-audits", {}, { queue: QUEUE, jobKey: "fill-audits" });
  return true;
}
