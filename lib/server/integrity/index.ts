// The integrity audit of uploads (issue 34): near-duplicates of other teams' earlier submissions,
// overlapping traces, traces that hold the truth, probing of hidden releases. Run by a job after
// scoring; seen by the submission's team and admins, and in the admins' queue on /admin.
export { auditSubmission, type AuditResult } from "./audit";
export { auditSubmissionTask, fillAudits, fillAuditsTask, queueAudit, queueFillAudits } from "./jobs";
export { auditQueue, type AuditQueueItem, type AuditedSubmission } from "./queue";
export { NEAR_DUPLICATE, PROBING, TRACE_OVERLAP, TRUTH_IN_TRACE } from "./reasons";
export { submissionAuditView, type AuditReasonView, type AuditView } from "./view";
