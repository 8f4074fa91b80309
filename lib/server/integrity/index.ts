// The integrity audit of uploads (issue 34, 47): near-duplicates of other teams' submissions,
// overlapping traces, the truth in traces or reproduced by the predictions, probing of hidden
// releases. Run inside the upload (auditInTransaction); a public upload it finds to be a near-copy
// of a public submission, or to reproduce a public release's truth, is held for review off the
// ranking (./hold.ts). Seen by the submission's team (only what it could know anyway) and admins,
// and in the admins' queue on /admin; the public sees the holds under each board and the ledger.
export { auditInTransaction, auditSubmission, type AuditResult } from "./audit";
export {
  auditSubmissionUpkeep,
  fillAudits,
  fillAuditsUpkeep,
  queueAudit,
  queueFillAudits,
  queueReauditsOfHeldCopies,
} from "./jobs";
export { AUDIT_ROLE, HELD_FOR_REVIEW } from "./hold";
export { heldForReview, holdIfFlagged, type HeldEntry } from "./held";
export { auditQueue, type AuditQueueItem, type AuditedSubmission } from "./queue";
export { NEAR_DUPLICATE, PROBING, TRACE_OVERLAP, TRUTH_IN_TRACE, TRUTH_MATCH } from "./reasons";
export { readAuditView, submissionAuditView, UPLOADER, type AuditReasonView, type AuditView } from "./view";
