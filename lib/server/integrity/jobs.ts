// The integrity audit's jobs (issue 34, 47). An upload is audited inside its own transaction
// (./audit.ts); these run what cannot be: the audit of a CR-Bench upload the server's judge scores
// later (queued with its score), re-audits of uploads held against a submission that is deleted,
// and the start-up back-fill of scores from before audits existed. They run on one queue,
// "integrity", one at a time in the order they were queued, each in a transaction of its own
// under its release's audit lock, like an upload's.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf, type Sql } from "@/lib/server/db";
import { defineUpkeep, queueUpkeep } from "@/lib/server/jobs";
import { log } from "@/lib/server/observability";
import { auditSubmission } from "./audit";
import { heldNaming, unauditedSubmissions } from "./audit.sql";

const QUEUE = "integrity";
const PAGE = 100;

/** Queues the audit of a scored submission (a judged upload, a re-audit), in the caller's transaction. */
export function queueAudit(sql: Sql, submissionId: string): Promise<void> {
  return queueUpkeep(
    sql,
    "audit-submission",
    { submissionId },
    { queue: QUEUE, jobKey: `audit:${submissionId}`, maxAttempts: 3 },
  );
}

export const auditSubmissionUpkeep = defineUpkeep("audit-submission", async (db, { submissionId }) => {
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
        if (await auditSubmission(db, s.id, { earlierOnly: true })) done++;
      } catch (e) {
        log.error({ err: e, submissionId: s.id }, "integrity audit failed (back-fill)");
      }
    }
    if (page.length < PAGE) return done;
    const last = page[page.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}

export const fillAuditsUpkeep = defineUpkeep("fill-audits", async (db) => {
  const done = await fillAudits(db);
  if (done) log.info({ audited: done }, "integrity audits back-filled");
});

/** Queues the back-fill when some scored submission has no audit (start-up). */
export async function queueFillAudits(db: PrismaClient): Promise<boolean> {
  const [first] = await unauditedSubmissions(sqlOf(db), null, 1);
  if (!first) return false;
  await queueUpkeep(sqlOf(db), "fill-audits", {}, { queue: QUEUE, jobKey: "fill-audits" });
  return true;
}

/**
 * Before a submission is deleted (in the deleting transaction): queues a re-audit of every upload
 * held as a near-copy of it, which ends each hold whose cause goes with it (./hold.ts).
 */
export async function queueReauditsOfHeldCopies(sql: Sql, submissionId: string): Promise<number> {
  const held = await heldNaming(sql, submissionId);
  for (const h of held) await queueAudit(sql, h.id);
  return held.length;
}
