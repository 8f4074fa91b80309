-- The admins' trail of who did what is the "activity log" (issue 51, item 4): "audit" now names only
-- the integrity audit of uploads (submission_audits, the submission API's `audit`, a public contract).
-- A rename, so old code must keep working while it runs beside the new (docs/operations.md, "expand,
-- then contract"): the old name stays for one release as a view over the table. A simple view is
-- automatically updatable, so the old release's inserts (the base table's defaults fill the id and
-- the time) and reads both go through; the next release drops it.
ALTER TABLE "audit_events" RENAME TO "activity_events";
ALTER TABLE "activity_events" RENAME CONSTRAINT "audit_events_pkey" TO "activity_events_pkey";
ALTER SEQUENCE "audit_events_id_seq" RENAME TO "activity_events_id_seq";
ALTER INDEX "audit_events_at_idx" RENAME TO "activity_events_at_idx";
ALTER INDEX "audit_events_task_id_public_at_idx" RENAME TO "activity_events_task_id_public_at_idx";
ALTER INDEX "audit_events_action_idx" RENAME TO "activity_events_action_idx";
CREATE VIEW "audit_events" AS SELECT * FROM "activity_events";
COMMENT ON VIEW "audit_events" IS 'the activity log under its old name, for the release before 20261214000000_activity_log; dropped by the next release';
